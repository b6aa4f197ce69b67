import type { ExpiredOffer } from "../../../data/offers";
import { expiredLabel } from "../../../lib/offer-labels";

/**
 * The end of the store page: offers that expired in the last 30 days, in a closed
 * disclosure. Clearly marked and inert (no code, no link out, no vote), as the best coupon
 * sites keep them: a visitor sees what the store offered lately, a crawler sees the page's
 * history instead of links that vanish. Nothing at all when none expired lately.
 */
export function ExpiredOffers({ offers }: { offers: ExpiredOffer[] }) {
  if (!offers.length) return null;
  return (
    <section className="mt-4" aria-labelledby="expired-offers-heading">
      <details className="border rounded-3 p-3">
        <summary>
          <h2 id="expired-offers-heading" className="h6 d-inline mb-0">
            Expired coupons ({offers.length})
          </h2>
        </summary>
        <p className="small text-body-secondary mt-2">These offers have ended and can no longer be used. They are listed for reference.</p>
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {offers.map((offer) => {
            const ended = expiredLabel(offer.expires_at);
            return (
              <li key={offer.id}>
                <span className="badge text-bg-secondary me-2">Expired</span>
                <span className="fw-semibold text-decoration-line-through">{offer.heading}</span>
                {offer.subheading && <span className="text-body-secondary"> · {offer.subheading}</span>}
                <span className="small text-body-secondary">
                  {" · "}
                  {offer.type === "deal" ? "Deal" : "Coupon"}
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
        </ul>
      </details>
    </section>
  );
}
