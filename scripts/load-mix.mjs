// @ts-check
/**
 * Shared by `npm run soak` and `npm run test:faults`: a throwaway local stack (seeded
 * PocketBase, wrangler dev) optionally behind the test fault proxy, a realistic mix of
 * requests built from the seeded content, a concurrent load loop that records every
 * answer, the figures printed from those records, and the Worker process's memory.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, prepareSeededDataDir, startPocketBase } from "../pocketbase/run.mjs";
import { startFaultProxy } from "../test/support/fault-proxy.mjs";
import { stopOnSignals } from "./bench-stack.mjs";
import { startStack } from "./dev-stack.mjs";

/** The load stacks' PocketBase superuser (the fault run reads the stored events as it). */
export const SUPERUSER = { email: "load@dealpilot.local", password: "load-tests-password" };

/**
 * @typedef {{ kind: string, path: string, init?: RequestInit }} Target
 * @typedef {{ phase: string, kind: string, path: string, status: number, cache: string, ttfbMs: number, totalMs: number, bytes: number, error?: string, at: number, errorBody?: string }} Sample
 */

/** Visitors' browsers: isbot() takes Node's own user agent for a crawler, which gets the
 * complete document at once instead of the streamed one. */
export const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36" };

/**
 * Starts the stack on free loopback ports, the Worker bundled as for production (wrangler
 * dev's default is React's development build). With `faultProxy`, the Worker reads
 * PocketBase through test/support/fault-proxy.mjs, and PocketBase can be killed (SIGKILL,
 * as a crash would) and started again on the same port and data. `stop()` ends every
 * process this started, also when starting failed half-way; Ctrl-C and SIGTERM call it.
 * @param {{ faultProxy?: boolean, vars?: Record<string, string>, scale?: number }} options
 */
