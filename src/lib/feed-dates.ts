/**
 * Dates as affiliate networks write them (docs/feeds.md "Time"). A date with an offset or Z is
 * that instant. One without a zone is a wall-clock time in the zone the network documents
 * (the network's `feed_time_zone`, UTC by default). One without a time is a whole day: an
 * end date means the end of that day (the offer is live through it, so it expires at the next
 * midnight in that zone), a start date its beginning. A code that ends on "2026-12-31" must
 * not vanish on the 30th for a visitor west of Greenwich, nor at midnight UTC for a network
 * that documents New York time.
 */

export type DateEdge = "start" | "end";

/** Year, month (1-12), day, hours, minutes, seconds, milliseconds as written; `time` false for a bare date. */
interface WallClock {
  parts: [number, number, number, number, number, number, number];
  time: boolean;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
/** dd/mm/yyyy with an optional time, as Awin's CSV export writes it. */
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's formatter; throws RangeError for a zone the runtime does not know. */
function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  return format;
}

/** Whether the runtime knows an IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetAt(zone: string, instant: number): number {
  const fields: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(instant))) if (part.type !== "literal") fields[part.type] = Number(part.value);
  const wall = Date.UTC(fields.year ?? 0, (fields.month ?? 1) - 1, fields.day ?? 1, (fields.hour ?? 0) % 24, fields.minute ?? 0, fields.second ?? 0);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/** The instant a wall-clock time in `zone` names (the earlier one when clocks go back, the later when a gap skips it). */
function zonedInstant(parts: WallClock["parts"], zone: string): number {
  const [year, month, day, hour, minute, second, ms] = parts;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const first = offsetAt(zone, wall);
  const guess = wall - first;
  const second2 = offsetAt(zone, guess);
  return second2 === first ? guess : wall - second2;
}

function wallClock(text: string): { clock: WallClock; offset: string | undefined } | null {
  const iso = ISO.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, frac, offset] = iso;
    const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
    return { clock: { parts: [Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms], time: h !== undefined }, offset };
  }
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst) {
    const [, d, mo, y, h, mi, s] = dayFirst;
    return {
      clock: { parts: [Number(y), Number(mo), Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), 0], time: h !== undefined },
      offset: undefined,
    };
  }
  return null;
}

function validParts([year, month, day, hour, minute, second]: WallClock["parts"]): boolean {
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day && hour < 24 && minute < 60 && second < 61 && year >= 1970 && year < 10000;
}

/**
 * A feed's date as an instant (ms), or null when empty. "invalid" for text that is not a date
 * of any form the networks write. `zone` is an IANA name the runtime knows.
 */
export function feedInstant(text: string | null | undefined, zone: string, edge: DateEdge): number | null | "invalid" {
  const value = (text ?? "").trim();
  if (value === "") return null;
  const read = wallClock(value);
  if (!read || !validParts(read.clock.parts)) return "invalid";
  const { clock, offset } = read;
  if (!clock.time) {
    const [year, month, day] = clock.parts;
    // A bare end date is the whole day: live until the next midnight where the network is.
    const parts: WallClock["parts"] = edge === "end" ? [year, month, day + 1, 0, 0, 0, 0] : [year, month, day, 0, 0, 0, 0];
    const normal = new Date(Date.UTC(parts[0], parts[1] - 1, parts[2]));
    return zonedInstant([normal.getUTCFullYear(), normal.getUTCMonth() + 1, normal.getUTCDate(), 0, 0, 0, 0], zone);
  }
  if (offset) {
    const [year, month, day, hour, minute, second, ms] = clock.parts;
    const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
    if (offset.toUpperCase() === "Z") return utc;
    const sign = offset.startsWith("-") ? -1 : 1;
    const digits = offset.slice(1).replace(":", "");
    return utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return zonedInstant(clock.parts, zone);
}

/** An instant as PocketBase stores dates ("2026-12-31 23:00:00.000Z"). */
export function contentDate(instant: number): string {
  return new Date(instant).toISOString().replace("T", " ");
}
