import { jsonForScript } from "../lib/json-script";
import type { Report } from "../lib/report";

/**
 * Clicks and conversions per day, drawn by client/admin/report-chart.ts into a box of the
 * chart's own height (client/admin/admin.css), so the table below does not move when it is
 * drawn. Without scripting the box is not shown: the page is the table alone.
 */
export function ReportChart({ days }: { days: Report["days"] }) {
  const series = days.map(({ day, clicks, conversions }) => ({ day, clicks, conversions }));
  return (
    <figure id="report-chart" className="mb-4 report-chart-figure">
      <figcaption className="h6">Clicks and conversions per day (UTC)</figcaption>
      <div className="report-chart" aria-hidden="true" />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript (src/lib/json-script.ts) in a non-executable data block */}
      <script type="application/json" id="report-chart-data" dangerouslySetInnerHTML={{ __html: jsonForScript(series) }} />
    </figure>
  );
}
