import { lazy, startTransition, Suspense, useId, useState } from "react";
import { fileUrl } from "../../data/files";
import { storeLogoUrl } from "../../data/offer-store";
import type { OfferCardData } from "../../data/offers";
import { storePath } from "../../lib/slug";
import { truncateWords } from "../../lib/text";
import { CouponReveal } from "./CouponReveal";
import { offerButtonLabel, withoutVerifiedBadge } from "../../lib/offer-labels";
import { OfferBadges } from "./OfferBadges";
import { OfferDetails } from "./OfferDetails";
import { OfferMeta } from "./OfferMeta";
import { OutboundLink } from "./OutboundLink";
import { PreviewBadge } from "./PreviewBadge";
import { AppLink } from "./AppLink";
import { StoreMark } from "./StoreMark";

export type { OfferCardData } from "../../data/offers";

// Asked only once the offer was used: its code is loaded then, not with every page of cards.
const OfferFeedback = lazy(() => import("./OfferFeedback").then(({ OfferFeedback }) => ({ default: OfferFeedback })));

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
 * The deal and coupon card, used wherever an offer or a top deal is listed. A coupon with a
 * code gets the code-reveal button and its modal (without JavaScript, a form that opens the
 * code's own page); any other offer a call-to-action button straight to the partner. Both
 * also link 'Go To Website'; every partner link goes through /goto in a new tab. Where the
 * read expanded the offer's store (lists mixing stores), the card names it, with its logo,
 * and links its page. The card says when the offer ends, when it was verified and how it
 * fared (OfferMeta), and asks "Did it work?" once the visitor has used it: revealed the
 * code, or followed the offer's button.
 */
export function OfferCard({ offer, subheadingWords, headingLevel = 3 }: OfferCardProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = useId();
  const subheading = subheadingWords ? truncateWords(offer.subheading, subheadingWords) : offer.subheading;
  const store = offer.expand?.store;
  const code = offer.type === "coupon" ? (offer.coupon_code ?? "") : "";
  const [used, setUsed] = useState(false);
  // The question under the card waits for the paint that answers the tap (issue 37).
  const onUse = () => startTransition(() => setUsed(true));
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
            <PreviewBadge id={offer.id} />
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
          {used && (
            <Suspense fallback={null}>
              <OfferFeedback offerId={offer.id} what={code ? "code" : offer.type === "coupon" ? "coupon" : "deal"} />
            </Suspense>
          )}
        </div>
        <div className="d-flex flex-column align-items-start align-items-sm-end gap-1 ms-sm-auto offer-card-actions">
          {code ? (
            <CouponReveal heading={offer.heading} code={code} ctaUrl={offer.cta_url} offerId={offer.id} onReveal={onUse} />
          ) : (
            offer.cta_url && (
              <OutboundLink to={offer.cta_url} className="btn btn-primary" onClick={onUse}>
                {offerButtonLabel(offer.cta_label)}
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
