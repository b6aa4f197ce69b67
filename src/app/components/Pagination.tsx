import { AppLink } from "./AppLink";

/** Pages shown either side of the current one. */
const WINDOW = 2;

/** Crawlable page links (real hrefs), the current page marked for assistive technology. */
export function Pagination({ page, totalPages, hrefFor, label }: { page: number; totalPages: number; hrefFor: (page: number) => string; label: string }) {
  if (totalPages <= 1) return null;
  const first = Math.max(1, page - WINDOW);
  const last = Math.min(totalPages, page + WINDOW);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="pagination justify-content-center flex-wrap">
        <li className={`page-item${page <= 1 ? " disabled" : ""}`}>
          {page > 1 ? (
            <AppLink className="page-link" to={hrefFor(page - 1)} rel="prev">
              Previous
            </AppLink>
          ) : (
            <span className="page-link">Previous</span>
          )}
        </li>
        {pages.map((p) => (
          <li key={p} className={`page-item${p === page ? " active" : ""}`}>
            {p === page ? (
              <span className="page-link" aria-current="page">
                {p}
              </span>
            ) : (
              <AppLink className="page-link" to={hrefFor(p)}>
                {p}
              </AppLink>
            )}
          </li>
        ))}
        <li className={`page-item${page >= totalPages ? " disabled" : ""}`}>
          {page < totalPages ? (
            <AppLink className="page-link" to={hrefFor(page + 1)} rel="next">
              Next
            </AppLink>
          ) : (
            <span className="page-link">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
