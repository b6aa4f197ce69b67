/**
 * Edge cache for reads (ARCHITECTURE rule 4): fresh for `fresh` seconds, then served
 * stale for up to `stale` seconds while one background revalidation runs; when the
 * origin fails, the stale copy keeps being served. Concurrent misses for one key share
 * one origin request. The Cache API does none of this itself, so the stored copy
 * carries the time it was stored in a header.
 */

import { withinSchedule } from "./offer-schedule";

export type CacheStatus = "HIT" | "MISS" | "STALE";

export const CACHE_STATUS_HEADER = "X-Edge-Cache";
const STORED_AT_HEADER = "X-Edge-Stored-At";

export interface CacheTtl {
  fresh: number;
  stale: number;
}

export interface EdgeCacheDeps {
  cache: Cache;
  waitUntil(promise: Promise<unknown>): void;
  now?: () => number;
}

interface Snapshot {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: ArrayBuffer;
}

/**
 * Origin requests in flight, by cache key. Deliberately module-scoped: coalescing must
 * span every request this isolate serves. It holds promises of origin answers only,
 * never anything about a visitor.
 */
const inflight = new Map<string, Promise<Snapshot>>();

function cacheRequest(key: string): Request {
  return new Request(key, { method: "GET" });
}

function toResponse(snapshot: Snapshot, status: CacheStatus): Response {
  const headers = new Headers(snapshot.headers);
  headers.delete(STORED_AT_HEADER);
  headers.set(CACHE_STATUS_HEADER, status);
  return new Response(snapshot.body.slice(0), { status: snapshot.status, statusText: snapshot.statusText, headers });
}

async function snapshotOf(response: Response): Promise<Snapshot> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers],
    body: await response.arrayBuffer(),
  };
}

function cacheable(snapshot: Snapshot): boolean {
  return snapshot.status === 200 && !snapshot.headers.some(([name]) => name.toLowerCase() === "set-cookie");
}

/**
 * Reads `key` through the cache. `load` performs the origin request; it may throw
 * (origin unreachable), which is rethrown only when no copy, fresh or stale, exists.
 * Non-200 origin answers pass through uncached. A copy past the next start or expiry of
 * the offers it holds (src/edge/offer-schedule.ts) counts as no copy at all.
 */
export async function readThrough(
  key: string,
  load: () => Promise<Response>,
  ttl: CacheTtl,
  deps: EdgeCacheDeps,
): Promise<Response> {
  const now = deps.now ?? Date.now;
  const stored = await deps.cache.match(cacheRequest(key));
  if (stored && withinSchedule(stored.headers, now())) {
    const ageMs = now() - Number(stored.headers.get(STORED_AT_HEADER) ?? 0);
    if (ageMs < ttl.fresh * 1000) return toResponse(await snapshotOf(stored), "HIT");
    if (ageMs < (ttl.fresh + ttl.stale) * 1000) {
      if (!inflight.has(key)) {
        // A failed revalidation keeps the stale copy: that is stale-if-error.
        deps.waitUntil(fetchAndStore(key, load, ttl, deps).catch(() => undefined));
      }
      return toResponse(await snapshotOf(stored), "STALE");
    }
  }
  return toResponse(await fetchAndStore(key, load, ttl, deps), "MISS");
}

function fetchAndStore(key: string, load: () => Promise<Response>, ttl: CacheTtl, deps: EdgeCacheDeps): Promise<Snapshot> {
  const pending = inflight.get(key);
  if (pending) return pending;
  const now = deps.now ?? Date.now;
  const answer = load().then(snapshotOf);
  const stored = answer.then(async (snapshot) => {
    if (!cacheable(snapshot)) return;
    const headers = new Headers(snapshot.headers);
    headers.set(STORED_AT_HEADER, String(now()));
    headers.set("Cache-Control", `public, max-age=${ttl.fresh + ttl.stale}`);
    await deps.cache.put(cacheRequest(key), new Response(snapshot.body.slice(0), { status: snapshot.status, headers }));
  });
  // Keep the key "in flight" until the copy is stored, so a request arriving between
  // the answer and the write does not start a second origin request.
  const settled = stored.catch(() => undefined).finally(() => inflight.delete(key));
  deps.waitUntil(settled);
  inflight.set(key, answer);
  return answer;
}
