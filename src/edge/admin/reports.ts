import type { Context } from "hono";
import type { Config } from "../../env";
import { parseReportQuery, type Report, type ReportQuery, reportCsv } from "../../lib/report";
import { renderAdminMessage, renderReport } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { asUser } from "./session";

/**
 * The marketers' report (/admin/reports, docs/reports.md): PocketBase sums it for the
 * signed-in marketer's token (pb_hooks/reports.pb.js); shown as a page or as CSV.
 */

/** The report for the signed-in marketer; "signed out" when PocketBase no longer accepts the token. */
async function fetchReport(config: Config, token: string, query: ReportQuery): Promise<Report | "signed out"> {
  const params = new URLSearchParams({ from: query.from, to: query.to, group: query.group });
  const response = await asUser(config, token, `/api/dealpilot/report?${params}`);
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return "signed out";
  }
  if (!response.ok) throw new Error(`report: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as Report;
}

export async function showReport(c: Context<AppEnv>): Promise<Response> {
  const nonce = c.var.cspNonce;
  const csv = c.req.query("format") === "csv";
  const parsed = parseReportQuery(new URL(c.req.url).searchParams, Date.now());
  if (!parsed.ok) return csv ? c.text(parsed.message, 400) : renderAdminMessage({ title: "That report cannot be made", message: parsed.message, nonce }, 400);
  let report: Report | "signed out";
  try {
    report = await fetchReport(c.var.config, c.var.session.token, parsed.query);
  } catch (err) {
    console.error("report not made", err);
    const message = "The report cannot be made just now: PocketBase does not answer. Please try again in a minute.";
    return csv ? c.text(message, 503) : renderAdminMessage({ title: "Report unavailable", message, nonce }, 503);
  }
  if (report === "signed out") {
    const message = "Your session has ended. Please sign in again.";
    return csv ? c.text(message, 401) : renderAdminMessage({ title: "Signed out", message, nonce }, 401);
  }
  if (csv) {
    const { group, from, to } = parsed.query;
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="dealpilot-report-${group}-${from}-to-${to}.csv"`);
    return c.body(reportCsv(report));
  }
  return renderReport({ report, query: parsed.query, nonce });
}
