import { GROUP_LABELS, REPORT_GROUPS, type ReportQuery } from "../lib/report";

/** One end of the range: a UTC day (the report's and the links list's). */
export function DayField({ name, label, value }: { name: "from" | "to"; label: string; value: string }) {
  return (
    <div className="col-6 col-md-3">
      <label htmlFor={name} className="form-label">
        {label}
      </label>
      <input id={name} name={name} type="date" required className="form-control" defaultValue={value} />
    </div>
  );
}

/** The report's range and grouping: a plain GET form, so it works without JavaScript; and the same table as CSV. */
export function ReportFilters({ query }: { query: ReportQuery }) {
  const csv = new URLSearchParams({ from: query.from, to: query.to, group: query.group, format: "csv" });
  return (
    <form method="get" action="/admin/reports" className="row g-3 align-items-end mb-4" aria-label="Report range and grouping">
      <DayField name="from" label="From (UTC)" value={query.from} />
      <DayField name="to" label="To (UTC)" value={query.to} />
      <div className="col-12 col-md-3">
        <label htmlFor="group" className="form-label">
          Group by
        </label>
        <select id="group" name="group" className="form-select" defaultValue={query.group}>
          {REPORT_GROUPS.map((group) => (
            <option key={group} value={group}>
              {GROUP_LABELS[group].name}
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
