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

const SITE = "https://bench.example";
const POCKETBASE = "http://pocketbase.bench";

/** @param {Record<string, { status: number, body: string, headers: [string, string][] }>} reads */
const replay = (reads) => async (/** @type {RequestInfo | URL} */ input) => {
  const key = String(input instanceof Request ? input.url : input).slice(POCKETBASE.length);
  const read = reads[key];
  if (!read) throw new Error(`no recorded read for ${key}`);
  return new Response(read.body, { status: read.status, headers: read.headers });
};

export default {
  /** @param {Request} request */
  async fetch(request) {
    const query = new URL(request.url).searchParams;
    const task = query.get("task");
    if (task === "page") {
      const isBaseline = query.get("bundle") === "baseline";
      const bundle = isBaseline ? baseline : current;
      const content = bundle.createContentClient({ baseUrl: POCKETBASE, fetch: replay(isBaseline ? fixtures.baseline : fixtures.current) });
      const response = await bundle.renderPage(new Request(SITE + query.get("path")), { content, siteOrigin: SITE, waitForAll: false, nonce: "bench" });
      return new Response(`${response.status} ${(await response.text()).length}`);
    }
    if (task === "floor") {
      const html = await new Response(await current.renderToReadableStream(floorTree(current.createElement, Number(query.get("cards"))))).text();
      return new Response(`200 ${html.length}`);
    }
    return new Response("");
  },
};
