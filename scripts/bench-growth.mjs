// @ts-check
/**
 * Growth with data size: the same measurements on seed data made with --scale 1, 10 and 50
 * (60 → 3,000 stores, 400 → 20,000 offers, …). Pages read fixed-size pages of records, so
 * their latency and render cost should stay flat; sitemap files are built page by page
 * while they stream, so their first byte should not wait for the whole file.
 *
 *   npm run bench:growth [-- --scales 1,10,50] [--duration 5] [--connections 10] [--runs 50] [--out bench-results/growth.json]
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { cliOptions, isMain, positiveIntOption } from "../pocketbase/cli.mjs";
import { ACCEPT, BYPASS_PAGE_CACHE, assetOfSize, machine, runScenarios } from "./bench.mjs";
import { benchRender } from "./bench-render.mjs";
import { samplePages, startThrowawayStack, stopOnSignals } from "./bench-stack.mjs";

const COUNTED = ["_zdata_stores", "_zdata_offers", "_zdata_articles", "_zdata_comparisons", "_zdata_advertorials"];
const RENDERED_PAGES = ["home", "stores", "store", "offers", "article"];

/**
 * @typedef {{ path: string, status: number, ttfbMs: number, totalMs: number, kib: number, urls: number, contentLength: string | null }} SitemapTiming
 * @typedef {{ scale: number, records: Record<string, number>, http: import("./bench.mjs").BenchRow[], sitemap: SitemapTiming[], renderMs: Record<string, number> }} GrowthColumn
 */

/** Records per collection, as PocketBase counts them. @param {string} pocketbaseUrl */
async function countRecords(pocketbaseUrl) {
  /** @type {Record<string, number>} */
  const counts = {};
  for (const collection of COUNTED) {
    const list = await (await fetch(`${pocketbaseUrl}/api/collections/${collection}/records?perPage=1&fields=id`)).json();
    counts[collection.replace("_zdata_", "")] = list.totalItems;
  }
  return counts;
}

/**
 * One sitemap file generated (page cache bypassed): time to first byte and to the end.
 * @param {string} url @returns {Promise<SitemapTiming>}
 */
async function timeSitemap(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...ACCEPT, ...BYPASS_PAGE_CACHE } });
  const reader = response.body?.getReader();
  if (!reader) throw new Error(`${url}: no body`);
  let ttfbMs = 0;
  let bytes = 0;
  let text = "";
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!ttfbMs) ttfbMs = performance.now() - started;
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  return {
    path: new URL(url).pathname,
    status: response.status,
    ttfbMs: Math.round(ttfbMs),
    totalMs: Math.round(performance.now() - started),
    kib: Math.round(bytes / 102.4) / 10,
    urls: (text.match(/<loc>/g) ?? []).length,
    contentLength: response.headers.get("Content-Length"),
  };
}

/** The index and its largest child file (the stores series' first file). @param {string} siteUrl */
async function timeSitemaps(siteUrl) {
  const index = await timeSitemap(`${siteUrl}/sitemap.xml`);
  const xml = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  const children = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "").pathname);
  const stores = children.find((child) => child.includes("stores"));
  if (!stores) throw new Error("the sitemap index lists no stores file");
  return [index, await timeSitemap(siteUrl + stores)];
}

/**
 * @param {{ scale: number, durationS: number, connections: number, runs: number }} options
 * @returns {Promise<GrowthColumn>}
 */
