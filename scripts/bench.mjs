// @ts-check
/**
 * Requests per second and latency of the site's answers, side by side, in one run on
 * loopback against a throwaway stack (seeded PocketBase + the Worker under wrangler dev):
 *
 *   npm run bench [-- --duration 10] [--connections 10] [--scale 1] [--out bench-results/bench.json] [--compare old.json]
 *
 * With --scale N above 1, the pages whose work grows with the content instead (home,
 * /offers, a store page, search and the stores' sitemap file), each rendered (page cache
 * bypassed: a miss) and from the page cache (a hit), on a stack seeded at scale 1 and then
 * on one seeded at scale N, in the same run: the table gives each at N against 1.
 *
 * Scenarios: a static asset about the size of the home page (the floor), the home page
 * rendered (page cache bypassed, data cache warm) and from the page cache, a store page
 * and a blog article rendered, a collection read from the edge cache and the same read
 * straight from PocketBase, /goto, and a marketer's short link (/l/{slug}, made for the run). Each is checked once before it is measured (status,
 * cache header), so a table never reports a cache miss as a render or an error as a page.
 * Ratios are to the floor measured in the same run. The Worker reads PocketBase through the
 * loopback proxy of the tests, which counts its requests: for /goto and /l/{slug} the table
 * shows the origin reads per redirect (the events it queues are written by the queue consumer, not
 * counted here). Writes JSON for comparing commits.
 */
import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { cliOptions, isMain, positiveIntOption } from "../pocketbase/cli.mjs";
import { samplePages, startThrowawayStack, stopOnSignals } from "./bench-stack.mjs";
import { startLoadStack, SUPERUSER } from "./load-mix.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What browsers send; the Worker (and workerd) compress for it, as Cloudflare does. */
export const ACCEPT = { "Accept-Encoding": "gzip", Accept: "text/html,application/json;q=0.9,*/*;q=0.8" };
/** The page cache renders, and never stores, requests that carry credentials. */
export const BYPASS_PAGE_CACHE = { Authorization: "Bearer bench" };
/** A collection read as the browser's content client makes it (spec page size). */
const COLLECTION_READ = "/api/collections/_zdata_stores/records?page=1&perPage=30&sort=title&skipTotal=true";
const WARM_UP_S = 2;

/**
 * @typedef {{ name: string, url: string, headers?: Record<string, string>, status: number, cache?: "HIT" | "none", countOrigin?: boolean }} Scenario
 * @typedef {{ name: string, path: string, rps: number, p50Ms: number, p99Ms: number, errors: number, rpsVsFloor: number, p50VsFloor: number, origin?: { perRequest: number, versionChecks: number } }} BenchRow
 */

/**
 * The built asset closest in size to `bytes` (uncompressed): the floor answers as much
 * as a page does, with no work but reading it.
 * @param {number} bytes
 */
export async function assetOfSize(bytes) {
  const dir = path.join(root, "public/build");
  const files = await Promise.all(
    (await readdir(dir)).filter((name) => /\.(js|css)$/.test(name)).map(async (name) => ({ name, size: (await stat(path.join(dir, name))).size })),
  );
  const [closest] = files.sort((a, b) => Math.abs(a.size - bytes) - Math.abs(b.size - bytes));
  if (!closest) throw new Error("no built asset in public/build");
  return `/build/${closest.name}`;
}

/** @param {string} siteUrl @param {string} html @returns {string} a /goto link of the page */
function firstGotoLink(siteUrl, html) {
  const match = html.match(/href="(\/goto\?url=[^"]+)"/);
  if (!match?.[1]) throw new Error("the store page has no /goto link");
  return siteUrl + match[1].replaceAll("&amp;", "&");
}

/** The short link the bench follows (docs/links.md). */
const BENCH_LINK = "bench-link";

/**
 * Makes the bench's short link, to a store page with campaign values, as the stack's
 * superuser (a marketer's import would do the same).
 * @param {string} pocketbaseUrl @param {string} destination
 */
