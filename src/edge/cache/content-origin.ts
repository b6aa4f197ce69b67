import { createContentClient, type ContentClient } from "../../data/client";
import type { Config } from "../../env";
import { sortedSearch } from "../../lib/query";
import { cachedRead, toResponse, type CachedRead, type CacheTtl, type EdgeCacheDeps } from "./cache";
import { readCollection, withRecordTags } from "./cache-tags";
import { withScheduleBound } from "./offer-schedule";
import type { PageReads } from "./page-cache";

/** How long a visitor waits on PocketBase for a read that no cache can answer. */
const ORIGIN_TIMEOUT_MS = 10_000;

export interface ContentOrigin {
  /** Reads a PocketBase path (with query) through the edge cache. */
  read(pathAndQuery: string, ttl?: CacheTtl): Promise<Response>;
  /** A content client whose reads go through the edge cache, watched by `reads` when given
   * (a page render's). Its answers are parsed from the held copy, with no Response built. */
  client(reads?: PageReads): ContentClient;
}

/** A PocketBase read as the edge cache and a page's list of reads name it. */
interface ReadTarget {
  href: string;
  /** Path and query as asked (a page's list of reads, for local purges). */
  path: string;
  /** Path and query, sorted: one cache entry whatever the parameters' order. */
  sortedPath: string;
  /** The collection of a records read, null for other reads (files). */
  collection: string | null;
}

/** Targets of the reads seen last, by URL. Module-scoped on purpose: every render repeats
 * the frame's reads and most of its own, and parsing a URL and sorting its query costs tens
 * of µs in workerd. Addresses of shared content only, nothing about a visitor; emptied
 * when full. */
const readTargets = new Map<string, ReadTarget>();
const READ_TARGETS_MAX = 1000;

function readTarget(url: string): ReadTarget {
  let target = readTargets.get(url);
  if (target === undefined) {
    if (readTargets.size >= READ_TARGETS_MAX) readTargets.clear();
    const parsed = new URL(url);
    target = {
      href: parsed.href,
      path: parsed.pathname + parsed.search,
      sortedPath: parsed.pathname + sortedSearch(parsed.search),
      collection: readCollection(parsed.pathname),
    };
    readTargets.set(url, target);
  }
  return target;
}

const cacheKeyOf = (siteOrigin: string, target: ReadTarget) => `${siteOrigin}/_edge-cache${target.sortedPath}`;

/** Cache key of a PocketBase read. It names our own origin: the Cache API is scoped to
 * the zone the Worker runs on. */
export function contentCacheKey(siteOrigin: string, url: URL): string {
  return cacheKeyOf(siteOrigin, readTarget(url.href));
}

const utf8 = new TextDecoder();

function parsedJson(body: ArrayBuffer): unknown {
  try {
    return JSON.parse(utf8.decode(body));
  } catch {
    return undefined;
  }
}

/** `originFetch` reaches PocketBase (the render bench passes recorded answers). */
export function createContentOrigin(config: Config, deps: EdgeCacheDeps, originFetch: typeof fetch = fetch): ContentOrigin {
  const lookup = (target: ReadTarget, ttl: CacheTtl = config.readTtl): Promise<CachedRead> =>
    cachedRead(
      cacheKeyOf(config.siteOrigin, target),
      () =>
        originFetch(target.href, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS) })
          .then((answer) => withRecordTags(answer, target.collection))
          .then((answer) => withScheduleBound(answer, (deps.now ?? Date.now)())),
      ttl,
      // Record reads follow the content version, which also ends a held copy. Files never
      // change under their names; one replaced anyway is purged, so none is held.
      target.collection ? deps : { ...deps, version: undefined, holdMs: undefined },
    );
  return {
    read: async (pathAndQuery, ttl) => toResponse(await lookup(readTarget(new URL(pathAndQuery, config.pocketbaseUrl).href), ttl)),
    client(reads) {
      const watched = reads ? reads.observe(lookup) : lookup;
      return createContentClient({
        baseUrl: config.pocketbaseUrl,
        read: async (url) => {
          const { status, body } = await watched(readTarget(url));
          return { status, body: parsedJson(body) };
        },
      });
    },
  };
}
