import { createContentClient, type ContentClient } from "../data/client";
import type { Config } from "../env";
import { sortedSearch } from "../lib/query";
import { readThrough, type CacheTtl, type EdgeCacheDeps } from "./cache";
import { readCollection, withRecordTags } from "./cache-tags";
import { withScheduleBound } from "./offer-schedule";
import type { PageReads } from "./page-cache";

/** How long a visitor waits on PocketBase for a read that no cache can answer. */
const ORIGIN_TIMEOUT_MS = 10_000;

export interface ContentOrigin {
  /** Reads a PocketBase path (with query) through the edge cache. */
  read(pathAndQuery: string, ttl?: CacheTtl): Promise<Response>;
  /** A fetch for the content client on the server: GET reads through the edge cache. */
  fetch: typeof fetch;
  /** The content client of one render: its reads go through the edge cache, watched by `reads`. */
  client(reads: PageReads): ContentClient;
}

/** Cache key of a PocketBase read. It names our own origin: the Cache API is scoped to
 * the zone the Worker runs on. */
export function contentCacheKey(siteOrigin: string, url: URL): string {
  return `${siteOrigin}/_edge-cache${url.pathname}${sortedSearch(url.searchParams)}`;
}

/** `originFetch` reaches PocketBase (the render bench passes recorded answers). */
export function createContentOrigin(config: Config, deps: EdgeCacheDeps, originFetch: typeof fetch = fetch): ContentOrigin {
  const read = (pathAndQuery: string, ttl: CacheTtl = config.readTtl): Promise<Response> => {
    const url = new URL(pathAndQuery, config.pocketbaseUrl);
    // Record reads follow the content version; files never change under their names.
    const readDeps = readCollection(url.pathname) ? deps : { ...deps, version: undefined };
    return readThrough(
      contentCacheKey(config.siteOrigin, url),
      () =>
        originFetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS) })
          .then((answer) => withRecordTags(answer, url.pathname))
          .then((answer) => withScheduleBound(answer, (deps.now ?? Date.now)())),
      ttl,
      readDeps,
    );
  };
  const cachedFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    if (request.method !== "GET") throw new Error(`The content client only reads (got ${request.method})`);
    const url = new URL(request.url);
    return read(url.pathname + url.search);
  };
  return {
    read,
    fetch: cachedFetch as typeof fetch,
    client: (reads) => createContentClient({ baseUrl: config.pocketbaseUrl, fetch: reads.observe(cachedFetch as typeof fetch) }),
  };
}
