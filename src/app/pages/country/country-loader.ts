import type { LoaderFunctionArgs } from "react-router";
import { COUNTRY_CODES } from "../../../lib/countries";
import { countryName } from "../../../lib/country-name";
import { safeReturnPath } from "../../../lib/newsletter";
import { countryFrom } from "../../load-context";

/**
 * The country control's page, /country[?back=/path]: the visitor's country, and a form to
 * choose another. It names the country, so it depends on it: the page cache keeps it per
 * country (docs/decisions/042).
 */
export async function countryLoader({ request, context }: LoaderFunctionArgs) {
  const scope = countryFrom(context);
  scope.varies();
  const back = safeReturnPath(new URL(request.url).searchParams.get("back"));
  const countries = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { country: scope.country, countryName: scope.country ? countryName(scope.country) : null, countries, back };
}

export type CountryLoaderData = Awaited<ReturnType<typeof countryLoader>>;
