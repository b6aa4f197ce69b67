import {
  CONVERSION_STATUSES,
  change,
  conversionRate,
  earningsPerClick,
  GROUP_LABELS,
  groupHeading,
  REPORT_ROWS_PER_PAGE,
  type Report,
  type ReportQuery,
  type ReportRow,
  type ReportSort,
  reportHref,
  reportTotals,
  rowLabel,
  sortReportRows,
} from "../lib/report";
import { formatChange, formatCount, formatMoney, formatPercent, formatPoints } from "./report-format";
import { PageLinks, pageOf, SortHeading } from "./TableControls";

const STATUS_HEADINGS: Record<(typeof CONVERSION_STATUSES)[number], string> = { pending: "Pending", approved: "Approved", reversed: "Reversed" };

/** One amount per currency, one per line; a dash when there is none. */
function PerCurrency({ currencies, value }: { currencies: string[]; value: (currency: string) => string }) {
  if (currencies.length === 0) return <>–</>;
  return (
    <>
      {currencies.map((currency, index) => (
        <span key={currency}>
          {index > 0 && <br />}
          {value(currency)}
        </span>
      ))}
    </>
  );
}

/** A row shows the currencies it earned in; the total shows every currency of the range. */
function Figures({ row, currencies }: { row: ReportRow; currencies: string[] }) {
  return (
    <>
      <td className="text-end">{formatCount(row.clicks)}</td>
      <td className="text-end">{formatCount(row.unique_clicks)}</td>
      <td className="text-end">{formatCount(row.conversions)}</td>
      {CONVERSION_STATUSES.map((status) => (
        <td key={status} className="text-end">
          {formatCount(row[status])}
        </td>
      ))}
      <td className="text-end">{formatPercent(conversionRate(row))}</td>
      <td className="text-end text-nowrap">
        <PerCurrency currencies={currencies} value={(currency) => formatMoney(row.revenue[currency] ?? 0, currency)} />
      </td>
      <td className="text-end text-nowrap">
        <PerCurrency currencies={currencies} value={(currency) => formatMoney(earningsPerClick(row, currency), currency, 4)} />
      </td>
      <td className="text-end text-nowrap">
        <PerCurrency currencies={currencies} value={(currency) => formatMoney(earningsPerClick(row, currency, 100), currency)} />
      </td>
    </>
  );
}

/** How each total changed from the previous period's: counts and amounts in percent, the rate in points. */
function Changes({ now, before, currencies }: { now: ReportRow; before: ReportRow; currencies: string[] }) {
  const counts = ["clicks", "unique_clicks", "conversions", ...CONVERSION_STATUSES] as const;
  const money = (value: (row: ReportRow, currency: string) => number | null) => (
    <td className="text-end text-nowrap">
      <PerCurrency currencies={currencies} value={(currency) => `${currency} ${formatChange(change(value(now, currency), value(before, currency)))}`} />
    </td>
  );
  return (
    <>
      {counts.map((name) => (
        <td key={name} className="text-end">
          {formatChange(change(now[name], before[name]))}
        </td>
      ))}
      <td className="text-end text-nowrap">{formatPoints(conversionRate(now), conversionRate(before))}</td>
      {money((row, currency) => row.revenue[currency] ?? 0)}
      {money((row, currency) => earningsPerClick(row, currency))}
      {money((row, currency) => earningsPerClick(row, currency, 100))}
    </>
  );
}

const HEADINGS: Array<[ReportSort | null, string]> = [
  ["clicks", "Clicks"],
  ["unique_clicks", "Unique clicks"],
  ["conversions", "Conversions"],
  ...CONVERSION_STATUSES.map((status): [ReportSort, string] => [status, STATUS_HEADINGS[status]]),
  ["conversion_rate", "Conv. rate"],
  [null, "Revenue"],
  [null, "EPC"],
  [null, "EPC per 100"],
];

/** A heading that orders the table by its column (again: the other way). */
function ReportSortHeading({ sort, label, query, numeric }: { sort: ReportSort; label: string; query: ReportQuery; numeric?: boolean }) {
  const current = query.sort === sort;
  const dir = current ? (query.dir === "desc" ? "asc" : "desc") : sort === "label" ? "asc" : "desc";
  return <SortHeading label={label} current={current} dir={query.dir} href={reportHref(query, { sort, dir, page: 1 })} numeric={numeric} />;
}

/**
 * The report's table: one row per group (ordered by any count, REPORT_ROWS_PER_PAGE a
 * page), the total of every row, and the total of the period of the same length before it
 * with the change; the figures CSV gives too.
 */
export function ReportTable({ report, query }: { report: Report; query: ReportQuery }) {
  const { currencies, group, rows, previous } = report;
  if (rows.length === 0) return <p className="alert alert-secondary">No clicks and no conversions in this range.</p>;
  const { shown, page, pages } = pageOf(sortReportRows(rows, query), query.page, REPORT_ROWS_PER_PAGE);
  const total = reportTotals(rows);
  const compared = [...new Set([...currencies, ...previous.currencies])].sort();
  const byOffer = group === "offer";
  const span = Math.round((Date.parse(report.to) - Date.parse(report.from)) / 86_400_000) + 1;
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm table-striped table-hover align-middle report-figures">
          <caption className="caption-top">
            By {GROUP_LABELS[group].name.toLowerCase()}
            {pages > 1 &&
              `: rows ${formatCount((page - 1) * REPORT_ROWS_PER_PAGE + 1)}–${formatCount((page - 1) * REPORT_ROWS_PER_PAGE + shown.length)} of ${formatCount(rows.length)}`}
          </caption>
          <thead>
            <tr>
              <ReportSortHeading sort="label" label={groupHeading(group)} query={query} />
              {byOffer && <th scope="col">Store</th>}
              {HEADINGS.map(([sort, label]) =>
                sort ? (
                  <ReportSortHeading key={label} sort={sort} label={label} query={query} numeric />
                ) : (
                  <th key={label} scope="col" className="text-end">
                    {label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="fw-normal text-break">
                  {rowLabel(row, group)}
                </th>
                {byOffer && <td className="text-break">{row.store || "–"}</td>}
                <Figures row={row} currencies={currencies.filter((currency) => (row.revenue[currency] ?? 0) !== 0)} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fw-semibold">
              <th scope="row" colSpan={byOffer ? 2 : 1}>
                Total
              </th>
              <Figures row={total} currencies={compared} />
            </tr>
            <tr>
              <th scope="row" colSpan={byOffer ? 2 : 1} className="fw-normal">
                Previous {span === 1 ? "day" : `${span} days`}{" "}
                <span className="d-block small text-body-secondary text-nowrap">
                  ({previous.from === previous.to ? previous.from : `${previous.from} to ${previous.to}`})
                </span>
              </th>
              <Figures row={previous.totals} currencies={compared} />
            </tr>
            <tr>
              <th scope="row" colSpan={byOffer ? 2 : 1} className="fw-normal">
                Change
              </th>
              <Changes now={total} before={previous.totals} currencies={compared} />
            </tr>
          </tfoot>
        </table>
      </div>
      <PageLinks pages={pages} page={page} href={(number) => reportHref(query, { page: number })} label="Pages of the report" />
      <p className="small text-body-secondary">
        Conversions count pending and approved ones, by the day the network reported them; reversed ones are shown apart and earn nothing. EPC is revenue per
        click. Click a column's heading to order by it.
      </p>
    </>
  );
}
