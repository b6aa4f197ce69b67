import { startTransition, useId, useState } from "react";
import { fileUrl } from "../../data/files";
import { storeLogoUrl } from "../../data/offer-store";
import type { OfferCardData } from "../../data/offers";
import { storePath } from "../../lib/slug";
import { truncateWords } from "../../lib/text";
import { CouponReveal } from "./CouponReveal";
import { withoutVerifiedBadge } from "../../lib/offer-labels";
import { OfferBadges } from "./OfferBadges";
import { OfferDetails } from "./OfferDetails";
import { OfferFeedback } from "./OfferFeedback";
import { OfferMeta } from "./OfferMeta";
import { OutboundLink } from "./OutboundLink";
import { AppLink } from "./AppLink";
import { StoreMark } from "./StoreMark";

export type { OfferCardData } from "../../data/offers";

const THUMB_WIDTH = 120;
const THUMB_HEIGHT = 90;

export interface OfferCardProps {
  offer: OfferCardData;
  /** Cut the subheading to this many words plus '...' (home's Best deals: 4). */
  subheadingWords?: number;
  /** Level of the card's heading in the page outline. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The deal and coupon card, used wherever an offer or a top deal is listed. A coupon gets
 * the code-reveal button and its modal; any other offer a plain call-to-action button. Both
 * also link 'Go To Website'; every partner link goes through /goto in a new tab. Where the
 * read expanded the offer's store (lists mixing stores), the card names it, with its logo,
 * and links its page. The card says when the offer ends, when it was verified and how it
 * fared (OfferMeta), and asks "Did it work?": on deals at once, on coupons once the code
 * has been revealed.
 */
export function OfferCard({ offer, subheadingWords, headingLevel = 3 }: OfferCardProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const subheading = subheadingWords ? truncateWords(offer.subheading, subheadingWords) : offer.subheading;
  const store = offer.expand?.store;
  const isCoupon = offer.type === "coupon";
  const [revealed, setRevealed] = useState(false);
  return (
    <article className="card h-100 shadow-sm offer-card" aria-labelledby={headingId}>
      <div className="card-body d-flex flex-wrap gap-3">
        {offer.thumbnail && (
          <img
            className="rounded flex-shrink-0 object-fit-cover"
            src={fileUrl(offer, offer.thumbnail, "400x0")}
            alt=""
            width={THUMB_WIDTH}
            height={THUMB_HEIGHT}
            loading="lazy"
            decoding="async"
          />
        )}
        <div className="flex-grow-1 offer-card-text">
          <OfferBadges badges={withoutVerifiedBadge(offer.expand?.badges)} />
          <Heading id={headingId} className="h6 mb-1">
            {offer.heading}
          </Heading>
          {subheading && <p className="small text-body-secondary mb-1">{subheading}</p>}
          {store && (
            <p className="small mb-0">
              {"at "}
              <AppLink to={storePath(store)} state={{ storeId: store.id }}>
                <StoreMark title={store.title} logoUrl={storeLogoUrl(store)} />
              </AppLink>
            </p>
          )}
          <OfferMeta offer={offer} />
          {(!isCoupon || revealed) && <OfferFeedback offerId={offer.id} what={isCoupon ? (offer.coupon_code ? "code" : "coupon") : "deal"} />}
        </div>
        <div className="d-flex flex-column align-items-start align-items-sm-end gap-1 ms-sm-auto offer-card-actions">
          {isCoupon ? (
            <CouponReveal
              heading={offer.heading}
              code={offer.coupon_code ?? ""}
              ctaLabel={offer.cta_label}
              ctaUrl={offer.cta_url}
              offerId={offer.id}
              // The question under the card waits for the paint that answers the tap (issue 37).
              onReveal={() => startTransition(() => setRevealed(true))}
            />
          ) : (
            offer.cta_url && (
              <OutboundLink to={offer.cta_url} className="btn btn-primary">
                {offer.cta_label || "Get Deal"}
              </OutboundLink>
            )
          )}
          {offer.cta_url && (
            <OutboundLink to={offer.cta_url} className="btn btn-link btn-sm px-0">
              Go To Website
            </OutboundLink>
          )}
        </div>
      </div>
      {offer.tnc && <OfferDetails termsHtml={offer.tnc} />}
    </article>
  );
}
