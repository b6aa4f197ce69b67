/** A store's rating and its number of reviewers, as the page's structured data states them
 * (Google's policy: marked-up ratings must be visible). Nothing when either is missing. */
export function StoreRating({ rating, reviewers, className = "" }: { rating: number; reviewers: number; className?: string }) {
  if (!(rating > 0 && reviewers > 0)) return null;
  const value = rating.toFixed(1);
  const count = reviewers.toLocaleString("en-US");
  return (
    <p className={`d-flex align-items-center gap-1 small mb-0 ${className}`} aria-label={`Rated ${value} out of 5 by ${count} reviewers`}>
      <span className="text-warning" aria-hidden="true">
        ★
      </span>
      <span className="fw-semibold" aria-hidden="true">
        {value}
      </span>
      <span className="text-body-secondary" aria-hidden="true">{`(${count} reviews)`}</span>
    </p>
  );
}
