/** The country control's page (src/app/pages/CountryPage.tsx): it shows the visitor's
 * country and posts the choice to the same path (src/edge/pages/visitor-country.ts). */
export const COUNTRY_PATH = "/country";

/** The country page's address, to come back to `back` (a path of this site) once chosen. */
export function countryPageHref(back: string): string {
  return `${COUNTRY_PATH}?back=${encodeURIComponent(back)}`;
}

/** The name of the `<meta>` in which the Worker tells the browser the visitor's country
 * (src/edge/pages/visitor-page.ts, src/app/visitor-country.ts); it carries CHOSEN_ATTRIBUTE
 * when the visitor chose that country. */
export const COUNTRY_META = "dp-country";
export const CHOSEN_ATTRIBUTE = "data-chosen";

/** Marks the element, on every page listing offers, that says which country they are for
 * once the visitor chose one (issue 51). The page is the same for every visitor; the Worker
 * fills it in (src/edge/pages/visitor-page.ts), and the browser after a navigation. */
export const COUNTRY_NOTE_ATTRIBUTE = "data-country-note";

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** What that element holds: "Offers for Germany, the country you chose. Change country". */
export function countryNoteHtml(countryName: string, back: string): string {
  return `Offers for <strong>${escapeHtml(countryName)}</strong>, the country you chose. <a href="${escapeHtml(countryPageHref(back))}">Change country</a>`;
}
