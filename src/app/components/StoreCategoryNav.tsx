import { Link } from "react-router";
import type { StoreFilter } from "../../data/types";

/** Crawlable links to each category's store list, with its store count. */
export function StoreCategoryNav({ categories, current }: { categories: StoreFilter[]; current: readonly string[] }) {
  if (!categories.length) return null;
  return (
    <nav aria-label="Store categories">
      <h2 className="h6 text-uppercase text-body-secondary">Categories</h2>
      <ul className="list-unstyled mb-0">
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              className={`d-flex justify-content-between py-1 text-decoration-none${current.includes(c.id) ? " fw-semibold" : ""}`}
              to={`/stores?catID=${encodeURIComponent(c.id)}`}
              aria-current={current.length === 1 && current[0] === c.id ? "page" : undefined}
            >
              <span>{c.title}</span>
              <span className="text-body-secondary">({c.total})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function StoreCategoryNavSkeleton() {
  return (
    <div aria-hidden="true" className="placeholder-glow">
      {Array.from({ length: 8 }, (_, i) => (
        <span key={i} className="placeholder col-10 d-block mb-2" />
      ))}
    </div>
  );
}
