/**
 * Dates as the pages show them. The same text must come out of the Worker and the browser,
 * whatever the visitor's locale or time zone, or hydration would not match: so the format
 * is built by hand in English and in UTC instead of through the runtime's Intl data.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** Parses a content-service date ("2025-03-04 10:20:30.000Z", or ISO with a T); null when empty or invalid. */
export function parseContentDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.trim().replace(" ", "T"));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The spec's "medium date" (Angular's mediumDate, en-US): "Mar 4, 2025", in UTC. Empty for no date. */
export function mediumDate(value: string | null | undefined): string {
  const date = parseContentDate(value);
  if (!date) return "";
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Machine-readable form for `<time dateTime>`: the UTC calendar day (YYYY-MM-DD). Empty for no date. */
export function isoDay(value: string | null | undefined): string {
  const date = parseContentDate(value);
  return date ? date.toISOString().slice(0, 10) : "";
}
