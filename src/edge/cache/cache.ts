/**
 * Edge cache for reads (ARCHITECTURE rule 4): fresh for `fresh` seconds, then served
 * stale for up to `stale` seconds while one background revalidation runs; when the
 * origin fails, the stale copy keeps being served. Concurrent misses for one key share
 * one origin request. The Cache API does none of this itself, so the stored copy
 * carries the time it was stored in a header.
 *
 * With a content version (content-version.ts), a copy also carries the version it was
 * read under: an older copy is outdated, whatever its age. It is read again at once and
 * served only when the origin fails or is slow (stale-if-error), marked STALE.
 */

import { CACHE_TAG_HEADER, parseCacheTags } from "./cache-tags";
import { freshUntil, withinSchedule } from "./offer-schedule";
import { Leases } from "./leases";

export type CacheStatus = "HIT" | "MISS" | "STALE";

export const CACHE_STATUS_HEADER = "X-Edge-Cache";
/** When a copy (of a read or a page) was stored, in ms. */
export const STORED_AT_HEADER = "X-Edge-Stored-At";
/** The content version a copy was read or rendered under (shown to the operator alone, to
 * check publishing: internal-headers.ts). */
export const CONTENT_VERSION_HEADER = "X-Content-Version";
/** How long a request waits for the origin to replace an outdated copy before it gets the copy. */
const OUTDATED_WAIT_MS = 3_000;

export interface CacheTtl {
  fresh: number;
  stale: number;
}

export interface EdgeCacheDeps {
  cache: Cache;
  waitUntil(promise: Promise<unknown>): void;
  now?: () => number;
  /** The content version copies must have reached; absent for reads no edit changes (files). */
  version?: () => Promise<number | null>;
  /** How long (ms) this isolate may answer a read again from a fresh copy it looked up,
   * without asking the Cache API (see `held`); absent: never. */
  holdMs?: number;
  /** This request's origin reads in flight, by flight key: a render reading one key twice
   * at once makes one origin request. One map per request, never shared (decision 070). */
  flights?: Map<string, Flight>;
}

/** An origin read under way and the storing of its answer. */
interface Flight {
  answer: Promise<Snapshot>;
  stored: Promise<void>;
}

/** A read's answer in memory: a stored copy or the origin's answer, read once and, when held
 * (see `held`), answering later requests too (so only ever read, never changed). */
interface Snapshot {
  status: number;
  statusText: string;
  headers: Headers;
  body: ArrayBuffer;
}

/** A read answered through the cache, without building a Response around it (the content
 * client's reads on the server, where each Response and Headers costs tens of µs). */
export interface CachedRead extends Snapshot {
  cacheStatus: CacheStatus;
  terms: CopyTerms;
}

/** Background revalidations under way, by flight key: one at a time per copy and isolate.
 * Longer than any origin read may take (content-origin.ts gives PocketBase 10 s). */
const revalidations = new Leases(15_000);

/**
 * Fresh copies this isolate looked up lately, by cache key. A render repeats the frame's
 * reads and most of its own, and each lookup builds a Response, its headers and its body
 * (and, at Cloudflare, asks the location's cache). A held copy answers only as a stored one
 * would: while fresh, not outdated and within its offers' schedule, checked on every use.
 * So an edit replaces it as it replaces the stored copy; what it can miss is a purge made
 * elsewhere, hence at most `holdMs` (the content version's interval: a purge then reaches
 * every isolate as fast as an edit does). Deliberately module-scoped:
 * content shared by every request, never anything about a visitor, and only ever read.
 */
const held = new Map<string, { heldAt: number; copy: Snapshot; terms: CopyTerms }>();
let heldBytes = 0;
/** Search reads at scale run to 100 KB each: the oldest copies go first past this. */
const HELD_BYTES_MAX = 4 * 1024 * 1024;

function dropHeld(key: string): void {
  const entry = held.get(key);
  if (!entry) return;
  held.delete(key);
  heldBytes -= entry.copy.body.byteLength;
}

