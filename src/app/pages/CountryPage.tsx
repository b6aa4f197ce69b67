import { useId } from "react";
import { useLoaderData } from "react-router";
import { COUNTRY_PATH } from "../../lib/country-page";
import { AppLink } from "../components/AppLink";
import { PageMeta } from "../components/PageMeta";
import type { CountryLoaderData } from "./country/country-loader";

/**
 * The country control (issue 36): "Offers for: Germany", and a plain form (no JavaScript) to
 * choose another country, for travellers and VPN users. The Worker keeps the choice
 * (POST /country, src/edge/pages/visitor-country.ts) and goes back to the page it came from.
 */
export function CountryPage() {
  const { country, countryName, back, choices } = useLoaderData() as CountryLoaderData;
  const selectId = useId();
  return (
    <main className="container py-5 country-page">
      <PageMeta title="Offers for your country" noindex />
      <h1 className="h3">Offers for your country</h1>
      <p className="lead">
        Offers for: <strong>{countryName ?? "every country"}</strong>
      </p>
      <p>
        {country
          ? "Offers valid only in other countries are not offered to you; a store's page lists them last, for reference."
          : "We could not tell which country you are in, so every offer is shown."}{" "}
        Travelling, or using a VPN? Choose the country whose offers you want.
      </p>
      <form method="post" action={COUNTRY_PATH} className="row g-2 align-items-end">
        <input type="hidden" name="back" value={back} />
        <div className="col-12 col-sm-auto">
          <label htmlFor={selectId} className="form-label">
            Country
          </label>
          <select id={selectId} name="country" className="form-select form-select-lg" defaultValue={country ?? ""}>
            <option value="">Where I am</option>
            {choices.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-sm-auto">
          <button type="submit" className="btn btn-primary btn-lg">
            Show offers
          </button>
        </div>
      </form>
      <p className="mt-4 mb-0">
        <AppLink to={back}>Back</AppLink>
      </p>
    </main>
  );
}
