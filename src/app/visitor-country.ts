import type { CountryScope } from "../data/offer-countries";
import { COUNTRY_META } from "../lib/country-page";
import { loadEnvFrom } from "./load-context";

/**
 * The visitor's country as a loader gets it: the server's, or in the browser the one the
 * Worker named in the document after the page cache (src/edge/pages/visitor-country.ts). Read here,
 * in the loaders' code, rather than by the browser entry: it costs the initial bundle nothing.
 * The page cache is the server's: in the browser there is nothing to report.
 */
export function countryFrom(context: unknown): CountryScope {
  return (
    loadEnvFrom(context).country ?? {
      country: document.querySelector<HTMLMetaElement>(`meta[name="${COUNTRY_META}"]`)?.content || null,
      varies: () => undefined,
    }
  );
}