function hold(key: string, copy: Snapshot, terms: CopyTerms, now: number): void {
  dropHeld(key);
  held.set(key, { heldAt: now, copy, terms });
  heldBytes += copy.body.byteLength;
  for (const oldest of held.keys()) {
    if (heldBytes <= HELD_BYTES_MAX) break;
    dropHeld(oldest);
  }
}

/** Deletes a read's stored copy, and this isolate's held one. */
export async function deleteCopy(cache: Cache, key: string): Promise<boolean> {
  dropHeld(key);
  return cache.delete(key);
}

/** A read or revalidation started under an older version does not stand for one under a newer one. */
const flightKey = (key: string, version: number | null) => (version === null ? key : `${key}#${version}`);

/** The Response `readThrough` answers for a read (X-Edge-Cache set, X-Edge-Stored-At removed). */
export function toResponse(read: CachedRead): Response {
  const headers = new Headers(read.headers);
  headers.delete(STORED_AT_HEADER);
  headers.set(CACHE_STATUS_HEADER, read.cacheStatus);
  return new Response(read.body.slice(0), { status: read.status, statusText: read.statusText, headers });
}

const answered = (snapshot: Snapshot, cacheStatus: CacheStatus, terms = termsOf(snapshot.headers)): CachedRead => ({ ...snapshot, cacheStatus, terms });

async function snapshotOf(response: Response): Promise<Snapshot> {
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: await response.arrayBuffer(),
  };
}

/** What a copy's headers say about serving it: read once, since a held copy answers many
 * reads and each Headers call is a native call. */
interface ServingTerms {
  storedAt: number;
  /** Its content version; null without one (older than every version). */
  version: number | null;
  /** Its offers' next start or expiry (ms), or null. */
  until: number | null;
}

/** A read's serving terms and the records it holds. */
export interface CopyTerms extends ServingTerms {
  /** Its Cache-Tag values (cache-tags.ts), which a page rendered from it carries too. */
  tags: readonly string[];
}

function servingTermsOf(headers: Headers): ServingTerms {
  const version = headers.get(CONTENT_VERSION_HEADER);
  return { storedAt: Number(headers.get(STORED_AT_HEADER) ?? 0), version: version === null ? null : Number(version), until: freshUntil(headers) };
}

const termsOf = (headers: Headers): CopyTerms => ({ ...servingTermsOf(headers), tags: parseCacheTags(headers.get(CACHE_TAG_HEADER)) });

export type CopyState = "fresh" | "stale" | "outdated" | "unusable";

/**
 * What a copy is good for: answering as it is (fresh), while one revalidation runs (stale),
 * only if the origin fails to replace it (outdated: its version predates the one known, and
 * a copy without one predates every version), or nothing (past its schedule or its last
 * stale second: a miss).
 */
function stateOf({ storedAt, version: own, until }: ServingTerms, ttl: CacheTtl, version: number | null, now: number): CopyState {
  if (!withinSchedule(until, now)) return "unusable";
  const ageMs = now - storedAt;
  if (ageMs >= (ttl.fresh + ttl.stale) * 1000) return "unusable";
  if (version !== null && !((own ?? 0) >= version)) return "outdated";
  return ageMs < ttl.fresh * 1000 ? "fresh" : "stale";
}

/** The state of a stored copy (a read's or a page's, src/edge/cache/page-cache.ts) by its headers. */
export function storedCopyState(headers: Headers, ttl: CacheTtl, version: number | null, now: number): CopyState {
  return stateOf(servingTermsOf(headers), ttl, version, now);
}

function cacheable(snapshot: Snapshot): boolean {
  return snapshot.status === 200 && !snapshot.headers.has("Set-Cookie");
}

/**
 * Reads `key` through the cache. `load` performs the origin request; it may throw
 * (origin unreachable), which is rethrown only when no copy, fresh or stale, exists.
 * Non-200 origin answers pass through uncached. A copy past the next start or expiry of
 * the offers it holds (src/edge/cache/offer-schedule.ts) counts as no copy at all.
 */
export async function readThrough(key: string, load: () => Promise<Response>, ttl: CacheTtl, deps: EdgeCacheDeps): Promise<Response> {
  return toResponse(await cachedRead(key, load, ttl, deps));
}

