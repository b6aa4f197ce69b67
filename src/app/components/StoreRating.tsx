import { formatCount, formatRating } from "../../lib/numbers";

/** A store's rating and its number of reviewers, the same figures as the page's structured
 * data (Google's policy: marked-up ratings must be visible). Nothing when either is missing. */
export function StoreRating({ rating, reviewers, className = "" }: { rating: number; reviewers: number; className?: string }) {
  if (!(rating > 0 && reviewers > 0)) return null;
  return (
    <p className={`d-flex flex-wrap align-items-center column-gap-1 small mb-0 ${className}`}>
      <span className="text-warning" aria-hidden="true">
        ★
      </span>
      <span className="visually-hidden">Rated</span>
      <strong>{formatRating(rating)}</strong>
      <span className="visually-hidden">out of 5</span>
      <span className="text-body-secondary">{`(${formatCount(reviewers)} ${reviewers === 1 ? "review" : "reviews"})`}</span>
    </p>
  );
}
