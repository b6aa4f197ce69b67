import type { OfferCardData } from "../../../data/offers";
import { truncateChars } from "../../../lib/text";
import { OfferCard } from "../../components/OfferCard";
import { CardPlaceholders, CarouselSection } from "./HomeSection";
import type { SectionResult } from "./section-result";

/** Spec section 9: Latest Deals subheading cut to 24 characters plus an ellipsis. */
export const LATEST_DEAL_SUBHEADING = 24;
const LAYOUT = { slidesPerView: 1, breakpoints: { 600: 2, 1200: 3 }, gap: 24 } as const;

/** Spec Home, Latest Deals carousel: 5 top deals, those no other home section shows. */
export function LatestDeals({ resolve }: { resolve: Promise<SectionResult<OfferCardData[]>> }) {
  return (
    <CarouselSection
      id="latest-deals"
      title="Latest Deals"
      label="Latest deals"
      resolve={resolve}
      placeholder={<CardPlaceholders count={3} columns="row-cols-1 row-cols-sm-2 row-cols-xl-3" height={190} />}
      layout={LAYOUT}
      renderItem={(offer) => <OfferCard offer={{ ...offer, subheading: truncateChars(offer.subheading, LATEST_DEAL_SUBHEADING) }} />}
    />
  );
}
