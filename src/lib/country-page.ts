/** The country control's page, a page of the Worker's (src/edge/pages/visitor-country.ts): it
 * shows the visitor's country and posts the choice to the same path. */
export const COUNTRY_PATH = "/country";

/** The country page's address, to come back to `back` (a path of this site) once chosen.
 * A plain link: the page is not one of the app's routes. */
export function countryPageHref(back: string): string {
  return `${COUNTRY_PATH}?back=${encodeURIComponent(back)}`;
}

/** The name of the `<meta>` in which the Worker tells the browser the visitor's country
 * (src/edge/pages/visitor-country.ts, src/app/visitor-country.ts). */
export const COUNTRY_META = "dp-country";
