import type { Report, ReportQuery } from "../lib/report";
import { AdminDocument } from "./AdminDocument";
import { ReportChart } from "./ReportChart";
import { ReportFilters } from "./ReportFilters";
import { ReportTable } from "./ReportTable";

/** /admin/reports: clicks, conversions, revenue and EPC for a range of UTC days, grouped. */
export function ReportsPage({ report, query, now, nonce }: { report: Report; query: ReportQuery; now: number; nonce?: string }) {
  return (
    <AdminDocument title="Report" viewer={report.viewer} chart nonce={nonce}>
      <h1 className="h3 mb-1">Clicks and conversions</h1>
      <p className="text-body-secondary mb-4">{report.from === report.to ? report.from : `${report.from} to ${report.to}`} (UTC days)</p>
      <ReportFilters query={query} choices={report.choices} now={now} />
      <ReportChart days={report.days} />
      <ReportTable report={report} query={query} />
    </AdminDocument>
  );
}
