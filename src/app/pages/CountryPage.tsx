import { useLoaderData } from "react-router";
import { COUNTRY_PATH } from "../../lib/country-page";
import { PageMeta } from "../components/PageMeta";
import type { CountryLoaderData } from "./country/country-loader";

/**
 * "Offers for: Germany" (issue 36): which country's offers the site shows, and a plain form
 * to choose another (travellers, VPN users). It posts to the Worker, which keeps the choice in
 * a cookie and goes back to the page the visitor came from: no JavaScript needed.
 */
export function CountryPage() {
  const { countryName, country, countries, back } = useLoaderData() as CountryLoaderData;
  return (
    <main className="container py-4" style={{ maxWidth: "40rem" }}>
      <PageMeta title="Offers for your country" description="Choose the country whose coupons and deals DealPilot shows you." noindex />
      <h1 className="h3 mb-3">Offers for your country</h1>
      <p>
        Offers for: <strong>{countryName ?? "every country"}</strong>
      </p>
      <p className="text-body-secondary small">
        {countryName
          ? "Offers valid only in other countries are not offered to you; a store's page lists them last, for reference."
          : "We could not tell which country you are in, so every offer is shown."}{" "}
        Travelling, or using a VPN? Choose the country whose offers you want.
      </p>
      <form method="post" action={COUNTRY_PATH} className="d-flex flex-wrap gap-2 align-items-end">
        <input type="hidden" name="back" value={back} />
        <div className="flex-grow-1">
          <label htmlFor="country-choice" className="form-label">
            Country
          </label>
          <select id="country-choice" name="country" className="form-select" defaultValue={country ?? ""}>
            <option value="">Where I am</option>
            {countries.map(({ code, name }) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Show offers
        </button>
      </form>
    </main>
  );
}