async function makeBenchLink(pocketbaseUrl, destination) {
  const auth = await fetch(`${pocketbaseUrl}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
  });
  const { token } = /** @type {{ token: string }} */ (await auth.json());
  const made = await fetch(`${pocketbaseUrl}/api/collections/short_links/records`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify({ slug: BENCH_LINK, destination, utm_source: "bench", utm_medium: "print", utm_campaign: "bench" }),
  });
  if (!made.ok) throw new Error(`the bench's short link: ${made.status} ${await made.text()}`);
}

/**
 * @param {{ siteUrl: string, pocketbaseUrl: string }} stack
 * @returns {Promise<Scenario[]>}
 */
export async function pageScenarios({ siteUrl, pocketbaseUrl }) {
  const { store, article } = await samplePages(siteUrl);
  const home = await (await fetch(`${siteUrl}/`)).text();
  const storeHtml = await (await fetch(siteUrl + store)).text();
  await makeBenchLink(pocketbaseUrl, store);
  return [
    { name: "static asset (floor)", url: siteUrl + (await assetOfSize(Buffer.byteLength(home))), status: 200 },
    { name: "home, rendered", url: `${siteUrl}/`, headers: BYPASS_PAGE_CACHE, status: 200, cache: "none" },
    { name: "home, page cache", url: `${siteUrl}/`, status: 200, cache: "HIT" },
    { name: "store page, rendered", url: siteUrl + store, headers: BYPASS_PAGE_CACHE, status: 200, cache: "none" },
    { name: "article, rendered", url: siteUrl + article, headers: BYPASS_PAGE_CACHE, status: 200, cache: "none" },
    { name: "collection, edge cache", url: siteUrl + COLLECTION_READ, status: 200, cache: "HIT" },
    { name: "collection, PocketBase", url: pocketbaseUrl + COLLECTION_READ, status: 200 },
    { name: "/goto redirect", url: firstGotoLink(siteUrl, storeHtml), status: 302, countOrigin: true },
    { name: "/l/{slug} redirect", url: `${siteUrl}/l/${BENCH_LINK}`, status: 302, countOrigin: true },
  ];
}

/**
 * The stores' sitemap file, the one that grows most with the content. A cold sitemap index
 * of a large site can answer 503 while its reads are made (scale 50: 8-10 s on a loaded
 * host), so it is asked again, a few times, until it answers.
 * @param {string} siteUrl
 */
async function storesSitemap(siteUrl) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${siteUrl}/sitemap.xml`);
    const index = await response.text();
    const child = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(String(m[1])).pathname).find((path) => path.includes("stores"));
    if (child) return child;
    if (attempt === 5) throw new Error(`the sitemap index lists no stores file (${response.status}): ${index.slice(0, 200)}`);
  }
}

/**
 * The pages whose work grows with the content, each a miss (rendered) and a hit (page cache),
 * after the floor.
 * @param {{ siteUrl: string }} stack
 * @returns {Promise<Scenario[]>}
 */
export async function scaleScenarios({ siteUrl }) {
  const { store } = await samplePages(siteUrl);
  const sitemap = await storesSitemap(siteUrl);
  const home = await (await fetch(`${siteUrl}/`)).text();
  /** @type {Array<[string, string]>} */
  const pages = [
    ["home", "/"],
    ["/offers", "/offers"],
    ["store page", store],
    ["search", "/search?q=deal"],
    ["sitemap file", sitemap],
  ];
  return [
    { name: "static asset (floor)", url: siteUrl + (await assetOfSize(Buffer.byteLength(home))), status: 200 },
    ...pages.flatMap(([name, page]) => [
      { name: `${name}, miss`, url: siteUrl + page, headers: BYPASS_PAGE_CACHE, status: 200, cache: /** @type {const} */ ("none") },
      { name: `${name}, hit`, url: siteUrl + page, status: 200, cache: /** @type {const} */ ("HIT") },
    ]),
  ];
}

/**
 * Asks once (and once more, to warm what the first answer filled) and fails unless the
 * answer is what the scenario claims to measure.
 * @param {Scenario} scenario
 */
async function check(scenario) {
  let response;
  for (let i = 0; i < 2; i++) {
    response = await fetch(scenario.url, { headers: { ...ACCEPT, ...scenario.headers }, redirect: "manual" });
    await response.arrayBuffer();
  }
  if (!response) return;
  const cache = response.headers.get("X-Edge-Cache");
  const problems = [];
  if (response.status !== scenario.status) problems.push(`status ${response.status}, expected ${scenario.status}`);
  if (scenario.cache === "HIT" && cache !== "HIT") problems.push(`X-Edge-Cache ${cache}, expected HIT`);
  if (scenario.cache === "none" && cache !== null) problems.push(`X-Edge-Cache ${cache}, expected a render`);
  if (problems.length) throw new Error(`${scenario.name} (${scenario.url}): ${problems.join("; ")}`);
}

/**
 * @param {Scenario} scenario
 * @param {{ connections: number, durationS: number }} load
 */
async function measure(scenario, { connections, durationS }) {
  const options = { url: scenario.url, headers: { ...ACCEPT, ...scenario.headers }, connections, timeout: 30 };
  const warmUp = await autocannon({ ...options, duration: WARM_UP_S });
  const result = await autocannon({ ...options, duration: durationS });
  return {
    requests: warmUp.requests.total + result.requests.total,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - (scenario.status === 302 ? result["3xx"] : 0),
  };
}

/**
 * Requests the Worker has made to PocketBase's collections so far, apart from the service
 * account's sign-in and the content version check (once per CONTENT_VERSION_TTL_S whatever
 * the traffic, counted on its own); the queue consumer's batch writes go elsewhere.
 * @param {(needle: string) => Promise<number>} originRequests
 */
async function originCounts(originRequests) {
  const versionChecks = await originRequests("/_zsys_content_version/");
  const requests = (await originRequests("/api/collections/")) - (await originRequests("/auth-with-password")) - versionChecks;
  return { requests, versionChecks };
}

/**
 * Runs the scenarios one after another; ratios are to the first (the floor).
 * `originRequests` (the fault proxy's count) adds origin reads per request for the
 * scenarios that ask for it.
 * @param {Scenario[]} scenarios @param {{ connections: number, durationS: number, log?: (line: string) => void, originRequests?: (needle: string) => Promise<number> }} load
 * @returns {Promise<BenchRow[]>}
 */
export async function runScenarios(scenarios, { connections, durationS, log = () => {}, originRequests }) {
  for (const scenario of scenarios) await check(scenario);
  /** @type {BenchRow[]} */
  const rows = [];
  for (const scenario of scenarios) {
    log(`  ${scenario.name}…`);
    const counting = scenario.countOrigin && originRequests;
    const before = counting ? await originCounts(originRequests) : undefined;
    const { requests, rps, p50Ms, p99Ms, errors } = await measure(scenario, { connections, durationS });
    const after = counting ? await originCounts(originRequests) : undefined;
    const origin =
      before && after
        ? {
            origin: {
              perRequest: Math.round(((after.requests - before.requests) / Math.max(requests, 1)) * 10_000) / 10_000,
              versionChecks: after.versionChecks - before.versionChecks,
            },
          }
        : {};
    const floor = rows[0] ?? { rps, p50Ms };
    rows.push({
      name: scenario.name,
      path: new URL(scenario.url).pathname,
      rps: Math.round(rps),
      p50Ms,
      p99Ms,
      errors,
      rpsVsFloor: round(rps / floor.rps),
      p50VsFloor: round(p50Ms / Math.max(floor.p50Ms, 1)),
      ...origin,
    });
  }
  return rows;
}

const round = (/** @type {number} */ n) => Math.round(n * 100) / 100;

/** @param {BenchRow[]} rows @param {BenchRow[] | undefined} previous */
export function printBenchTable(rows, previous, title = "HTTP on loopback") {
  console.log(`\n${title}`);
  console.log(
    [
      "scenario".padEnd(24),
      "   req/s",
      "p50 ms",
      "p99 ms",
      "req/s ÷ floor",
      "p50 × floor",
      "errors",
      "origin requests/req (+ version checks)",
      ...(previous ? ["req/s vs previous"] : []),
    ].join("  "),
  );
  for (const row of rows) {
    const before = previous?.find((p) => p.name === row.name);
    console.log(
      [
        row.name.padEnd(24),
        String(row.rps).padStart(8),
        String(row.p50Ms).padStart(6),
        String(row.p99Ms).padStart(6),
        row.rpsVsFloor.toFixed(2).padStart(13),
        row.p50VsFloor.toFixed(2).padStart(11),
        String(row.errors).padStart(6),
        (row.origin ? `${row.origin.perRequest} (+${row.origin.versionChecks})` : "-").padStart(38),
        ...(previous ? [before ? `${((row.rps / before.rps - 1) * 100).toFixed(0).padStart(5)} %` : "  new"] : []),
      ].join("  "),
    );
  }
}

/** Each scenario at scale N beside scale 1: p50 latency and requests per second, and their ratios. @param {BenchRow[]} one @param {BenchRow[]} many @param {number} scale */
function printScaleTable(one, many, scale) {
  console.log(`\nScale ${scale} against scale 1 (same run)`);
  console.log(["scenario".padEnd(24), "p50 ms @1", `p50 ms @${scale}`, "p50 ×", "req/s @1", `req/s @${scale}`, "req/s ×"].join("  "));
  for (const row of many) {
    const base = one.find((r) => r.name === row.name);
    if (!base) continue;
    console.log(
      [
        row.name.padEnd(24),
        String(base.p50Ms).padStart(9),
        String(row.p50Ms).padStart(9 + String(scale).length - 1),
        (row.p50Ms / Math.max(base.p50Ms, 1)).toFixed(2).padStart(5),
        String(base.rps).padStart(8),
        String(row.rps).padStart(8 + String(scale).length - 1),
        (row.rps / base.rps).toFixed(2).padStart(7),
      ].join("  "),
    );
  }
}

/** Where the numbers came from. */
export function machine() {
  const cpus = os.cpus();
  let commit = "unknown";
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    if (execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim()) commit += " (with uncommitted changes)";
  } catch {
    // not a git checkout
  }
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map(round),
    commit,
  };
}

async function main() {
  const options = cliOptions(
    ["duration", "connections", "scale", "out", "compare"],
    "Usage: npm run bench [-- --duration 10] [--connections 10] [--scale 1] [--out bench-results/bench.json] [--compare old.json]",
  );
  const durationS = positiveIntOption(options.duration, 10, "duration");
  const connections = positiveIntOption(options.connections, 10, "connections");
  const scale = positiveIntOption(options.scale, 1, "scale");
  const out = options.out ?? "bench-results/bench.json";
  /** @type {BenchRow[] | undefined} */
  const previous = options.compare ? JSON.parse(await readFile(options.compare, "utf8")).scenarios : undefined;
  // Fresh for the whole run: the measured answers must not turn into revalidations midway.
  const vars = { CACHE_FRESH_S: "3600", PAGE_CACHE_FRESH_S: "3600" };
  if (scale > 1) {
    /** @type {Record<number, BenchRow[]>} */
    const byScale = {};
    for (const at of [1, scale]) {
      console.log(`Starting PocketBase (scale ${at}) and wrangler dev…`);
      const stack = await startThrowawayStack({ scale: at, vars });
      stopOnSignals(stack.stop);
      try {
        console.log(`Measuring at scale ${at} (${connections} connections, ${durationS} s per scenario after ${WARM_UP_S} s warm-up)…`);
        byScale[at] = await runScenarios(await scaleScenarios(stack), { connections, durationS, log: console.log });
        printBenchTable(byScale[at] ?? [], undefined, `Scale ${at}`);
      } finally {
        await stack.stop();
      }
    }
    printScaleTable(byScale[1] ?? [], byScale[scale] ?? [], scale);
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), settings: { connections, durationS, scale }, byScale }, null, 2)}\n`,
    );
    console.log(`\nWritten to ${out}`);
    return;
  }
  console.log(`Starting PocketBase (scale ${scale}), the counting proxy and wrangler dev…`);
  const stack = await startLoadStack({ faultProxy: true, scale, vars });
  try {
    console.log(`Measuring (${connections} connections, ${durationS} s per scenario after ${WARM_UP_S} s warm-up)…`);
    const rows = await runScenarios(await pageScenarios(stack), { connections, durationS, log: console.log, originRequests: stack.originRequests });
    printBenchTable(rows, previous);
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), machine: machine(), settings: { connections, durationS, scale }, scenarios: rows }, null, 2)}\n`,
    );
    console.log(`\nWritten to ${out}`);
  } finally {
    await stack.stop();
  }
}

if (isMain(import.meta.url)) await main();