async function measureScale({ scale, durationS, connections, runs }) {
  const stack = await startThrowawayStack({ scale, vars: { CACHE_FRESH_S: "3600", PAGE_CACHE_FRESH_S: "3600" }, log: console.log });
  stopOnSignals(stack.stop);
  try {
    const records = await countRecords(stack.pocketbaseUrl);
    const { store, article } = await samplePages(stack.siteUrl);
    const home = await (await fetch(stack.siteUrl + "/")).text();
    const rendered = (/** @type {string} */ name, /** @type {string} */ pagePath) => ({ name, url: stack.siteUrl + pagePath, headers: BYPASS_PAGE_CACHE, status: 200, cache: /** @type {const} */ ("none") });
    console.log(`Measuring scale ${scale}…`);
    const http = await runScenarios(
      [
        { name: "static asset (floor)", url: stack.siteUrl + (await assetOfSize(Buffer.byteLength(home))), status: 200 },
        rendered("home, rendered", "/"),
        rendered("stores list, rendered", "/stores"),
        rendered("store page, rendered", store),
        rendered("offers, rendered", "/offers"),
        rendered("article, rendered", article),
        { name: "home, page cache", url: stack.siteUrl + "/", status: 200, cache: "HIT" },
      ],
      { connections, durationS, log: console.log },
    );
    const sitemap = await timeSitemaps(stack.siteUrl);
    await stack.stop();
    const render = await benchRender({ runs, scale, only: RENDERED_PAGES, floor: false, log: console.log });
    const renderMs = Object.fromEntries(render.filter((row) => RENDERED_PAGES.includes(row.page)).map((row) => [row.page, row.medianMs]));
    return { scale, records, http, sitemap, renderMs };
  } finally {
    await stack.stop();
  }
}

/** @param {GrowthColumn[]} columns */
function printGrowthTable(columns) {
  const head = (/** @type {string} */ label) => label.padEnd(34);
  const cells = (/** @type {(c: GrowthColumn) => string} */ cell) => columns.map((c) => cell(c).padStart(20)).join("");
  console.log(`\nGrowth with data size`);
  console.log(head("") + cells((c) => `scale ${c.scale}`));
  for (const name of Object.keys(columns[0]?.records ?? {})) console.log(head(`${name} (records)`) + cells((c) => String(c.records[name])));
  console.log(head("HTTP: req/s | p50 ms"));
  for (const row of columns[0]?.http ?? []) {
    console.log(head(`  ${row.name}`) + cells((c) => {
      const r = c.http.find((h) => h.name === row.name);
      return r ? `${r.rps} | ${r.p50Ms}` : "-";
    }));
  }
  console.log(head("Sitemap, generated: TTFB | total ms"));
  for (const [i, file] of (columns[0]?.sitemap ?? []).entries()) {
    console.log(head(`  ${file.path}`) + cells((c) => {
      const s = c.sitemap[i];
      return s ? `${s.ttfbMs} | ${s.totalMs}` : "-";
    }));
    console.log(head(`    URLs, KiB, Content-Length`) + cells((c) => {
      const s = c.sitemap[i];
      return s ? `${s.urls}, ${s.kib}, ${s.contentLength ?? "none"}` : "-";
    }));
  }
  console.log(head("Render in Node: median ms"));
  for (const page of RENDERED_PAGES) console.log(head(`  ${page}`) + cells((c) => String(c.renderMs[page] ?? "-")));
}

async function main() {
  const options = cliOptions(["scales", "duration", "connections", "runs", "out"], "Usage: npm run bench:growth [-- --scales 1,10,50] [--duration 5] [--connections 10] [--runs 50] [--out bench-results/growth.json]");
  const scales = (options.scales ?? "1,10,50").split(",").map((s) => positiveIntOption(s.trim(), 1, "scales"));
  const durationS = positiveIntOption(options.duration, 5, "duration");
  const connections = positiveIntOption(options.connections, 10, "connections");
  const runs = positiveIntOption(options.runs, 50, "runs");
  const out = options.out ?? "bench-results/growth.json";
  /** @type {GrowthColumn[]} */
  const columns = [];
  for (const scale of scales) columns.push(await measureScale({ scale, durationS, connections, runs }));
  printGrowthTable(columns);
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await writeFile(out, JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), settings: { durationS, connections, runs }, scales: columns }, null, 2) + "\n");
  console.log(`\nWritten to ${out}`);
}

if (isMain(import.meta.url)) await main();
