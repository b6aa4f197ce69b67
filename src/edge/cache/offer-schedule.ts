/**
 * Freshness bounded by the offers' schedule (docs/decisions/019-offer-lifecycle.md). A
 * content read that carries offers' `starts_at` / `expires_at` is tagged with the earliest
 * of those instants still to come; a page carries the earliest of its reads'. Past that
 * instant a stored copy is neither fresh nor served stale: the next request waits for
 * PocketBase, so no cached page shows an offer as live after it has expired, or hides one
 * that has started (the live lists read the next start beside them, src/data/live-offers.ts).
 */

import { nextScheduleInstant, SCHEDULE_FIELDS } from "../../lib/schedule";

/** Epoch milliseconds after which the stored copy must not be served. */
export const FRESH_UNTIL_HEADER = "X-Edge-Fresh-Until";

/** The origin answer with its FRESH_UNTIL_HEADER set when its records have a future instant. */
export async function withScheduleBound(response: Response, now: number): Promise<Response> {
  if (!response.ok || !(response.headers.get("Content-Type") ?? "").includes("json")) return response;
  const text = await response.text();
  // Most reads (stores, articles, settings) hold no schedule: no need to parse them here.
  if (!SCHEDULE_FIELDS.some((field) => text.includes(`"${field}"`))) return new Response(text, response);
  const headers = new Headers(response.headers);
  try {
    const until = nextScheduleInstant(JSON.parse(text), now);
    if (until !== null) headers.set(FRESH_UNTIL_HEADER, String(until));
  } catch {
    // Not JSON after all: no bound, the content client reports the answer as it would anyway.
  }
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

/** The bound a stored copy carries; null when it has none. */
export function freshUntil(headers: Headers): number | null {
  // One lookup: each Headers call is a native call in workerd, run twice for every read.
  const raw = headers.get(FRESH_UNTIL_HEADER);
  const value = Number(raw);
  return raw !== null && Number.isFinite(value) ? value : null;
}

/** Whether a stored copy with this bound (freshUntil's) may still be served at `now`. */
export function withinSchedule(until: number | null, now: number): boolean {
  return until === null || now < until;
}

/** The earlier of two bounds (null meaning none). */
export function earlierBound(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}
