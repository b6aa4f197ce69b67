import { createContentClient, type ContentClient } from "../data/client";
import type { Config } from "../env";
import { sortedSearch } from "../lib/query";
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

/** Sorted forms of the read queries seen last. Module-scoped on purpose: every render
 * repeats the frame's reads and most of its own, so their keys are rebuilt from the same
 * queries again and again. Queries only, nothing about a visitor; emptied when full. */
const sortedReadQueries = new Map<string, string>();
const SORTED_READ_QUERIES_MAX = 1000;

function sortedReadQuery(search: string): string {
  let sorted = sortedReadQueries.get(search);
  if (sorted === undefined) {
    if (sortedReadQueries.size >= SORTED_READ_QUERIES_MAX) sortedReadQueries.clear();
    sorted = sortedSearch(search);
    sortedReadQueries.set(search, sorted);
  }
  return sorted;
}

/** Cache key of a PocketBase read. It names our own origin: the Cache API is scoped to
 * the zone the Worker runs on. */
export function contentCacheKey(siteOrigin: string, url: URL): string {
  return `${siteOrigin}/_edge-cache${url.pathname}${sortedReadQuery(url.search)}`;
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
  const lookup = (url: URL, ttl: CacheTtl = config.readTtl): Promise<CachedRead> =>
    cachedRead(
      contentCacheKey(config.siteOrigin, url),
      () =>
        originFetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS) })
          .then((answer) => withRecordTags(answer, url.pathname))
          .then((answer) => withScheduleBound(answer, (deps.now ?? Date.now)())),
      ttl,
      // Record reads follow the content version, which also ends a held copy. Files never
      // change under their names; one replaced anyway is purged, so none is held.
      readCollection(url.pathname) ? deps : { ...deps, version: undefined, holdMs: undefined },
    );
  return {
    read: async (pathAndQuery, ttl) => toResponse(await lookup(new URL(pathAndQuery, config.pocketbaseUrl), ttl)),
    client(reads) {
      const watched = reads ? reads.observe(lookup) : lookup;
      return createContentClient({
        baseUrl: config.pocketbaseUrl,
        read: async (url) => {
          const { status, body } = await watched(new URL(url));
          return { status, body: parsedJson(body) };
        },
      });
    },
  };
}
