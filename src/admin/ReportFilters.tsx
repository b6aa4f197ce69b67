import { GROUP_LABELS, REPORT_FILTERS, REPORT_GROUPS, type Report, type ReportFilter, type ReportQuery, reportHref } from "../lib/report";

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

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The ranges a marketer asks for most, ending today (UTC). */
export function datePresets(now: number): Array<{ label: string; from: string; to: string }> {
  const today = dayOf(now);
  return [
    { label: "Today", from: today, to: today },
    { label: "Last 7 days", from: dayOf(now - 6 * DAY_MS), to: today },
    { label: "Last 30 days", from: dayOf(now - 29 * DAY_MS), to: today },
    { label: "This month", from: `${today.slice(0, 8)}01`, to: today },
  ];
}

/** One filter: the values it takes in the range; one given that the range lacks is offered still. */
function FilterField({ name, query, choices }: { name: ReportFilter; query: ReportQuery; choices: Report["choices"][ReportFilter] }) {
  const value = query.filters[name] ?? "";
  const options = value && !choices.some((choice) => choice.value === value) ? [{ value, label: value }, ...choices] : choices;
  return (
    <div className="col-6 col-md-4 col-xl-3">
      <label htmlFor={`filter-${name}`} className="form-label">
        {GROUP_LABELS[name].name}
      </label>
      <select id={`filter-${name}`} name={name} className="form-select" defaultValue={value}>
        <option value="">Any</option>
        {options.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The report's range, grouping and filters: a plain GET form, so it works without
 * JavaScript (the order chosen is kept; the page starts again); ranges in one click; and the
 * same table as CSV.
 */
export function ReportFilters({ query, choices, now }: { query: ReportQuery; choices: Report["choices"]; now: number }) {
  const filtered = REPORT_FILTERS.filter((name) => query.filters[name]);
  return (
    <>
      <ul className="nav nav-pills gap-2 mb-3" aria-label="Ranges">
        {datePresets(now).map((preset) => {
          const current = preset.from === query.from && preset.to === query.to;
          return (
            <li key={preset.label} className="nav-item">
              <a
                className={`btn btn-sm ${current ? "btn-primary" : "btn-outline-secondary"}`}
                href={reportHref(query, { from: preset.from, to: preset.to, page: 1 })}
                aria-current={current ? "true" : undefined}
              >
                {preset.label}
              </a>
            </li>
          );
        })}
      </ul>
      <form method="get" action="/admin/reports" className="row g-3 align-items-end mb-4" aria-label="Report range, grouping and filters">
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
        {query.sort && (
          <>
            <input type="hidden" name="sort" value={query.sort} />
            <input type="hidden" name="dir" value={query.dir} />
          </>
        )}
        <div className="col-12 col-md-3 d-flex gap-2">
          <button type="submit" className="btn btn-primary">
            Show
          </button>
          <a className="btn btn-secondary" href={reportHref(query, { format: "csv" })} download>
            Download CSV
          </a>
        </div>
        <details className="col-12" open={filtered.length > 0}>
          <summary className="mb-2">
            Filters
            {filtered.length > 0 && `: ${filtered.map((name) => GROUP_LABELS[name].name.toLowerCase()).join(", ")}`}
          </summary>
          <div className="row g-3">
            {REPORT_FILTERS.map((name) => (
              <FilterField key={name} name={name} query={query} choices={choices[name]} />
            ))}
          </div>
          {filtered.length > 0 && (
            <p className="mt-2 mb-0">
              <a href={reportHref(query, { filters: {}, page: 1 })}>Clear the filters</a>
            </p>
          )}
        </details>
      </form>
    </>
  );
}
