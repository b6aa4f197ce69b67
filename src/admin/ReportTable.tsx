import { conversionRate, earningsPerClick, GROUP_LABELS, groupHeading, reportTotals, rowLabel, type Report, type ReportRow } from "../lib/report";
import { formatCount, formatMoney, formatPercent } from "./report-format";

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

/** The report's table: one row per group and the total; the figures CSV gives too. */
export function ReportTable({ report }: { report: Report }) {
  const { currencies, group, rows } = report;
  if (rows.length === 0) return <p className="alert alert-secondary">No clicks and no conversions in this range.</p>;
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm table-striped table-hover align-middle report-figures">
          <caption className="caption-top">By {GROUP_LABELS[group].name.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">{groupHeading(group)}</th>
              <th scope="col" className="text-end">
                Clicks
              </th>
              <th scope="col" className="text-end">
                Unique clicks
              </th>
              <th scope="col" className="text-end">
                Conversions
              </th>
              <th scope="col" className="text-end">
                Conv. rate
              </th>
              <th scope="col" className="text-end">
                Revenue
              </th>
              <th scope="col" className="text-end">
                EPC
              </th>
              <th scope="col" className="text-end">
                EPC per 100
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="fw-normal text-break">
                  {rowLabel(row, group)}
                </th>
                <Figures row={row} currencies={currencies.filter((currency) => (row.revenue[currency] ?? 0) !== 0)} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="fw-semibold">
              <th scope="row">Total</th>
              <Figures row={reportTotals(rows)} currencies={currencies} />
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="small text-body-secondary">
        Conversions count pending and approved ones, by the day the network reported them; reversed ones are left out. EPC is revenue per click.
      </p>
    </>
  );
}
