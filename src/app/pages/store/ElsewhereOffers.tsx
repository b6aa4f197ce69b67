import { useLocation } from "react-router";
import { countryPageHref } from "../../../lib/country-page";
import { ClosedList, offerTypeName } from "./ClosedList";
import type { ElsewhereOffer } from "./store-loader";

/**
 * After the store's offers: those limited to countries other than the visitor's (issue 36),
 * in a closed disclosure, inert like the expired ones (no code, no link out, no vote): a
 * traveller sees what the store offers at home, and may choose another country.
 */
export function ElsewhereOffers({ offers, countryName }: { offers: ElsewhereOffer[]; countryName: string }) {
  const { pathname, search } = useLocation();
  return (
    <ClosedList
      id="elsewhere-offers-heading"
      title={
        <>
          Not available in {countryName} ({offers.length})
        </>
      }
      note={
        <>
          These offers are valid in other countries only. <a href={countryPageHref(pathname + search)}>Choose another country</a>
        </>
      }
    >
      {offers.map((offer) => (
        <li key={offer.id}>
          <span className="fw-semibold">{offer.heading}</span>
          {offer.subheading && <span className="text-body-secondary"> · {offer.subheading}</span>}
          <span className="small text-body-secondary">
            {" · "}
            {offerTypeName(offer.type)}
            {" · "}
            Available in {offer.offeredIn.join(", ")}
          </span>
        </li>
      ))}
    </ClosedList>
  );
}
