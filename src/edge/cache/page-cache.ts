/**
 * Full-page edge cache (ARCHITECTURE rule 5). A page is stored under its path and its
 * non-tracking query, sorted, as one complete document (every section in place, no inline
 * script moving streamed segments), so what the cache serves reads whole with JavaScript
 * off and to any crawler (issue 34). Fresh for `fresh` seconds, then served stale for up to
 * `stale` more while one background render replaces it; a failed render keeps the stale
 * copy (stale-if-error). On a miss a visitor's page streams from its own render (caching
 * never delays the shell) while the complete document is rendered beside it and stored; a
 * crawler's complete render is itself stored while it streams.
 *
 * Stored: 200 answers without Set-Cookie or a private / no-store Cache-Control, rendered
 * from content reads that all succeeded. Each copy carries the Cache-Tag values of the
 * records it shows (zone purges) and the list of reads it was built from (local purges).
 *
 * With a content version (content-version.ts) a copy is stored under the version known when
 * it was looked up, and only if every read it was built from is that new. An older copy is
 * outdated whatever its age: the page is rendered at once, and the copy is served (STALE)
 * only when that render fails.
 *
 * A page that lists an offer limited to some countries depends on the visitor's country
 * (docs/decisions/042): its render says so (PageReads.variesByCountry), and it is stored
 * under its country's key, with a marker under the shared key that sends later requests to
 * their country's key. Every other page stays one copy for every country.
 */
import type { Context } from "hono";
import type { CountryScope } from "../../data/offer-countries";
import { COUNTRY_CODES } from "../../lib/countries";
import { withoutTracking } from "../../lib/tracking";
import { sortedSearch } from "../../lib/query";
import { CLIENT_BUILD } from "../../ssr/client-assets";
import type { AppEnv } from "../app-env";
import {
  CACHE_STATUS_HEADER,
  CONTENT_VERSION_HEADER,
  deleteCopy,
  STORED_AT_HEADER,
  storedCopyState,
  type CachedRead,
  type CacheStatus,
  type CacheTtl,
} from "./cache";
import { CACHE_TAG_HEADER, formatCacheTags } from "./cache-tags";
import { earlierBound, FRESH_UNTIL_HEADER } from "./offer-schedule";
import { Leases } from "./leases";

/** The content reads (PocketBase path and query) a stored page was rendered from. */
const READS_HEADER = "X-Edge-Reads";
/** The render's own Cache-Control, given back to visitors in place of the storage lifetime. */
const RENDER_CACHE_CONTROL_HEADER = "X-Edge-Render-Cache-Control";
/** Past this length the reads are not listed (the page is still cached; a local purge then
 * drops the page alone), keeping stored headers far from the platform's limits. */
const MAX_READS_HEADER_LENGTH = 16_000;
/** On the marker stored under a page's shared key when the page depends on the country: the
 * page itself is under the key of each country (pageCacheKey's `country`). */
const VARIES_HEADER = "X-Edge-Varies";

export interface PageCacheDeps {
  cache: Cache;
  waitUntil(promise: Promise<unknown>): void;
  ttl: CacheTtl;
  /** Tags every copy stored under these deps carries (e.g. dp-page). */
  tags: readonly string[];
  now?: () => number;
  /** The content version copies must have reached (content-version.ts). */
  version?: () => Promise<number | null>;
  /** The request is the operator's (internal-headers.ts): its Authorization header does not
   * keep it from the cache, so it sees the copy visitors get. */
  operator?: boolean;
  /** The key of this request's country's copy, used when the page depends on the country
   * (pageCacheKey with the visitor's country). Without it such a page is never stored. */
  countryKey?: string;
}

/** This request's page-cache dependencies: the zone's cache, PAGE_CACHE_* TTLs, `tags` on every copy. */
export function pageCacheDeps(c: Context<AppEnv>, tags: readonly string[], countryKey?: string): PageCacheDeps {
  return {
    countryKey,
    cache: caches.default,
    waitUntil: (promise) => c.executionCtx.waitUntil(promise),
    ttl: c.var.config.pageTtl,
    tags,
    version: c.var.contentVersion,
    operator: c.var.operator,
  };
}

/** What one render read: the tags of the records shown, the reads, whether any failed. */
export class PageReads {
  readonly tags = new Set<string>();
  readonly paths = new Set<string>();
  failed = false;
  /** The oldest content version among the reads (null: none carried one). */
  oldestVersion: number | null = null;
  /** The earliest offer start or expiry among the reads (ms), past which the page is out of date. */
  freshUntil: number | null = null;
  /** The page lists an offer limited to some countries: what it shows depends on the country. */
  variesByCountry = false;

