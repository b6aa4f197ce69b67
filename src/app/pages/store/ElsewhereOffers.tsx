import { useLocation } from "react-router";
import { countryPageHref } from "../../../lib/country-page";
import type { ElsewhereOffer } from "./store-loader";

/**
 * After the store's offers: those limited to countries other than the visitor's (issue 36),
 * in a closed disclosure, inert like the expired ones (no code, no link out, no vote): a
 * traveller sees what the store offers at home, and may choose another country.
 */
export function ElsewhereOffers({ offers, countryName }: { offers: ElsewhereOffer[]; countryName: string }) {
  const { pathname, search } = useLocation();
  return (
    <section className="mt-4" aria-labelledby="elsewhere-offers-heading">
      <details className="border rounded-3 p-3">
        <summary>
          <h2 id="elsewhere-offers-heading" className="h6 d-inline mb-0">
            Not available in {countryName} ({offers.length})
          </h2>
        </summary>
        <p className="small text-body-secondary mt-2">
          These offers are valid in other countries only. <a href={countryPageHref(pathname + search)}>Choose another country</a>
        </p>
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {offers.map((offer) => (
            <li key={offer.id}>
              <span className="fw-semibold">{offer.heading}</span>
              {offer.subheading && <span className="text-body-secondary"> · {offer.subheading}</span>}
              <span className="small text-body-secondary">
                {" · "}
                {offer.type === "deal" ? "Deal" : "Coupon"}
                {" · "}
                Available in {offer.offeredIn.join(", ")}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
