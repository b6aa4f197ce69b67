import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { CHOSEN_ATTRIBUTE, COUNTRY_META, COUNTRY_NOTE_ATTRIBUTE, countryNoteHtml } from "../../lib/country-page";
import { countryName } from "../../lib/country-name";

const never = () => () => undefined;

/** The country the visitor chose, as the Worker named it in the document; null when none was chosen. */
function chosenCountry(): string | null {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${COUNTRY_META}"][${CHOSEN_ATTRIBUTE}]`);
  return meta?.content || null;
}

/**
 * On every page listing offers: once the visitor chose a country, "Offers for Germany, the
 * country you chose. Change country" (issue 51). The page is the same for every visitor, so
 * the server renders it empty: the Worker fills it in for the visitor who chose
 * (src/edge/pages/visitor-page.ts), and the browser renders the same words, also after a
 * navigation. Its content is HTML from countryNoteHtml alone (the country's name escaped).
 */
export function CountryNote() {
  const { pathname, search } = useLocation();
  const chosen = useSyncExternalStore(never, chosenCountry, () => null);
  const note = chosen ? countryNoteHtml(countryName(chosen), pathname + search) : "";
  const attributes = { [COUNTRY_NOTE_ATTRIBUTE]: "" };
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: countryNoteHtml's own markup (an escaped country name and a link); the Worker puts the same there before hydration
    <p className="country-note small mb-3" {...attributes} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: note }} />
  );
}