  /** The visitor's country as the render's loaders get it: their telling that the page depends on it is noted here. */
  countryScope(country: string | null): CountryScope {
    return {
      country,
      varies: () => {
        this.variesByCountry = true;
      },
    };
  }

  /** Whether a read was answered from a copy older than `version` (PocketBase failed to replace it). */
  predates(version: number | null): boolean {
    return version !== null && this.oldestVersion !== null && this.oldestVersion < version;
  }

  /** The render's content reads, watched: a failed or 5xx read marks the render as degraded. */
  observe<Read extends { path: string }>(read: (target: Read) => Promise<CachedRead>): (target: Read) => Promise<CachedRead> {
    return async (target) => {
      this.paths.add(target.path);
      try {
        const answer = await read(target);
        if (answer.status >= 500) this.failed = true;
        const { version, tags, until } = answer.terms;
        if (version !== null) this.oldestVersion = Math.min(this.oldestVersion ?? Infinity, version);
        for (const tag of tags) this.tags.add(tag);
        this.freshUntil = earlierBound(this.freshUntil, until);
        return answer;
      } catch (error) {
        this.failed = true;
        throw error;
      }
    };
  }
}

/** `complete`: the whole document at once (what is stored); otherwise the render may stream
 * sections after the shell. Answers that never stream may ignore it. */
export type PageRender = (reads: PageReads, request: Request, complete: boolean) => Promise<Response>;

/** What a miss answers the requester: its own streamed render (a visitor: the shell at once),
 * or the complete document that is stored (a crawler, and answers that never stream). */
export type MissAnswer = "streamed" | "complete";

/** The storage key: the client build, the path, and the query without tracking parameters,
 * sorted. With a `country` (a code, or null for unknown), the key of that country's copy of
 * a page that depends on the country. A deploy that changes the client starts from an empty
 * cache: a copy stored before it links the previous build's scripts and stylesheet, which
 * the deploy removed, and its pre-paint script, which the new policy's hash no longer allows.
 * `build` names another build's key (the tests' copy left by an earlier deploy). */
export function pageCacheKey(siteOrigin: string, url: URL, country?: string | null, build = CLIENT_BUILD): string {
  const copy = country === undefined ? "" : `/${country ?? "world"}`;
  return `${siteOrigin}/_page-cache/${build}${copy}${url.pathname}${sortedSearch(withoutTracking(url).search)}`;
}

/** Requests whose answer may depend on who asks are rendered, never served from or stored in
 * the cache. The operator's does not: only the headers added around the page differ. */
export function bypassesPageCache(request: Request, operator = false): boolean {
  return (request.method !== "GET" && request.method !== "HEAD") || (request.headers.has("Authorization") && !operator);
}

function storable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    response.body !== null &&
    !response.headers.has("Set-Cookie") &&
    !/\b(private|no-store|no-cache)\b/i.test(cacheControl) &&
    response.headers.get("Vary")?.trim() !== "*"
  );
}

/** Background renders under way, by key: one per key at a time. Module-scoped on purpose
 * (it must span the requests an isolate serves); it holds keys and times, nothing about
 * visitors. A render runs in waitUntil, which Cloudflare ends 30 s after the response. */
const revalidating = new Leases(30_000);

/**
 * Answers `request` from the cache under `key`, or renders it with `render`. The answer
 * carries X-Edge-Cache: HIT, MISS or STALE. With both TTLs at 0 the cache is off.
 */
export async function cachedPage(key: string, request: Request, render: PageRender, deps: PageCacheDeps, miss: MissAnswer = "complete"): Promise<Response> {
  if (deps.ttl.fresh + deps.ttl.stale <= 0 || bypassesPageCache(request, deps.operator)) return render(new PageReads(), request, miss === "complete");
  const now = deps.now ?? Date.now;
  const version = (await deps.version?.()) ?? null;
  const { key: copyKey, stored } = await lookUp(key, deps);
  // The same rule as a read's copy (cache.ts); past an offer's start or expiry a copy is
  // not served at all (src/edge/cache/offer-schedule.ts).
  if (stored) {
    switch (storedCopyState(stored.headers, deps.ttl, version, now())) {
      case "fresh":
        return fromStore(stored, "HIT");
      case "outdated":
        return replaceOutdated(key, copyKey, stored, request, render, deps, version, miss);
      case "stale":
        refreshInBackground(key, request, render, deps, version);
        return fromStore(stored, "STALE");
    }
  }
  const reads = new PageReads();
  return answerAndStore(key, await render(reads, request, miss === "complete"), reads, request, render, deps, version, miss);
}