/** `readThrough`'s answer as it is held, the copy's own headers included (X-Edge-Stored-At). */
export async function cachedRead(key: string, load: () => Promise<Response>, ttl: CacheTtl, deps: EdgeCacheDeps): Promise<CachedRead> {
  const now = deps.now ?? Date.now;
  const version = (await deps.version?.()) ?? null;
  const holdMs = deps.holdMs ?? 0;
  const holding = holdMs > 0 ? held.get(key) : undefined;
  if (holding && now() - holding.heldAt < holdMs && stateOf(holding.terms, ttl, version, now()) === "fresh")
    return answered(holding.copy, "HIT", holding.terms);
  const stored = await deps.cache.match(key);
  if (!stored) return answered(await fetchAndStore(key, load, ttl, deps, version).answer, "MISS");
  const terms = termsOf(stored.headers);
  switch (stateOf(terms, ttl, version, now())) {
    case "fresh": {
      const copy = await snapshotOf(stored);
      if (holdMs > 0) hold(key, copy, terms, now());
      return answered(copy, "HIT", terms);
    }
    case "outdated":
      return replaceOutdated(key, await snapshotOf(stored), fetchAndStore(key, load, ttl, deps, version).answer, deps);
    case "stale": {
      const release = revalidations.take(flightKey(key, version), now());
      // A failed revalidation keeps the stale copy: that is stale-if-error.
      if (release)
        deps.waitUntil(
          fetchAndStore(key, load, ttl, deps, version)
            .stored.catch(() => undefined)
            .finally(release),
        );
      return answered(await snapshotOf(stored), "STALE", terms);
    }
    case "unusable":
      return answered(await fetchAndStore(key, load, ttl, deps, version).answer, "MISS");
  }
}

/** The origin's answer if it comes in time and is not a server error, else the outdated
 * copy; a late answer is still stored when it arrives. A record deleted since loses its copy,
 * so an outage cannot bring it back. */
async function replaceOutdated(key: string, copy: Snapshot, answer: Promise<Snapshot>, deps: EdgeCacheDeps): Promise<CachedRead> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(resolve, OUTDATED_WAIT_MS)));
  const replaced = await Promise.race([answer.catch(() => undefined), late]);
  clearTimeout(timer);
  if (!replaced || replaced.status >= 500) return answered(copy, "STALE");
  if (replaced.status === 404) deps.waitUntil(deleteCopy(deps.cache, key));
  return answered(replaced, "MISS");
}

/**
 * This request's origin read of `key`, and its storing when cacheable; the read already under
 * way in this request, if any. Never shared with another request (decision 070): concurrent
 * misses in one isolate each read, and the first stored copy answers every request after them.
 */
function fetchAndStore(key: string, load: () => Promise<Response>, ttl: CacheTtl, deps: EdgeCacheDeps, version: number | null): Flight {
  const id = flightKey(key, version);
  const pending = deps.flights?.get(id);
  if (pending) return pending;
  const now = deps.now ?? Date.now;
  const answer = load()
    .then(snapshotOf)
    .then((snapshot) => {
      if (version === null) return snapshot;
      const headers = new Headers(snapshot.headers);
      headers.set(CONTENT_VERSION_HEADER, String(version));
      return { ...snapshot, headers };
    });
  const stored = answer.then((snapshot) => (cacheable(snapshot) ? store(key, snapshot, ttl, deps, now()) : undefined));
  // In flight until stored, so a read of the key between the answer and the write joins it.
  deps.waitUntil(stored.catch(() => undefined).finally(() => deps.flights?.delete(id)));
  const flight = { answer, stored };
  deps.flights?.set(id, flight);
  return flight;
}

async function store(key: string, snapshot: Snapshot, ttl: CacheTtl, deps: EdgeCacheDeps, storedAt: number): Promise<void> {
  const headers = new Headers(snapshot.headers);
  headers.set(STORED_AT_HEADER, String(storedAt));
  headers.set("Cache-Control", `public, max-age=${ttl.fresh + ttl.stale}`);
  await deps.cache.put(key, new Response(snapshot.body.slice(0), { status: snapshot.status, headers }));
  // The copy held until now (if any) is older: the next read looks the new one up.
  dropHeld(key);
}
