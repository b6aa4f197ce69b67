/**
 * The marketers' report (/admin/reports, docs/reports.md): its query, its figures and its
 * CSV. PocketBase sums the rows (pb_hooks/reports.js); the ratios are worked out here.
 */

import { CONVERSION_STATUSES, REPORT_GROUPS } from "./rules";

export { CONVERSION_STATUSES, REPORT_GROUPS };
export type ReportGroup = (typeof REPORT_GROUPS)[number];
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];
/** Every grouping but the day filters the report too (pb_hooks/reports.js FILTERS). */
export type ReportFilter = Exclude<ReportGroup, "day">;
export const REPORT_FILTERS = REPORT_GROUPS.filter((group): group is ReportFilter => group !== "day");
export type ReportFilters = Partial<Record<ReportFilter, string>>;
const MAX_FILTER_LENGTH = 200;

/** The columns the table can be ordered by; without one, days in order and other rows by clicks, most first. */
export const REPORT_SORTS = ["label", "clicks", "unique_clicks", "conversions", ...CONVERSION_STATUSES, "conversion_rate"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];
export const REPORT_ROWS_PER_PAGE = 50;

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
  /** Only the filters given, each a value of its grouping (an id for stores, offers, networks, links). */
  filters: ReportFilters;
  sort: ReportSort | null;
  dir: "asc" | "desc";
  page: number;
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
  const filters: ReportFilters = {};
  for (const name of REPORT_FILTERS) {
    const value = (params.get(name) ?? "").trim();
    if (value.length > MAX_FILTER_LENGTH) return { ok: false, message: `${name} is at most ${MAX_FILTER_LENGTH} characters.` };
    if (value) filters[name] = value;
  }
  const sort = params.get("sort") || null;
  if (sort !== null && !(REPORT_SORTS as readonly string[]).includes(sort)) return { ok: false, message: `sort must be one of ${REPORT_SORTS.join(", ")}.` };
  const dir = params.get("dir") || (sort === "label" ? "asc" : "desc");
  if (dir !== "asc" && dir !== "desc") return { ok: false, message: "dir must be asc or desc." };
  const page = Number(params.get("page") || "1");
  if (!Number.isInteger(page) || page < 1 || page > 10_000) return { ok: false, message: "page must be a whole number from 1." };
  return { ok: true, query: { from, to, group: group as ReportGroup, format, filters, sort: sort as ReportSort | null, dir, page } };
}

/** The report's address for a query, with some of it changed; `format: "csv"` leaves the page out (the CSV has every row). */
export function reportHref(query: ReportQuery, change: Partial<ReportQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams({ from: next.from, to: next.to, group: next.group });
  for (const name of REPORT_FILTERS) if (next.filters[name]) params.set(name, next.filters[name]);
  if (next.sort) params.set("sort", next.sort);
  if (next.sort) params.set("dir", next.dir);
  if (next.format === "csv") params.set("format", "csv");
  else if (next.page > 1) params.set("page", String(next.page));
  return `/admin/reports?${params}`;
}

/** The parameters PocketBase's report reads (pb_hooks/reports.pb.js). */
export function reportApiParams(query: ReportQuery): URLSearchParams {
  return new URLSearchParams({ from: query.from, to: query.to, group: query.group, ...query.filters });
}

export type ReportRow = {
  key: string;
  label: string;
  /** The offer's store, grouped by offer. */
  store?: string;
  clicks: number;
  unique_clicks: number;
  /** Pending and approved; reversed ones are left out. */
  conversions: number;
  /** Payouts of those conversions, per currency. */
  revenue: Record<string, number>;
} & Record<ConversionStatus, number>;

export interface Report {
  from: string;
  to: string;
  group: ReportGroup;
  currencies: string[];
  rows: ReportRow[];
  days: Array<{ day: string; clicks: number; conversions: number }>;
  /** The period of the same length just before, added up. */
  previous: { from: string; to: string; currencies: string[]; totals: ReportRow };
  /** The values each filter can take in the range, with their names. */
  choices: Record<ReportFilter, Array<{ value: string; label: string }>>;
  viewer: { email: string; name: string; role: "superuser" | "marketer" };
}

/** The rows added up. */
export function reportTotals(rows: readonly ReportRow[]): ReportRow {
  const total: ReportRow = { key: "", label: "Total", clicks: 0, unique_clicks: 0, conversions: 0, pending: 0, approved: 0, reversed: 0, revenue: {} };
  for (const row of rows) {
    total.clicks += row.clicks;
    total.unique_clicks += row.unique_clicks;
    total.conversions += row.conversions;
    for (const status of CONVERSION_STATUSES) total[status] += row[status];
    for (const [currency, amount] of Object.entries(row.revenue)) total.revenue[currency] = (total.revenue[currency] ?? 0) + amount;
  }
  return total;
}

/** The rows in the query's order (ties keep PocketBase's order: days in order, otherwise by clicks). */
export function sortReportRows(rows: readonly ReportRow[], query: Pick<ReportQuery, "sort" | "dir" | "group">): ReportRow[] {
  const { sort, dir } = query;
  if (!sort) return [...rows];
  const sign = dir === "asc" ? 1 : -1;
  const value = (row: ReportRow): number | string =>
    sort === "label" ? rowLabel(row, query.group).toLowerCase() : sort === "conversion_rate" ? (conversionRate(row) ?? -1) : row[sort];
  return rows
    .map((row, index) => ({ row, index, value: value(row) }))
    .sort((a, b) => (a.value < b.value ? -sign : a.value > b.value ? sign : a.index - b.index))
    .map(({ row }) => row);
}

/** The change from a previous figure to this one, as a fraction; null when there was none before. */
export function change(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return (now - before) / before;
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

/** The report's table as CSV (RFC 4180): a header row, one row per group in the given order, then the total. */
export function reportCsv(report: Report, rows: readonly ReportRow[] = report.rows): string {
  const perCurrency = (name: string) => report.currencies.map((currency) => `${name}_${currency}`);
  const byOffer = report.group === "offer";
  const header = [
    report.group,
    ...(byOffer ? ["store"] : []),
    "clicks",
    "unique_clicks",
    "conversions",
    ...CONVERSION_STATUSES,
    "conversion_rate",
    ...perCurrency("revenue"),
    ...perCurrency("epc"),
    ...perCurrency("epc_100"),
  ];
  const line = (row: ReportRow, label: string) => [
    label,
    ...(byOffer ? [row.store ?? ""] : []),
    row.clicks,
    row.unique_clicks,
    row.conversions,
    ...CONVERSION_STATUSES.map((status) => row[status]),
    fixed(conversionRate(row), 4),
    ...report.currencies.map((currency) => fixed(row.revenue[currency] ?? 0, 2)),
    ...report.currencies.map((currency) => fixed(earningsPerClick(row, currency), 4)),
    ...report.currencies.map((currency) => fixed(earningsPerClick(row, currency, 100), 2)),
  ];
  const lines = [header, ...rows.map((row) => line(row, rowLabel(row, report.group))), line(reportTotals(report.rows), "Total")];
  return `${lines.map((fields) => fields.map(csvField).join(",")).join("\r\n")}\r\n`;
}
