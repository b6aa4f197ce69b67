/** The name of the `<meta>` in which the Worker tells the browser the visitor's country
 * (src/edge/visitor-country.ts, client/entry.tsx). */
export const COUNTRY_META = "dp-country";
