/**
 * The marketers' report (/admin/reports, docs/reports.md): its query, its figures and its
 * CSV. PocketBase sums the rows (pb_hooks/reports.js); the ratios are worked out here.
 */

import { REPORT_GROUPS } from "./rules";

export { REPORT_GROUPS };
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** What each grouping is called, and what its empty value means. */
export const GROUP_LABELS: Record<ReportGroup, { name: string; none: string }> = {
  day: { name: "Day", none: "" },
  campaign: { name: "Campaign", none: "(no campaign)" },
  source: { name: "Source", none: "(no source)" },
  medium: { name: "Medium", none: "(no medium)" },
  store: { name: "Store", none: "(no store)" },
  offer: { name: "Offer", none: "(no offer)" },
  country: { name: "Country", none: "(unknown)" },
  device: { name: "Device", none: "(unknown)" },
  network: { name: "Network", none: "(no network)" },
  link: { name: "Short link", none: "(no short link)" },
};

/** The heading of the grouping's column: days are UTC days. */
export function groupHeading(group: ReportGroup): string {
  return group === "day" ? "Day (UTC)" : GROUP_LABELS[group].name;
}

export const DEFAULT_REPORT_DAYS = 7;
export const MAX_REPORT_DAYS = 366;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportQuery {
  from: string;
  to: string;
  group: ReportGroup;
  format: "html" | "csv";
}

export type ReportQueryParse = { ok: true; query: ReportQuery } | { ok: false; message: string };

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A real UTC day written YYYY-MM-DD (not 2020-02-30). */
function isDay(value: string): boolean {
  const ms = Date.parse(`${value}T00:00:00Z`);
  return DAY.test(value) && !Number.isNaN(ms) && dayOf(ms) === value;
}

/** The query of a report URL; absent values take their defaults (the last 7 UTC days, by day). */
export function parseReportQuery(params: URLSearchParams, now: number): ReportQueryParse {
  const to = params.get("to") || dayOf(now);
  const from = params.get("from") || dayOf(Date.parse(to) - (DEFAULT_REPORT_DAYS - 1) * DAY_MS);
  if (!isDay(to) || !isDay(from)) return { ok: false, message: "from and to must be days written YYYY-MM-DD." };
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) return { ok: false, message: "from must not be after to." };
  if (days > MAX_REPORT_DAYS) return { ok: false, message: `A report covers at most ${MAX_REPORT_DAYS} days.` };
  const group = params.get("group") || "day";
  if (!(REPORT_GROUPS as readonly string[]).includes(group)) return { ok: false, message: `group must be one of ${REPORT_GROUPS.join(", ")}.` };
  const format = params.get("format") || "html";
  if (format !== "html" && format !== "csv") return { ok: false, message: "format must be html or csv." };
  return { ok: true, query: { from, to, group: group as ReportGroup, format } };
}

export interface ReportRow {
  key: string;
  label: string;
  clicks: number;
  unique_clicks: number;
  /** Pending and approved; reversed ones are left out. */
  conversions: number;
  approved: number;
  /** Payouts of those conversions, per currency. */
  revenue: Record<string, number>;
}

export interface Report {
  from: string;
  to: string;
  group: ReportGroup;
  currencies: string[];
  rows: ReportRow[];
  days: Array<{ day: string; clicks: number; conversions: number }>;
  viewer: { email: string; name: string; role: "superuser" | "marketer" };
}

/** The rows added up. */
export function reportTotals(rows: readonly ReportRow[]): ReportRow {
  const total: ReportRow = { key: "", label: "Total", clicks: 0, unique_clicks: 0, conversions: 0, approved: 0, revenue: {} };
  for (const row of rows) {
    total.clicks += row.clicks;
    total.unique_clicks += row.unique_clicks;
    total.conversions += row.conversions;
    total.approved += row.approved;
    for (const [currency, amount] of Object.entries(row.revenue)) total.revenue[currency] = (total.revenue[currency] ?? 0) + amount;
  }
  return total;
}

/** Conversions per click; null without clicks. */
export function conversionRate(row: ReportRow): number | null {
  return row.clicks > 0 ? row.conversions / row.clicks : null;
}

/** Earnings per click in one currency; null without clicks. CJ quotes it per 100 clicks. */
export function earningsPerClick(row: ReportRow, currency: string, per = 1): number | null {
  return row.clicks > 0 ? ((row.revenue[currency] ?? 0) / row.clicks) * per : null;
}

export function rowLabel(row: ReportRow, group: ReportGroup): string {
  return row.label || GROUP_LABELS[group].none;
}

function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  // A leading = + - @ would make a spreadsheet run the field as a formula.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === "string" ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const fixed = (value: number | null, places: number) => (value === null ? null : value.toFixed(places));

/** The report's table as CSV (RFC 4180): a header row, one row per group, then the total. */
export function reportCsv(report: Report): string {
  const perCurrency = (name: string) => report.currencies.map((currency) => `${name}_${currency}`);
  const header = [
    report.group,
    "clicks",
    "unique_clicks",
    "conversions",
    "approved",
    "conversion_rate",
    ...perCurrency("revenue"),
    ...perCurrency("epc"),
    ...perCurrency("epc_100"),
  ];
  const line = (row: ReportRow, label: string) => [
    label,
    row.clicks,
    row.unique_clicks,
    row.conversions,
    row.approved,
    fixed(conversionRate(row), 4),
    ...report.currencies.map((currency) => fixed(row.revenue[currency] ?? 0, 2)),
    ...report.currencies.map((currency) => fixed(earningsPerClick(row, currency), 4)),
    ...report.currencies.map((currency) => fixed(earningsPerClick(row, currency, 100), 2)),
  ];
  const lines = [header, ...report.rows.map((row) => line(row, rowLabel(row, report.group))), line(reportTotals(report.rows), "Total")];
  return `${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}
