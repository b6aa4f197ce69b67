import { formatCount, formatRating } from "../../lib/numbers";
import { RatingMethodLink } from "./RatingMethodLink";

/** A store's rating and its number of reviewers, the same figures as the page's structured
 * data (Google's policy: marked-up ratings must be visible), and where they come from when
 * the editor said (issue 35: figures nobody counted keep their source), and how the site rates
 * (issue 53). Nothing when either figure is missing. */
export function StoreRating({ rating, reviewers, source, className = "" }: { rating: number; reviewers: number; source?: string; className?: string }) {
  if (!(rating > 0 && reviewers > 0)) return null;
  return (
    <p className={`d-flex flex-wrap align-items-center column-gap-1 small mb-0 ${className}`}>
      <span className="text-warning" aria-hidden="true">
        ★
      </span>
      <span className="visually-hidden">Rated</span>
      <strong>{formatRating(rating)}</strong>
      <span className="visually-hidden">out of 5</span>
      <span className="text-body-secondary">{`(${formatCount(reviewers)} ${reviewers === 1 ? "review" : "reviews"})${ratingSource(source)} ·`}</span>
      <RatingMethodLink />
    </p>
  );
}

/** Where a rating comes from, to follow it (" · source: Trustpilot, March 2026"); "" when unstated. */
export function ratingSource(source: string | undefined): string {
  return source ? ` · source: ${source}` : "";
}
