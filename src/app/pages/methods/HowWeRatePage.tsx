import { COMPARED_MAX, COMPARED_MIN, MIN_ALTERNATIVES } from "../../../lib/review-rules";
import { HOW_WE_VERIFY_CODES } from "../../../lib/method-pages";
import { SPONSORED_LABEL } from "../../../lib/sponsored";
import { AppLink } from "../../components/AppLink";
import { LegalDocument, SupportEmail, type LegalSection } from "../../components/LegalDocument";

/**
 * Issue 53: how stores and products are rated and where each rating comes from, as the
 * content and the pages actually work (the rating fields of the schema, docs/editors.md).
 * Its figures are the constants the pages apply.
 */
const SECTIONS: LegalSection[] = [
  {
    id: "ratings",
    title: "Where a rating comes from",
    content: (
      <>
        <p>
          Stores and products carry a rating out of 5, with one decimal, and the number of reviews it sums up. Our editors set both from their research, our own
          tests and the reviews of people who use the product, and beside every rating we say where it comes from (&ldquo;source: &hellip;&rdquo;), so you can
          check it. Nobody outside our editorial team can set or change one.
        </p>
        <p>
          A rating without reviews behind it is no rating: we do not give one to search engines, and a store's page shows stars only with both figures. Coupons
          and deals are not rated: they carry visitors' answers to &ldquo;Did this code work?&rdquo; instead (
          <AppLink to={HOW_WE_VERIFY_CODES}>how we verify codes</AppLink>).
        </p>
      </>
    ),
  },
  {
    id: "reviews",
    title: "How we review a product",
    content: (
      <>
        <p>
          Each product's page gives our summary, what we liked and disliked (pros and cons), the facts we compare it on (its free plan, the platforms it runs
          on, its money-back days and the figures that matter in its category), its plan price when we have one, and its live coupons and deals.
        </p>
        <p>
          Every review, comparison and article names its author, who has a page of their own with their expertise and their profiles elsewhere. It says when it
          was published and, when its text, images or products changed on a later day, when it was updated and what changed. Publishing, featuring or re-saving
          a piece does not move that date.
        </p>
      </>
    ),
  },
  {
    id: "comparisons",
    title: "Side by side",
    content: (
      <p>
        A comparison puts its products ({COMPARED_MIN} to {COMPARED_MAX}) side by side in a table: each one's rating with its source and number of reviews, its
        best live offer, the facts its editor chose to compare, its categories, and its pros and cons. A dash means the product does not state that fact; we
        never fill one in by guessing. The best offer is the one a store's page would list first: featured, then the most recently verified, then the one that
        worked for the most visitors.
      </p>
    ),
  },
  {
    id: "alternatives",
    title: "Alternatives",
    content: (
      <p>
        &ldquo;Alternatives to&rdquo; a product lists the other products we review in its category, ranked by rating and then by the number of reviews behind
        it, each with its best live offer. A product with fewer than {MIN_ALTERNATIVES} alternatives gets no such page: a list of one or two is no comparison.
      </p>
    ),
  },
  {
    id: "independence",
    title: "Money and independence",
    content: (
      <>
        <p>
          We may earn a commission when you buy through our links, at no extra cost to you. It never buys a rating, a rank or a place in a table: the order of a
          list follows the rules above, whoever pays.
        </p>
        <p>
          Paid content is labelled &ldquo;{SPONSORED_LABEL}&rdquo; wherever it appears, on its page and in every list that links it, and is never called a
          review. Questions about a rating: write to <SupportEmail />.
        </p>
      </>
    ),
  },
];

export function HowWeRatePage() {
  return (
    <LegalDocument
      title="How we rate products and stores"
      description="Where DealPilot's ratings come from, how products are reviewed and compared side by side, how alternatives are ranked, and how we are paid."
      keywords="how we rate, software ratings, review methodology, product comparison, alternatives"
      updated={{ iso: "2026-11-28", text: "November 28, 2026" }}
      intro={<p className="lead">What a rating, a comparison table and a ranking on this site are made of.</p>}
      sections={SECTIONS}
    />
  );
}
