// @ts-check
/**
 * The render bench's content reads as a Worker makes them (src/edge/cache/content-origin.ts):
 * through the edge read cache, watched by the render's PageReads. The zone's cache is a
 * Map here whose `match` builds a Response from the stored copy, as the runtime's does.
 * After the bench's first render of a page every read is a fresh HIT answered from the
 * copy the isolate holds (`holdMs` as wrangler.toml's CONTENT_VERSION_TTL_S, decision 029),
 * which is what a render after a page-cache miss meets at a busy isolate; a checkout from
 * before decision 029 looks every read up in the stand-in. Shared by both runtimes
 * (bench-render.mjs in Node, bench-render-worker.mjs in workerd).
 */

export const BENCH_SITE = "https://bench.example";

/** @typedef {{ createContentOrigin: (config: object, deps: object, originFetch: typeof fetch) => { client(reads: unknown): unknown }, PageReads: { new (): object } }} EdgeReadModule */

/**
 * A Cache API stand-in kept in memory. `match` builds the Response from a Headers object
 * made once per copy: the runtime builds a matched Response's headers natively from the
 * stored header block, while building them from name-value pairs in JavaScript costs
 * each pair a checked call (in workerd, 79 µs for a 9-header copy against 35 from a
 * Headers object and 31 with no headers).
 * @returns {Cache}
 */
function memoryCache() {
  /** @type {Map<string, { body: ArrayBuffer, init: { status: number, headers: Headers } }>} */
  const copies = new Map();
  // Keys are strings since 92f060e; a baseline checkout from before it passes Requests.
  const keyOf = (/** @type {RequestInfo | URL} */ request) => (request instanceof Request ? request.url : String(request));
  const cache = {
    async match(/** @type {RequestInfo | URL} */ request) {
      const copy = copies.get(keyOf(request));
      return copy && new Response(copy.body.slice(0), copy.init);
    },
    async put(/** @type {RequestInfo | URL} */ request, /** @type {Response} */ response) {
      copies.set(keyOf(request), { body: await response.arrayBuffer(), init: { status: response.status, headers: new Headers(response.headers) } });
    },
    async delete(/** @type {RequestInfo | URL} */ request) {
      return copies.delete(keyOf(request));
    },
  };
  return /** @type {Cache} */ (/** @type {unknown} */ (cache));
}

/**
 * Content clients of one bundle reading `pocketbaseUrl` through its own edge cache, which
 * asks `originFetch` on a miss. Content version 1 throughout: no copy is ever outdated.
 * @param {EdgeReadModule} bundle @param {string} pocketbaseUrl @param {typeof fetch} originFetch
 */
export function edgeReads({ createContentOrigin, PageReads }, pocketbaseUrl, originFetch) {
  const hour = 3600;
  const config = { pocketbaseUrl, siteOrigin: BENCH_SITE, readTtl: { fresh: hour, stale: hour } };
  const origin = createContentOrigin(config, { cache: memoryCache(), waitUntil: () => {}, version: async () => 1, holdMs: 2000 }, originFetch);
  return { client: () => origin.client(new PageReads()) };
}
