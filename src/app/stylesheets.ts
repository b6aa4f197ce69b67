import styles from "../../public/build/styles.json";

/** Swiper's stylesheet (content-hashed by scripts/build-client.mjs, which builds the
 * stylesheets before the code that links them). */
export const CAROUSEL_STYLESHEET: string = styles.carousel;