/** One background render of the complete document per key (per country's key: a page may
 * depend on the country) at a time, stored if it succeeds. */
function refreshInBackground(key: string, request: Request, render: PageRender, deps: PageCacheDeps, version: number | null): void {
  const release = revalidating.take(deps.countryKey ?? key, (deps.now ?? Date.now)());
  if (!release) return;
  // A detached request: the visitor's connection closing must not abort this render.
  const detached = new Request(request.url, { headers: request.headers });
  deps.waitUntil(refresh(key, detached, render, deps, version).finally(release));
}

/** `response` for the requester; the copy stored is that very render when it is the complete
 * document, else a complete one rendered beside it (only for an answer worth storing). */
function answerAndStore(
  key: string,
  response: Response,
  reads: PageReads,
  request: Request,
  render: PageRender,
  deps: PageCacheDeps,
  version: number | null,
  miss: MissAnswer,
): Response {
  if (miss === "complete") return storeWhileStreaming(key, response, reads, deps, version);
  if (storable(response)) refreshInBackground(key, request, render, deps, version);
  return asMiss(response, response.body, reads, deps, version);
}

/** The copy for this request: under the shared key, or, when that holds the marker of a page
 * depending on the country, under the request's country's key. */
async function lookUp(key: string, deps: PageCacheDeps): Promise<{ key: string; stored: Response | undefined }> {
  const shared = await deps.cache.match(key);
  if (!shared?.headers.has(VARIES_HEADER)) return { key, stored: shared };
  await shared.body?.cancel();
  if (deps.countryKey === undefined) return { key, stored: undefined };
  return { key: deps.countryKey, stored: await deps.cache.match(deps.countryKey) };
}

/** Renders a page whose copy is outdated: the render if its shell came out whole, else the
 * copy (a change waits for PocketBase rather than the page failing). A page gone since (its
 * record deleted) loses its copy, so an outage cannot bring it back. */
async function replaceOutdated(
  key: string,
  copyKey: string,
  stored: Response,
  request: Request,
  render: PageRender,
  deps: PageCacheDeps,
  version: number | null,
  miss: MissAnswer,
): Promise<Response> {
  const reads = new PageReads();
  const response = await render(reads, request, miss === "complete").catch((error: unknown) => {
    console.error("page cache: render of an outdated page failed", key, error);
    return null;
  });
  if (response && response.status < 500 && !reads.failed) {
    await stored.body?.cancel();
    if (response.status === 404 || response.status === 410) deps.waitUntil(deps.cache.delete(copyKey));
    return answerAndStore(key, response, reads, request, render, deps, version, miss);
  }
  await response?.body?.cancel();
  return fromStore(stored, "STALE");
}

function fromStore(stored: Response, status: CacheStatus): Response {
  const headers = new Headers(stored.headers);
  headers.delete(STORED_AT_HEADER);
  headers.delete(READS_HEADER);
  headers.delete(FRESH_UNTIL_HEADER);
  const renderCacheControl = headers.get(RENDER_CACHE_CONTROL_HEADER);
  headers.delete(RENDER_CACHE_CONTROL_HEADER);
  if (renderCacheControl) headers.set("Cache-Control", renderCacheControl);
  else headers.delete("Cache-Control");
  headers.set(CACHE_STATUS_HEADER, status);
  return new Response(stored.body, { status: stored.status, headers });
}

function storedHeaders(rendered: Headers, reads: PageReads, deps: PageCacheDeps, version: number | null): Headers {
  const headers = new Headers(rendered);
  headers.delete(CACHE_STATUS_HEADER);
  const renderCacheControl = headers.get("Cache-Control");
  if (renderCacheControl) headers.set(RENDER_CACHE_CONTROL_HEADER, renderCacheControl);
  headers.set("Cache-Control", `public, max-age=${deps.ttl.fresh + deps.ttl.stale}`);
  headers.set(STORED_AT_HEADER, String((deps.now ?? Date.now)()));
  if (version !== null) headers.set(CONTENT_VERSION_HEADER, String(version));
  headers.set(CACHE_TAG_HEADER, formatCacheTags([...deps.tags, ...reads.tags]));
  if (reads.freshUntil !== null) headers.set(FRESH_UNTIL_HEADER, String(reads.freshUntil));
  const listed = [...reads.paths].join(" ");
  if (listed.length <= MAX_READS_HEADER_LENGTH) headers.set(READS_HEADER, listed);
  return headers;
}

