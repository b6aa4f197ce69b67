/** A column heading that orders the table by it; the caller's `href` orders it the other way when it already does. */
export function SortHeading({ label, current, dir, href, numeric }: { label: string; current: boolean; dir: "asc" | "desc"; href: string; numeric?: boolean }) {
  return (
    <th scope="col" className={numeric ? "text-end" : undefined} aria-sort={current ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <a href={href} className="link-body-emphasis text-nowrap">
        {label}
        {current ? (dir === "asc" ? " ▲" : " ▼") : ""}
      </a>
    </th>
  );
}

/** The rows of `page` (from 1; past the last, the last), and how many pages there are. */
export function pageOf<T>(rows: readonly T[], page: number, perPage: number): { shown: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(page, pages);
  return { shown: rows.slice((current - 1) * perPage, current * perPage), page: current, pages };
}

/** Links to every page of a long table, plain links so they work without JavaScript. */
export function PageLinks({ pages, page, href, label }: { pages: number; page: number; href: (page: number) => string; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label}>
      <ul className="pagination flex-wrap">
        {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
          <li key={number} className={`page-item${number === page ? " active" : ""}`}>
            <a className="page-link" href={href(number)} aria-current={number === page ? "page" : undefined}>
              {number}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
