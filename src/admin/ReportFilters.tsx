import { GROUP_LABELS, REPORT_GROUPS, type ReportQuery } from "../lib/report";

/** The report's range and grouping: a plain GET form, so it works without JavaScript; and the same table as CSV. */
export function ReportFilters({ query }: { query: ReportQuery }) {
  const csv = new URLSearchParams({ from: query.from, to: query.to, group: query.group, format: "csv" });
  return (
    <form method="get" action="/admin/reports" className="row g-3 align-items-end mb-4" aria-label="Report range and grouping">
      <div className="col-6 col-md-3">
        <label htmlFor="from" className="form-label">
          From (UTC)
        </label>
        <input id="from" name="from" type="date" required className="form-control" defaultValue={query.from} />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="to" className="form-label">
          To (UTC)
        </label>
        <input id="to" name="to" type="date" required className="form-control" defaultValue={query.to} />
      </div>
      <div className="col-12 col-md-3">
        <label htmlFor="group" className="form-label">
          Group by
        </label>
        <select id="group" name="group" className="form-select" defaultValue={query.group}>
          {REPORT_GROUPS.map((group) => (
            <option key={group} value={group}>
              {GROUP_LABELS[group].heading.replace(" (UTC)", "")}
            </option>
          ))}
        </select>
      </div>
      <div className="col-12 col-md-3 d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          Show
        </button>
        <a className="btn btn-secondary" href={`/admin/reports?${csv}`} download>
          Download CSV
        </a>
      </div>
    </form>
  );
}