export async function startLoadStack({ faultProxy = false, vars = {}, scale = 1 }) {
  /** Undo steps of what has started so far, run newest first. @type {(() => Promise<unknown>)[]} */
  const teardown = [];
  const stop = async () => {
    for (const step of teardown.splice(0).reverse()) await step().catch((error) => console.error("teardown:", error));
  };
  stopOnSignals(stop);
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), "pb-load-"));
    teardown.push(() => rm(dataDir, { recursive: true, force: true }));
    await prepareSeededDataDir({ targetDir: dataDir, scale, ...SUPERUSER });
    const pbPort = await freePort();
    /** @type {{ stop: () => Promise<void> } | undefined} */
    let restarted;
    teardown.push(async () => restarted?.stop());
    const killPocketBase = async () => {
      if (restarted) {
        await restarted.stop();
        restarted = undefined;
        return;
      }
      // startStack does not hand out its PocketBase; it is this process's child, found by its parent id.
      const pid = childPids(process.pid, "pocketbase")[0];
      if (!pid) throw new Error("no PocketBase child process to kill");
      process.kill(pid, "SIGKILL");
      while (childPids(process.pid, "pocketbase").includes(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const restartPocketBase = async () => {
      restarted ??= await startPocketBase({ dataDir, port: pbPort, quiet: true });
    };
    const proxyPort = faultProxy ? await freePort() : undefined;
    if (proxyPort) {
      const proxy = await startFaultProxy({ port: proxyPort, upstreamPort: pbPort, stopUpstream: killPocketBase, startUpstream: restartPocketBase });
      teardown.push(() => proxy.close());
    }
    const proxyUrl = proxyPort ? `http://127.0.0.1:${proxyPort}` : undefined;
    process.env.NODE_ENV = "production";
    const inspectorPort = await freePort();
    const stack = await startStack({
      dataDir,
      pbPort,
      port: await freePort(),
      inspectorPort,
      ...SUPERUSER,
      // STACK_LOGS=1: wrangler's request, queue and error log, for a run that stalls.
      quiet: !process.env.STACK_LOGS,
      vars: { ...(proxyUrl && { POCKETBASE_URL: proxyUrl }), ...vars },
    });
    teardown.push(() => stack.stop());
    return {
      siteUrl: stack.siteUrl,
      pocketbaseUrl: `http://127.0.0.1:${pbPort}`,
      /** Where the Worker reads PocketBase (the fault proxy, when there is one). */
      originUrl: proxyUrl ?? `http://127.0.0.1:${pbPort}`,
      killPocketBase,
      restartPocketBase,
      /** Makes PocketBase reads whose address contains `needle` wait `ms` (0 clears it). */
      async delayReads(/** @type {string} */ needle, /** @type {number} */ ms) {
        if (!proxyUrl) throw new Error("delays need the fault proxy");
        await fetch(`${proxyUrl}/__test/delay?contains=${encodeURIComponent(needle)}&ms=${ms}`, { method: "POST" });
      },
      /** How many requests the Worker has made to PocketBase whose address contains `needle`. */
      async originRequests(/** @type {string} */ needle) {
        if (!proxyUrl) throw new Error("counting origin requests needs the fault proxy");
        const response = await fetch(`${proxyUrl}/__test/count?contains=${encodeURIComponent(needle)}`);
        return /** @type {{ count: number }} */ (await response.json()).count;
      },
      /** Where the Worker's V8 inspector listens (scripts/worker-inspector.mjs reads its heap there). */
      inspectorPort,
      /** The local runtime's processes (workerd, in wrangler's process group): the same ids before and after mean no restart. */
      workerdPids() {
        const group = stack.wrangler?.pid;
        return group ? groupPids(group, "workerd").sort((a, b) => a - b) : [];
      },
      /**
       * Resident memory (VmRSS) of each workerd in wrangler's process group, in MiB, by role.
       * wrangler dev runs two: the one on the site's port runs wrangler's own proxy (a local
       * development tool that forwards to the Worker and keeps growing as it serves bodies),
       * the other runs the Worker. With a single runtime, that one runs the Worker.
       */
      workerdMemory() {
        const group = stack.wrangler?.pid;
        const onSitePort = `--socket-addr=entry=${new URL(stack.siteUrl).host}`;
        const processes = (group ? groupPids(group, "workerd") : []).map((pid) => ({
          pid,
          proxy: commandLine(pid).includes(onSitePort),
          mib: rssKiB(pid) / 1024,
        }));
        const single = processes.length === 1;
        return processes.map(({ pid, proxy, mib }) => ({ pid, role: proxy && !single ? "proxy" : "worker", mib }));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** @param {number} pid @returns {{ comm: string, ppid: number, pgrp: number } | undefined} */
function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid pgrp ...": comm may hold spaces, so split after its last ")".
    const close = stat.lastIndexOf(")");
    const [, ppid, pgrp] = stat.slice(close + 2).split(" ");
    return { comm: stat.slice(stat.indexOf("(") + 1, close), ppid: Number(ppid), pgrp: Number(pgrp) };
  } catch {
    return undefined;
  }
}

/** @param {(stat: { comm: string, ppid: number, pgrp: number }) => boolean} match */
function pidsWhere(match) {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      const stat = processStat(pid);
      return stat !== undefined && match(stat);
    });
}

/** @param {number} parent @param {string} comm */
const childPids = (parent, comm) => pidsWhere((s) => s.ppid === parent && s.comm === comm);
/** @param {number} group @param {string} comm */
const groupPids = (group, comm) => pidsWhere((s) => s.pgrp === group && s.comm === comm);

/** @param {number} pid */
function commandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return [];
  }
}

/** @param {number} pid */
function rssKiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** A small seeded generator (mulberry32): the same mix for the same seed. @param {number} seed */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @template T
 * @param {string} pocketbaseUrl @param {string} collection @param {string} [query]
 * @returns {Promise<T[]>}
 */
