import { parseContentDate } from "../lib/dates";
import type { ContentClient, ReadOptions } from "./client";
import type { ListResult } from "./types";

/**
 * The live-offer rule, in one place (docs/decisions/019-offer-lifecycle.md): an offer is
 * live when `starts_at` is empty or past and `expires_at` is empty or future. Every read
 * that lists, counts or shows offers to visitors goes through `listLive` (or adds
 * `liveFilter` itself); `isLive` is the same rule for one record in memory.
 *
 * The filter compares with PocketBase's `@now`, not a parameter: the read's address stays
 * the same from one request to the next, so the edge cache can keep it, and the edge ends
 * a cached read's freshness at the next start or expiry it contains (src/edge/cache/offer-schedule.ts).
 */

/** Date fields of the lifecycle and the vote counters, as the cards read them. */
export const LIFECYCLE_FIELDS = "starts_at,expires_at,verified_at,worked_count,failed_count";

export interface OfferLifecycle {
  /** PocketBase dates ("2026-11-23 10:00:00.000Z"); "" when not set. */
  starts_at?: string;
  expires_at?: string;
  verified_at?: string;
  worked_count?: number;
  failed_count?: number;
}

const NOT_ENDED = '(expires_at = "" || expires_at > @now)';
const LIVE = `(starts_at = "" || starts_at <= @now) && ${NOT_ENDED}`;
const UPCOMING = "starts_at > @now";

const and = (...clauses: string[]) =>
  clauses
    .filter(Boolean)
    .map((clause) => `(${clause})`)
    .join(" && ");

/** `scope` (a filter built with pb.filter, or "") narrowed to live offers. */
export function liveFilter(scope = ""): string {
  return and(scope, LIVE);
}

/** Offers of `scope` that have expired (the store page's closed "Expired coupons" section). */
export function expiredFilter(scope = ""): string {
  return and(scope, 'expires_at != "" && expires_at <= @now');
}

/** Whether `offer` is live at `now` (ms since the epoch). Unreadable dates count as unset. */
export function isLive(offer: Pick<OfferLifecycle, "starts_at" | "expires_at">, now: number): boolean {
  const starts = parseContentDate(offer.starts_at);
  const expires = parseContentDate(offer.expires_at);
  return (!starts || starts.getTime() <= now) && (!expires || expires.getTime() > now);
}

/**
 * One page of the live offers of `collection` within `options.filter`. Before it, the
 * first offer of the same scope still to start is read (one record, its start date only):
 * the edge bounds a page's freshness by the dates its reads contain, and this read brings
 * the moment an offer the list hides will have to appear.
 */
export async function listLive<T>(pb: ContentClient, collection: string, page: number, perPage: number, options: ReadOptions = {}): Promise<LiveList<T>> {
  const scope = options.filter ?? "";
  // An editor's preview lists the offers still to start too, marked (PreviewBadge); it is never cached.
  if (pb.showsScheduled) return pb.collection(collection).getList<T>(page, perPage, { ...options, filter: and(scope, NOT_ENDED) });
  const upcoming = await pb.collection(collection).getList<Pick<OfferLifecycle, "starts_at">>(1, 1, {
    filter: and(scope, UPCOMING),
    sort: "starts_at,id",
    fields: "id,starts_at",
    skipTotal: true,
  });
  const nextStart = upcoming.items[0]?.starts_at;
  // "Started before the next start" is true of every live offer; it names that start in the
  // list's address, so a copy of the list stored before it (bounded only by the offers it
  // holds) is never read after it: the read after it has another address.
  const beforeNextStart = nextStart ? pb.filter("starts_at < {:nextStart}", { nextStart }) : "";
  const list = await pb.collection(collection).getList<T>(page, perPage, { ...options, filter: liveFilter(and(scope, beforeNextStart)) });
  return nextStart ? { ...list, next_start: nextStart } : list;
}

/** A page of live offers and, when one of the scope is still to start, its start: an open
 * page reloads its data then (src/lib/schedule.ts). */
export type LiveList<T> = ListResult<T> & { next_start?: string };
