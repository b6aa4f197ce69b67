// @ts-check
/**
 * Render cost without the network: each page's server render (React Router's loaders and
 * React's streamed document, read to the end) in Node, from content fixtures recorded
 * once from a seeded PocketBase, timed over many runs.
 *
 *   npm run bench:render [-- --runs 200] [--scale 1] [--out bench-results/render.json]
 *
 * The render code is bundled as the Worker's is (workerd exports of React, production
 * builds), so a regression in a page's components or loaders shows here without wrangler,
 * the edge cache or PocketBase in the timing.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { cliOptions, isMain, positiveIntOption } from "../pocketbase/cli.mjs";
import { freePort, prepareSeededDataDir, startPocketBase } from "../pocketbase/run.mjs";
import { BENCH_SUPERUSER } from "./bench-stack.mjs";
import { buildClient } from "./build-client.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SITE = "https://bench.example";
const WARM_UP_RUNS = 20;

/**
 * @typedef {{ renderPage: (request: Request, options: { content: unknown, siteOrigin: string, waitForAll: boolean, nonce?: string }) => Promise<Response>, createContentClient: (options: { baseUrl: string, fetch: typeof fetch }) => unknown }} RenderModule
 * @typedef {{ page: string, path: string, medianMs: number, p90Ms: number, htmlKiB: number, status: number }} RenderRow
 */

/** The server render bundled for Node, as wrangler bundles it for workerd. @returns {Promise<RenderModule>} */
async function loadRenderModule() {
  // The render imports the client manifest (asset URLs): build it if this checkout has none.
  await buildClient({ quiet: true });
  const outfile = path.join(root, "node_modules/.cache/bench-render/render.mjs");
  await build({
    stdin: { contents: 'export { renderPage } from "./src/ssr/render"; export { createContentClient } from "./src/data/client";', resolveDir: root, loader: "ts", sourcefile: "bench-render-entry.ts" },
    absWorkingDir: root,
    bundle: true,
    outfile,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "import"],
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    // react-router's package exports name only its development build (as for the client).
    alias: { "react-router": path.join(root, "node_modules/react-router/dist/production/index.mjs") },
    logLevel: "warning",
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}

/** Records every content read of a set of renders, then answers them from memory. */
function fixtureFetch(/** @type {string} */ pocketbaseUrl) {
  /** @type {Map<string, { status: number, body: string, headers: [string, string][] }>} */
  const fixtures = new Map();
  let recording = true;
  /** @type {typeof fetch} */
  const fetchImpl = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const key = url.slice(pocketbaseUrl.length);
    if (recording) {
      const response = await fetch(url, init);
      const body = await response.text();
      /** @type {[string, string][]} */
      const headers = [];
      response.headers.forEach((value, name) => headers.push([name, value]));
      fixtures.set(key, { status: response.status, body, headers });
      return new Response(body, { status: response.status, headers: response.headers });
    }
    const fixture = fixtures.get(key);
    if (!fixture) throw new Error(`no fixture for ${key}: the page read something its first render did not`);
    return new Response(fixture.body, { status: fixture.status, headers: fixture.headers });
  };
  return {
    fetch: fetchImpl,
    replay() {
      recording = false;
    },
    get count() {
      return fixtures.size;
    },
  };
}

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/**
 * @param {{ runs?: number, scale?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<RenderRow[]>}
 */
export async function benchRender({ runs = 200, scale = 1, log = () => {} } = {}) {
  const { renderPage, createContentClient } = await loadRenderModule();
  const dataDir = await mkdtemp(path.join(tmpdir(), `pb-render-${scale}-`));
  try {
    log(`Recording content fixtures from PocketBase (scale ${scale})…`);
    await prepareSeededDataDir({ targetDir: dataDir, scale, ...BENCH_SUPERUSER });
    const pocketbase = await startPocketBase({ dataDir, port: await freePort(), quiet: true });
    const reads = fixtureFetch(pocketbase.url);
    /** @param {string} pagePath */
    const render = async (pagePath) => {
      const content = createContentClient({ baseUrl: pocketbase.url, fetch: reads.fetch });
      const response = await renderPage(new Request(SITE + pagePath), { content, siteOrigin: SITE, waitForAll: false, nonce: "bench" });
      return { status: response.status, html: await response.text() };
    };
    /** @type {Record<string, string>} */
    let pages;
    try {
      /** @param {string} list @param {RegExp} pattern */
      const firstLink = async (list, pattern) => {
        const match = (await render(list)).html.match(pattern);
        if (!match?.[1]) throw new Error(`no link matching ${pattern} on ${list}`);
        return match[1];
      };
      pages = {
        home: "/",
        search: "/search?q=vpn",
        stores: "/stores",
        store: await firstLink("/stores", /href="(\/stores\/[^"/?]+\/[a-z0-9]+)"/),
        offers: "/offers",
        blog: "/blog",
        article: await firstLink("/blog", /href="(\/blog\/[^"/?]+\/[a-z0-9]+)"/),
        comparisons: "/comparisions",
        comparison: await firstLink("/comparisions", /href="(\/comparisions\/[^"/?]+\/[a-z0-9]+)"/),
        advertorials: "/advertorials",
        advertorial: await firstLink("/advertorials", /href="(\/advertorials\/[^"/?]+\/[a-z0-9]+)"/),
        about: "/about-us",
        contact: "/contact-us",
        privacy: "/privacy-policy",
        "not-found": "/no-such-page",
      };
      for (const pagePath of Object.values(pages)) await render(pagePath);
    } finally {
      await pocketbase.stop();
    }
    reads.replay();
    log(`${reads.count} reads recorded; timing ${runs} renders per page…`);
    /** @type {RenderRow[]} */
    const rows = [];
    for (const [page, pagePath] of Object.entries(pages)) {
      let last = await render(pagePath);
      for (let i = 0; i < WARM_UP_RUNS; i++) await render(pagePath);
      const times = [];
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        last = await render(pagePath);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push({ page, path: pagePath, medianMs: round(quantile(times, 0.5)), p90Ms: round(quantile(times, 0.9)), htmlKiB: round(Buffer.byteLength(last.html) / 1024), status: last.status });
    }
    return rows;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const round = (/** @type {number} */ n) => Math.round(n * 100) / 100;

/** @param {RenderRow[]} rows */
export function printRenderTable(rows, title = "Server render in Node, fixture data") {
  console.log(`\n${title}`);
  console.log(["page".padEnd(12), "median ms", "  p90 ms", "HTML KiB", "status"].join("  "));
  for (const row of rows) {
    console.log([row.page.padEnd(12), row.medianMs.toFixed(2).padStart(9), row.p90Ms.toFixed(2).padStart(8), row.htmlKiB.toFixed(1).padStart(8), String(row.status).padStart(6)].join("  "));
  }
}

async function main() {
  const options = cliOptions(["runs", "scale", "out"], "Usage: npm run bench:render [-- --runs 200] [--scale 1] [--out bench-results/render.json]");
  const runs = positiveIntOption(options.runs, 200, "runs");
  const scale = positiveIntOption(options.scale, 1, "scale");
  const out = options.out ?? "bench-results/render.json";
  const rows = await benchRender({ runs, scale, log: console.log });
  printRenderTable(rows);
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, runs, scale, pages: rows }, null, 2) + "\n");
  console.log(`\nWritten to ${out}`);
}

if (isMain(import.meta.url)) await main();
