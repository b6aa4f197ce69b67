import type { ExpiredOffer } from "../../../data/offers";
import { expiredLabel } from "../../../lib/offer-labels";
import { ClosedList, offerTypeName } from "./ClosedList";

/**
 * The end of the store page: offers that expired in the last 30 days, in a closed
 * disclosure. Clearly marked and inert (no code, no link out, no vote), as the best coupon
 * sites keep them: a visitor sees what the store offered lately, a crawler sees the page's
 * history instead of links that vanish. Nothing at all when none expired lately.
 */
export function ExpiredOffers({ offers }: { offers: ExpiredOffer[] }) {
  if (!offers.length) return null;
  return (
    <ClosedList
      id="expired-offers-heading"
      title={<>Expired coupons ({offers.length})</>}
      note="These offers have ended and can no longer be used. They are listed for reference."
    >
      {offers.map((offer) => {
        const ended = expiredLabel(offer.expires_at);
        return (
          <li key={offer.id}>
            <span className="badge text-bg-secondary me-2">Expired</span>
            <span className="fw-semibold text-decoration-line-through">{offer.heading}</span>
            {offer.subheading && <span className="text-body-secondary"> · {offer.subheading}</span>}
            <span className="small text-body-secondary">
              {" · "}
              {offerTypeName(offer.type)}
              {ended && (
                <>
                  {" · "}
                  <time dateTime={ended.dateTime}>{ended.text}</time>
                </>
              )}
            </span>
          </li>
        );
      })}
    </ClosedList>
  );
}
