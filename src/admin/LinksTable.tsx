import { LINKS_PER_PAGE, type LinkRow, type LinkSort, type LinksQuery, linksHref } from "../lib/short-links";
import { formatCount, formatMoney } from "./report-format";

const HEADINGS: Record<LinkSort, string> = {
  created: "Created",
  slug: "Link",
  visits: "Clicks",
  clicks: "Clicks out",
  conversions: "Conversions",
  revenue: "Revenue",
};

/** A column heading that orders the list by it (again: the other way). */
function SortHeading({ sort, query, numeric }: { sort: LinkSort; query: LinksQuery; numeric?: boolean }) {
  const current = query.sort === sort;
  const dir = current && query.dir === "desc" ? "asc" : current ? "desc" : sort === "slug" ? "asc" : "desc";
  return (
    <th scope="col" className={numeric ? "text-end" : undefined} aria-sort={current ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
      <a href={linksHref(query, { sort, dir, page: 1 })} className="link-body-emphasis text-nowrap">
        {HEADINGS[sort]}
        {current ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
      </a>
    </th>
  );
}

/** Where a link leads, as the list says it. */
function destinationOf(row: LinkRow): string {
  return row.link.offer ? `Offer: ${row.offerLabel || row.link.offer}` : row.link.destination;
}

function status(row: LinkRow, now: number): string {
  if (row.link.paused) return "paused";
  if (row.link.expires_at && Date.parse(row.link.expires_at.replace(" ", "T")) <= now) return "ended";
  return "";
}

/**
 * The links with their figures for the range (docs/links.md): clicks (visits of the short
 * link) and unique clicks, clicks out to partners, conversions and revenue; ordered by any
 * column, LINKS_PER_PAGE a page.
 */
export function LinksTable({ rows, query, currencies, now }: { rows: LinkRow[]; query: LinksQuery; currencies: string[]; now: number }) {
  if (rows.length === 0) return <p className="alert alert-secondary">{query.q ? "No link matches this search." : "No links yet: make the first one above."}</p>;
  const pages = Math.max(1, Math.ceil(rows.length / LINKS_PER_PAGE));
  const page = Math.min(query.page, pages);
  const shown = rows.slice((page - 1) * LINKS_PER_PAGE, page * LINKS_PER_PAGE);
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm table-striped table-hover align-middle report-figures">
          <caption className="caption-top">
            {rows.length === 1 ? "1 link" : `${formatCount(rows.length)} links`}, figures from {query.from} to {query.to} (UTC)
          </caption>
          <thead>
            <tr>
              <SortHeading sort="slug" query={query} />
              <th scope="col">Leads to</th>
              <SortHeading sort="visits" query={query} numeric />
              <th scope="col" className="text-end">
                Unique clicks
              </th>
              <SortHeading sort="clicks" query={query} numeric />
              <SortHeading sort="conversions" query={query} numeric />
              <SortHeading sort="revenue" query={query} numeric />
              <SortHeading sort="created" query={query} />
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => {
              const state = status(row, now);
              const earned = currencies.filter((currency) => (row.figures.revenue[currency] ?? 0) !== 0);
              return (
                <tr key={row.link.id}>
                  <th scope="row" className="fw-normal text-break">
                    <a href={`/admin/links/${row.link.id}`}>/l/{row.link.slug}</a>
                    {state && <span className="badge text-bg-secondary ms-2">{state}</span>}
                  </th>
                  <td className="text-break small">{destinationOf(row)}</td>
                  <td className="text-end">{formatCount(row.figures.visits)}</td>
                  <td className="text-end">{formatCount(row.figures.unique_visits)}</td>
                  <td className="text-end">{formatCount(row.figures.clicks)}</td>
                  <td className="text-end">{formatCount(row.figures.conversions)}</td>
                  <td className="text-end text-nowrap">
                    {earned.length === 0
                      ? "–"
                      : earned.map((currency, index) => (
                          <span key={currency}>
                            {index > 0 && <br />}
                            {formatMoney(row.figures.revenue[currency] ?? 0, currency)}
                          </span>
                        ))}
                  </td>
                  <td className="text-nowrap small">{row.link.create_time.slice(0, 10)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {pages > 1 && (
        <nav aria-label="Pages of links">
          <ul className="pagination flex-wrap">
            {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
              <li key={number} className={`page-item${number === page ? " active" : ""}`}>
                <a className="page-link" href={linksHref(query, { page: number })} aria-current={number === page ? "page" : undefined}>
                  {number}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <p className="small text-body-secondary">
        Clicks are visits of the short link (crawlers and link previews are not counted; unique: one per visitor and day); clicks out are the clicks to partners
        that followed; conversions and revenue are those of the clicks out, pending and approved. Click a column's heading to order by it.
      </p>
    </>
  );
}
