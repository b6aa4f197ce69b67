/**
 * The instants at which what a page shows about its offers changes: an offer's start or
 * expiry, and a list's `next_start` (the first offer it hides until then). The edge ends a
 * cached copy's freshness at the earliest (src/edge/cache/offer-schedule.ts); an open page
 * reloads its data then (src/app/layout/ScheduleRefresh.tsx).
 */
export const SCHEDULE_FIELDS = ["starts_at", "expires_at", "next_start"] as const;

/** The earliest instant later than `now` anywhere in `data` (records, lists, expanded
 * relations); null when there is none. `unwrap` turns a value the walk meets into what to
 * walk instead (the browser's loader data holds settled promises). */
export function nextScheduleInstant(data: unknown, now: number, unwrap: (value: unknown) => unknown = (value) => value): number | null {
  let next: number | null = null;
  const visit = (raw: unknown): void => {
    const value = unwrap(raw);
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== "object" || value === null) return;
    const record = value as Record<string, unknown>;
    for (const field of SCHEDULE_FIELDS) {
      const date = record[field];
      if (typeof date !== "string" || date === "") continue;
      const at = Date.parse(date.replace(" ", "T"));
      if (Number.isFinite(at) && at > now && (next === null || at < next)) next = at;
    }
    for (const nested of Object.values(record)) if (typeof nested === "object") visit(nested);
  };
  visit(data);
  return next;
}