async function records(pocketbaseUrl, collection, query = "") {
  const response = await fetch(`${pocketbaseUrl}/api/collections/${collection}/records?perPage=200${query}`);
  if (!response.ok) throw new Error(`reading ${collection}: ${response.status}`);
  return /** @type {{ items: T[] }} */ (await response.json()).items;
}

/** @param {string} title */
const segment = (title) => encodeURIComponent(title.trim().toLowerCase());

/**
 * What visitors, crawlers and the browser bundle ask for, with weights: pages of every kind
 * (some carrying campaign parameters, some asked by a crawler), JSON reads, images, static
 * files, background /goto pings and affiliate pings. `holdBack` keeps that many store pages
 * out of the mix (never requested, so never cached) for tests that need cold pages.
 * @param {string} pocketbaseUrl
 * @param {{ holdBack?: number }} [options]
 */
export async function buildMix(pocketbaseUrl, { holdBack = 0 } = {}) {
  /** @typedef {{ id: string, title: string, logo?: string, collectionName: string, category_ids?: string[], cta_url?: string }} Row */
  const stores = /** @type {Row[]} */ (await records(pocketbaseUrl, "_zdata_stores", "&sort=title"));
  const cold = stores.slice(stores.length - holdBack);
  const warm = stores.slice(0, stores.length - holdBack);
  const articles = /** @type {Row[]} */ (await records(pocketbaseUrl, "_zdata_articles"));
  const comparisons = /** @type {Row[]} */ (await records(pocketbaseUrl, "_zdata_comparisons"));
  const advertorials = /** @type {Row[]} */ (await records(pocketbaseUrl, "_zdata_advertorials"));
  const categories = /** @type {Row[]} */ (await records(pocketbaseUrl, "_zdata_categories"));
  const offers = /** @type {Row[]} */ (await records(pocketbaseUrl, "_zdata_offers", `&filter=${encodeURIComponent("cta_url != ''")}`));
  const manifest = JSON.parse(readFileSync(new URL("../public/build/manifest.json", import.meta.url), "utf8"));
  const crawler = { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } };

  /** @type {[number, Target[]][]} */
  const weighted = [
    [10, [{ kind: "home", path: "/" }]],
    [
      6,
      [
        { kind: "list", path: "/stores" },
        { kind: "list", path: "/stores?page=2" },
        { kind: "list", path: "/offers" },
        { kind: "list", path: "/offers?type=coupon" },
      ],
    ],
    [5, categories.map((c) => ({ kind: "filter", path: `/stores?catID=${c.id}` }))],
    [16, warm.map((s) => ({ kind: "store", path: `/stores/${segment(s.title)}/${s.id}` }))],
    [4, ["/blog", "/comparisions", "/advertorials"].map((p) => ({ kind: "list", path: p }))],
    [8, articles.map((a) => ({ kind: "article", path: `/blog/${segment(a.title)}/${a.id}` }))],
    [6, comparisons.map((c) => ({ kind: "comparison", path: `/comparisions/${segment(c.title)}/${c.id}` }))],
    [6, advertorials.map((a) => ({ kind: "advertorial", path: `/advertorials/${segment(a.title)}/${a.id}` }))],
    [3, ["vpn", "hosting", "antivirus", "esim"].map((q) => ({ kind: "search", path: `/search?q=${q}` }))],
    [4, ["/about-us", "/contact-us", "/privacy-policy", "/terms-of-use", "/cookie-policy", "/do-not-sell-or-share"].map((p) => ({ kind: "static", path: p }))],
    [3, warm.slice(0, 10).map((s) => ({ kind: "campaign", path: `/stores/${segment(s.title)}/${s.id}?utm_source=newsletter&utm_campaign=spring` }))],
    [
      3,
      [
        { kind: "crawler", path: "/", init: crawler },
        ...articles.slice(0, 5).map((a) => ({ kind: "crawler", path: `/blog/${segment(a.title)}/${a.id}`, init: crawler })),
      ],
    ],
    [
      8,
      warm.map((s) => ({
        kind: "read",
        path: `/api/collections/_zdata_offers/records?page=1&perPage=30&filter=${encodeURIComponent(`store = "${s.id}"`)}&sort=-is_featured,-create_time,id`,
      })),
    ],
    [
      2,
      [
        { kind: "read", path: "/api/collections/_zdata_categories/records?page=1&perPage=30&sort=title" },
        { kind: "read", path: "/api/websites/9?populate=*" },
      ],
    ],
    [8, warm.filter((s) => s.logo).map((s) => ({ kind: "file", path: `/api/files/${s.collectionName}/${s.id}/${s.logo}` }))],
    [3, [manifest.js, manifest.css, "/favicon.svg"].map((p) => ({ kind: "asset", path: p }))],
    [2, offers.slice(0, 20).map((o) => ({ kind: "goto", path: `/goto?url=${encodeURIComponent(/** @type {string} */ (o.cta_url))}&wp=0` }))],
    [1, [{ kind: "ping", path: "/api/status/ping", init: { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"cid":"dp1"}' } }]],
    [
      1,
      [
        { kind: "seo", path: "/robots.txt" },
        { kind: "seo", path: "/sitemap.xml" },
      ],
    ],
  ];
  const mix = weighted.filter(([, targets]) => targets.length > 0);
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  return {
    /** Every target once (to warm the caches). */
    all: mix.flatMap(([, targets]) => targets),
    /** Store pages never in the mix. */
    cold: cold.map((s) => `/stores/${segment(s.title)}/${s.id}`),
    /** A picker: a kind by weight, then one of its targets. @param {() => number} rnd */
    picker(rnd) {
      /** @returns {Target} */
      return () => {
        let roll = rnd() * total;
        const [, targets] =
          mix.find(([weight]) => {
            roll -= weight;
            return roll < 0;
          }) ?? /** @type {[number, Target[]]} */ (mix[0]);
        return /** @type {Target} */ (targets[Math.floor(rnd() * targets.length)]);
      };
    },
  };
}

/**
 * One request, timed to its first byte and to its end; a 5xx answer keeps its body, to be
 * checked for what it shows.
 * @param {string} siteUrl @param {Target} target @param {string} phase
 * @returns {Promise<Sample>}
 */
export async function request(siteUrl, target, phase) {
  const started = performance.now();
  const at = Date.now();
  try {
    const response = await fetch(siteUrl + target.path, {
      redirect: "manual",
      signal: AbortSignal.timeout(30_000),
      ...target.init,
      headers: { ...BROWSER, ...target.init?.headers },
    });
    const ttfbMs = performance.now() - started;
    const body = new Uint8Array(await response.arrayBuffer());
    const errorBody = response.status >= 500 ? new TextDecoder().decode(body) : undefined;
    return {
      phase,
      kind: target.kind,
      path: target.path,
      status: response.status,
      cache: response.headers.get("x-edge-cache") ?? "",
      ttfbMs,
      totalMs: performance.now() - started,
      bytes: body.byteLength,
      at,
      errorBody,
    };
  } catch (error) {
    return {
      phase,
      kind: target.kind,
      path: target.path,
      status: 0,
      cache: "",
      ttfbMs: 0,
      totalMs: performance.now() - started,
      bytes: 0,
      error: String(error),
      at,
    };
  }
}

/**
 * Keeps `concurrency` requests in flight until `stop()` resolves true, each from `next()`,
 * labelled with the current `phase()`.
 * @param {{ siteUrl: string, next: () => Target, concurrency: number, phase: () => string, until: () => boolean }} options
 */
export async function runLoad({ siteUrl, next, concurrency, phase, until }) {
  /** @type {Sample[]} */
  const samples = [];
  const worker = async () => {
    while (!until()) samples.push(await request(siteUrl, next(), phase()));
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return samples;
}

/** @param {number[]} values @param {number} p */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** @param {Sample[]} samples */
export function summary(samples) {
  /** @param {(s: Sample) => string} key */
  const countBy = (key) => Object.fromEntries([...samples.reduce((m, s) => m.set(key(s), (m.get(key(s)) ?? 0) + 1), new Map()).entries()].sort());
  const durationS = samples.length ? (Math.max(...samples.map((s) => s.at)) - Math.min(...samples.map((s) => s.at))) / 1000 : 0;
  return {
    requests: samples.length,
    perSecond: durationS > 0 ? Math.round(samples.length / durationS) : 0,
    byStatus: countBy((s) => (s.status ? String(s.status) : "network error")),
    byCache: countBy((s) => s.cache || "-"),
    stale: samples.filter((s) => s.cache === "STALE").length,
    serverErrors: samples.filter((s) => s.status >= 500).length,
    networkErrors: samples.filter((s) => s.status === 0).length,
    ttfbMs: {
      p50: Math.round(
        percentile(
          samples.map((s) => s.ttfbMs),
          50,
        ),
      ),
      p95: Math.round(
        percentile(
          samples.map((s) => s.ttfbMs),
          95,
        ),
      ),
    },
    totalMs: {
      p50: Math.round(
        percentile(
          samples.map((s) => s.totalMs),
          50,
        ),
      ),
      p95: Math.round(
        percentile(
          samples.map((s) => s.totalMs),
          95,
        ),
      ),
      p99: Math.round(
        percentile(
          samples.map((s) => s.totalMs),
          99,
        ),
      ),
    },
  };
}

/**
 * One row of a figures table: answers by status class (503 apart, the retryable one), failed
 * requests, answers served stale from a cache, and end-to-end times.
 * @param {string} label @param {Sample[]} samples
 */
export function tableRow(label, samples) {
  const count = (/** @type {(s: Sample) => boolean} */ where) => samples.filter(where).length;
  const totals = samples.map((s) => s.totalMs);
  return {
    "": label,
    requests: samples.length,
    "2xx": count((s) => s.status >= 200 && s.status < 300),
    "3xx": count((s) => s.status >= 300 && s.status < 400),
    "4xx": count((s) => s.status >= 400 && s.status < 500),
    "503 retry": count((s) => s.status === 503),
    "5xx other": count((s) => s.status >= 500 && s.status !== 503),
    failed: count((s) => s.status === 0),
    stale: count((s) => s.cache === "STALE"),
    "p50 ms": Math.round(percentile(totals, 50)),
    "p95 ms": Math.round(percentile(totals, 95)),
    "max ms": Math.round(Math.max(0, ...totals)),
  };
}

/** Prints rows of equal keys as an aligned text table (first column left, others right). @param {Record<string, string | number>[]} rows */
export function printTable(rows) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (/** @type {string[]} */ cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(columns));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c]))));
}

/** Collects the broken rules of a run and ends it with their count as the exit code. */
export function rules() {
  /** @type {string[]} */
  const broken = [];
  return {
    /** @param {boolean} ok @param {string} rule @param {Sample[]} [offenders] the answers that break it, a few of which are shown */
    check(ok, rule, offenders = []) {
      console.log(`${ok ? "PASS" : "FAIL"}  ${rule}`);
      if (ok) return;
      broken.push(rule);
      for (const s of offenders.slice(0, 5))
        console.log(
          `      ${s.status || s.error} ${s.cache || "-"} ${Math.round(s.totalMs)} ms at ${new Date(s.at).toISOString().slice(11, 23)} ${s.kind} ${s.path.slice(0, 120)}`,
        );
    },
    finish() {
      console.log(broken.length ? `\n${broken.length} rule(s) broken` : "\nall rules hold");
      process.exitCode = broken.length ? 1 : 0;
    },
  };
}
