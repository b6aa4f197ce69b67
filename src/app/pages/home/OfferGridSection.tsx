import type { OfferCardData } from "../../../data/offers";
import { OfferCard } from "../../components/OfferCard";
import { CardPlaceholders, HomeSection, SectionContent, type ViewAllLink } from "./HomeSection";
import type { SectionResult } from "./section-result";

const COLUMNS = "row-cols-1 row-cols-md-2 row-cols-xl-3";

export interface OfferGridSectionProps {
  id: string;
  title: string;
  viewAll: ViewAllLink;
  resolve: Promise<SectionResult<OfferCardData[]>>;
  /** How many offers the section shows (the loader reads no more): the placeholders' number. */
  count: number;
  subheadingWords?: number;
}

/** A home section showing a few offers as deal cards: Top Deals and Best deals. */
export function OfferGridSection({ id, title, viewAll, resolve, count, subheadingWords }: OfferGridSectionProps) {
  return (
    <HomeSection id={id} title={title} viewAll={viewAll}>
      <SectionContent resolve={resolve} placeholder={<CardPlaceholders count={count} columns={COLUMNS} height={190} />}>
        {(offers) => (
          <ul className={`row g-3 list-unstyled mb-0 ${COLUMNS}`}>
            {offers.map((offer) => (
              <li className="col" key={offer.id}>
                <OfferCard offer={offer} subheadingWords={subheadingWords} />
              </li>
            ))}
          </ul>
        )}
      </SectionContent>
    </HomeSection>
  );
}
