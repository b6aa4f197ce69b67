import { lazySection } from "../lazy-section";

/** The "Read more" block that ends a page, hydrated when the visitor comes near it (issue 37). */
export const ReadMoreSection = lazySection("read-more", () => import("./ReadMoreBlock"), "ReadMoreBlock");
