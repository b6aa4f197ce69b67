import type { Report } from "../lib/report";
import type { BuilderChoices, FormErrors, LinkFormValues, LinkRow, LinksQuery } from "../lib/short-links";
import { AdminDocument } from "./AdminDocument";
import { LinkForm } from "./LinkForm";
import { LinksTable } from "./LinksTable";
import { DayField } from "./ReportFilters";

/** The list's range and search: a plain GET form, the order kept. */
function LinksFilters({ query }: { query: LinksQuery }) {
  return (
    <form method="get" action="/admin/links" className="row g-3 align-items-end mb-3" aria-label="Range and search">
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="dir" value={query.dir} />
      <DayField name="from" label="From (UTC)" value={query.from} />
      <DayField name="to" label="To (UTC)" value={query.to} />
      <div className="col-12 col-md-4">
        <label htmlFor="q" className="form-label">
          Search
        </label>
        <input id="q" name="q" type="search" className="form-control" defaultValue={query.q} placeholder="slug, page, offer or value" />
      </div>
      <div className="col-12 col-md-2">
        <button type="submit" className="btn btn-primary">
          Show
        </button>
      </div>
    </form>
  );
}

/**
 * /admin/links (docs/links.md): the builder's form (open when the last attempt needs
 * fixing), then every link with its figures for a range of UTC days, searchable and ordered
 * by any column.
 */
export function LinksPage({
  rows,
  query,
  currencies,
  viewer,
  form,
  choices,
  now,
  nonce,
}: {
  rows: LinkRow[];
  query: LinksQuery;
  currencies: string[];
  viewer: Report["viewer"];
  form: { values: LinkFormValues; errors: FormErrors };
  choices: BuilderChoices;
  now: number;
  nonce?: string;
}) {
  const fixing = Object.keys(form.errors).length > 0;
  return (
    <AdminDocument title="Links" viewer={viewer} nonce={nonce}>
      <h1 className="h3 mb-3">Short links</h1>
      <details className="card mb-4" open={fixing || rows.length === 0}>
        <summary className="card-header fw-semibold">New short link</summary>
        <div className="card-body">
          <LinkForm action="/admin/links" isNew values={form.values} errors={form.errors} choices={choices} />
        </div>
      </details>
      <LinksFilters query={query} />
      <LinksTable rows={rows} query={query} currencies={currencies} now={now} />
    </AdminDocument>
  );
}
