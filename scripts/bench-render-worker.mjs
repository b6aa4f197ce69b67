// @ts-check
/**
 * The render bench's worker for `--runtime workerd`: Miniflare loads it with the bench's
 * render bundles and their recorded reads as sibling modules (scripts/bench-render.mjs).
 * Each request renders one page, the baseline checkout's page, a floor or nothing (the
 * empty request whose cost is taken off the others), and answers the status and length
 * only, so that sending the HTML back is not counted.
 */
// @ts-expect-error the bench's bundle of this checkout's render, a module only in Miniflare
import * as current from "./render.mjs";
// @ts-expect-error the baseline checkout's bundle (empty without --baseline), only in Miniflare
import * as baseline from "./render-baseline.mjs";
// @ts-expect-error both bundles' recorded reads, only in Miniflare
import fixtures from "./fixtures.mjs";
import { floorTree } from "./bench-render-floor.mjs";
import { BENCH_SITE as SITE, edgeReads } from "./bench-render-edge.mjs";

const POCKETBASE = "http://pocketbase.bench";

/** @param {Record<string, { status: number, body: string, headers: [string, string][] }>} reads */
const replay = (reads) => async (/** @type {RequestInfo | URL} */ input) => {
  const key = String(input instanceof Request ? input.url : input).slice(POCKETBASE.length);
  const read = reads[key];
  if (!read) throw new Error(`no recorded read for ${key}`);
  return new Response(read.body, { status: read.status, headers: read.headers });
};

const bundles = { current, baseline };

/** Each bundle's edge read cache lives as long as the isolate, as in a Worker (made on first use:
 * without --baseline the baseline module is empty). @type {Record<string, ReturnType<typeof edgeReads>>} */
const edges = {};
const edgeOf = (/** @type {keyof typeof bundles} */ name) =>
  (edges[name] ??= edgeReads(bundles[name], POCKETBASE, /** @type {typeof fetch} */ (replay(fixtures[name]))));

export default {
  /** @param {Request} request */
  async fetch(request) {
    const query = new URL(request.url).searchParams;
    const task = query.get("task");
    if (task === "page") {
      const name = query.get("bundle") === "baseline" ? "baseline" : "current";
      const content = edgeOf(name).client();
      const response = await bundles[name].renderPage(new Request(SITE + query.get("path")), { content, siteOrigin: SITE, waitForAll: false, nonce: "bench" });
      return new Response(`${response.status} ${(await response.text()).length}`);
    }
    if (task === "floor") {
      const html = await new Response(await current.renderToReadableStream(floorTree(current.createElement, Number(query.get("cards"))))).text();
      return new Response(`200 ${html.length}`);
    }
    return new Response("");
  },
};