async function store(
  key: string,
  status: number,
  headers: Headers,
  body: ArrayBuffer,
  reads: PageReads,
  deps: PageCacheDeps,
  version: number | null,
): Promise<void> {
  // A section whose read failed shows its notice: that page must not outlive the outage.
  // Nor may a page built from copies older than the version it would be stored under.
  if (reads.failed || reads.predates(version)) return;
  const stored = storedHeaders(headers, reads, deps, version);
  if (!reads.variesByCountry) {
    await deps.cache.put(key, new Response(body, { status, headers: stored }));
    return;
  }
  // Never under the shared key: another country would be served this one's view.
  if (deps.countryKey === undefined) return;
  await deps.cache.put(deps.countryKey, new Response(body, { status, headers: stored }));
  // The marker lives as long as a copy and carries the same tags, so a purge by tag drops it too.
  const marker = new Headers({ [VARIES_HEADER]: "country", "Cache-Control": stored.get("Cache-Control") ?? "" });
  const tags = stored.get(CACHE_TAG_HEADER);
  if (tags) marker.set(CACHE_TAG_HEADER, tags);
  await deps.cache.put(key, new Response(null, { headers: marker }));
}

/** A rendered answer as a miss leaves: its status, the version, and the tags known when the
 * headers leave (those of the reads the shell waited for). */
function asMiss(response: Response, body: ReadableStream | null, reads: PageReads, deps: PageCacheDeps, version: number | null): Response {
  const headers = new Headers(response.headers);
  headers.set(CACHE_STATUS_HEADER, "MISS");
  if (version !== null) headers.set(CONTENT_VERSION_HEADER, String(version));
  headers.set(CACHE_TAG_HEADER, formatCacheTags([...deps.tags, ...reads.tags]));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function storeWhileStreaming(key: string, response: Response, reads: PageReads, deps: PageCacheDeps, version: number | null): Response {
  if (!storable(response) || response.body === null) return asMiss(response, response.body, reads, deps, version);
  const [visitor, copy] = response.body.tee();
  deps.waitUntil(
    new Response(copy)
      .arrayBuffer()
      .then((body) => store(key, response.status, response.headers, body, reads, deps, version))
      // A render that errors mid-stream leaves nothing to store; the visitor's branch reports it.
      .catch((error: unknown) => console.error("page cache: not stored", key, error)),
  );
  return asMiss(response, visitor, reads, deps, version);
}

async function refresh(key: string, request: Request, render: PageRender, deps: PageCacheDeps, version: number | null): Promise<void> {
  const reads = new PageReads();
  try {
    const response = await render(reads, request, true);
    if (!storable(response)) {
      await response.body?.cancel();
      return;
    }
    await store(key, response.status, response.headers, await response.arrayBuffer(), reads, deps, version);
  } catch (error) {
    // The stale copy stays: that is stale-if-error.
    console.error("page cache: revalidation failed", key, error);
  }
}

export interface PurgeResult {
  /** Page copies deleted (0 or 1, or a copy per country when the page depends on the country). */
  pages: number;
  /** Content reads deleted, those the deleted pages were rendered from. */
  reads: number;
}

/** Every country a page's copies may be kept for: unknown, then each code. */
const EVERY_COUNTRY: readonly (string | null)[] = [null, ...COUNTRY_CODES];

/**
 * Deletes this location's copy of the page at `url` and the content reads it was built
 * from, so the next request renders from PocketBase itself. Of a page that depends on the
 * country, the copies of `countries` (by default every country's) and the marker, without
 * which no country's copy is served. `readKey` maps a PocketBase path and query to its
 * read-cache key.
 */
export async function purgePage(
  cache: Cache,
  siteOrigin: string,
  url: URL,
  readKey: (pathAndQuery: string) => string,
  countries: readonly (string | null)[] = EVERY_COUNTRY,
): Promise<PurgeResult> {
  const result: PurgeResult = { pages: 0, reads: 0 };
  const drop = async (key: string): Promise<Response | undefined> => {
    const stored = await cache.match(key);
    if (!stored) return undefined;
    await stored.body?.cancel();
    for (const path of (stored.headers.get(READS_HEADER) ?? "").split(" ").filter(Boolean)) {
      if (await deleteCopy(cache, readKey(path))) result.reads++;
    }
    if ((await cache.delete(key)) && !stored.headers.has(VARIES_HEADER)) result.pages++;
    return stored;
  };
  const shared = await drop(pageCacheKey(siteOrigin, url));
  // The Cache API cannot list keys: each country's key is tried.
  if (shared?.headers.has(VARIES_HEADER)) for (const country of countries) await drop(pageCacheKey(siteOrigin, url, country));
  return result;
}
