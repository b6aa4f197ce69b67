import type { LoaderFunctionArgs } from "react-router";
import { COUNTRY_CODES } from "../../../lib/countries";
import { countryName } from "../../../lib/country-name";
import { safeReturnPath } from "../../../lib/newsletter";
import { countryFrom } from "../../visitor-country";

/** The choices, by name. In the loader's data: the names come from the runtime's ICU data,
 * which the server's and a browser's may write differently. */
function countryChoices(): { code: string; name: string }[] {
  return COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/**
 * /country[?back=/path]: the country control (issue 36, in the site's frame since issue 51).
 * It names the visitor's country, so the page is kept once per country.
 */
export function countryLoader({ request, context }: LoaderFunctionArgs) {
  const scope = countryFrom(context);
  scope.varies();
  const country = scope.country;
  return {
    country,
    countryName: country ? countryName(country) : null,
    back: safeReturnPath(new URL(request.url).searchParams.get("back")),
    choices: countryChoices(),
  };
}

export type CountryLoaderData = ReturnType<typeof countryLoader>;
