import { POPULAR_DEALS } from "../../../data/home-sizes";
import type { OfferCardData } from "../../../data/offers";
import type { StoreCard as StoreCardData } from "../../../data/stores";
import { truncateChars } from "../../../lib/text";
import { OfferCard } from "../../components/OfferCard";
import { StoreCard } from "../../components/StoreCard";
import { CardPlaceholders, HomeSection, SectionContent } from "./HomeSection";
import type { SectionResult } from "./section-result";

/** Spec section 9: the popular offers' subheading is cut at 18 characters. */
export const POPULAR_OFFER_SUBHEADING = 18;
const COLUMNS = "row-cols-1 row-cols-md-3";

/** Spec Home, Popular offers: 3 top deals (those no other home section shows) plus 3 best
 * (featured) stores; 'View All' to /offers. The two halves arrive and fail independently. */
export function PopularOffers({ deals, stores }: { deals: Promise<SectionResult<OfferCardData[]>>; stores: Promise<SectionResult<StoreCardData[]>> }) {
  return (
    <HomeSection id="popular-offers" title="Popular offers" viewAll={{ to: "/offers", label: "View All" }}>
      <SectionContent resolve={deals} placeholder={<CardPlaceholders count={POPULAR_DEALS} columns={COLUMNS} height={190} />}>
        {(list) => (
          <ul className={`row g-3 list-unstyled mb-3 ${COLUMNS}`}>
            {list.map((offer) => (
              <li className="col" key={offer.id}>
                <OfferCard offer={{ ...offer, subheading: truncateChars(offer.subheading, POPULAR_OFFER_SUBHEADING) }} />
              </li>
            ))}
          </ul>
        )}
      </SectionContent>
      <SectionContent resolve={stores} placeholder={<CardPlaceholders count={3} columns={COLUMNS} height={220} />}>
        {(list) => (
          <ul className={`row g-3 list-unstyled mb-0 ${COLUMNS}`}>
            {list.map((store) => (
              <li className="col" key={store.id}>
                <StoreCard store={store} />
              </li>
            ))}
          </ul>
        )}
      </SectionContent>
    </HomeSection>
  );
}
