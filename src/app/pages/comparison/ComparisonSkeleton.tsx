/** The comparison's shape, which stays in place when its read failed on a client
 * navigation (spec: "a failed comparison fetch leaves the skeleton in place"). */
export function ComparisonSkeleton() {
  return (
    <main className="container py-4" aria-busy="true">
      <div className="col-lg-9 mx-auto placeholder-glow" aria-hidden="true">
        <span className="placeholder col-2 mb-3 d-block" />
        <span className="placeholder placeholder-lg col-10 mb-2 d-block" />
        <span className="placeholder col-7 mb-4 d-block" />
        <div className="placeholder rounded mb-4 w-100" style={{ aspectRatio: "3 / 1" }} />
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders of a fixed count: the position is their only identity
          <div className="card mb-4" key={i}>
            <div className="card-body">
              <span className="placeholder col-4 mb-2 d-block" />
              <span className="placeholder col-9 mb-2 d-block" />
              <span className="placeholder col-6 d-block" />
            </div>
          </div>
        ))}
      </div>
      <p className="visually-hidden" role="status">
        This comparison could not be loaded just now. Please try again in a moment.
      </p>
    </main>
  );
}
