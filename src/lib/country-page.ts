/** The country control's page: it shows the visitor's country and posts the choice to the
 * same path (src/edge/visitor-country.ts). Apart from the cookie's constants, which only the
 * Worker and the cookie policy need: the footer links here from every page's bundle. */
export const COUNTRY_PATH = "/country";

/** The name of the `<meta>` in which the Worker tells the browser the visitor's country
 * (src/edge/visitor-country.ts, client/entry.tsx). */
export const COUNTRY_META = "dp-country";
