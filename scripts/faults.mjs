// @ts-check
/**
 * npm run test:faults [-- --concurrency 6 --outage 20 --delay 1500 --save answers.json]
 *
 * Fault run on a throwaway stack (production bundle, page and read caches on) whose Worker
 * reads PocketBase through the loopback fault proxy (test/support/fault-proxy.mjs):
 *
 * 1. Every target of the realistic mix is requested once, and the load runs over them.
 *    PocketBase is killed (SIGKILL, as a crash would) and the load stays on, now also
 *    asking for pages and reads nobody asked for before. PocketBase is started again on the
 *    same port and data, and the load stays on: the Worker, never restarted, must answer
 *    fresh pages again by itself.
 * 2. PocketBase answers slowly (the proxy holds reads back): warmed pages still answer at
 *    once, and never-rendered store pages whose offers read is slow stream their shell at
 *    once and the offers after the delay.
 * 3. Events: visitors click partner links (/goto) without pause; PocketBase is killed for
 *    the outage's length and started again. Every click must be redirected at once
 *    throughout, and every click must be stored exactly once once the queue has caught up
 *    (docs/events.md): each click carries a referring path of its own, so a lost click is
 *    a path with no event and a duplicate a path with two.
 *
 * Freshness is 5 s instead of the configured 60 s (reads) and 300 s (pages), so that every
 * warmed answer is past its fresh window when PocketBase goes away: the outage then runs
 * through the stale-if-error path, which is what it tests. The stale windows, and everything
 * else, are the configured ones.
 *
 * Prints the figures; exits 1 when a rule breaks.
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { BROWSER, buildMix, percentile, printTable, random, request, rules, runLoad, startLoadStack, SUPERUSER, tableRow } from "./load-mix.mjs";

const { values } = parseArgs({
  options: {
    concurrency: { type: "string", default: "6" },
    outage: { type: "string", default: "20" },
    delay: { type: "string", default: "1500" },
    save: { type: "string" },
  },
});
const concurrency = Number(values.concurrency);
const FRESH_S = 5;
const BASELINE_MS = 10_000;
const OUTAGE_MS = Number(values.outage) * 1000;
/** Load kept on after the first fresh answer, to see that everything else recovers too. */
const AFTER_RECOVERY_MS = 10_000;
const MAX_RECOVERY_MS = 10_000;
const SLOW_MS = Number(values.delay);
const SLOW_LOAD_MS = 10_000;
/** "At once": the shell must arrive within half the delay it does not wait for. */
const SHELL_MS = SLOW_MS / 2;
const COLD_PAGES = 6;
/** Compressed cold pages, shown for comparison (see decision 013), not judged. */
const GZIP_PAGES = 2;
/** The store page's offers section (src/app/pages/store/StoreOffers.tsx), also when it lists none. */
const OFFERS_SECTION = 'id="store-offers-heading"';
/** Share of requests during and after the outage that go to never-requested addresses. */
const UNCACHED_SHARE = 0.3;
/** Clicks before the outage, and after PocketBase is back. */
const CLICKS_BEFORE_MS = 5_000;
const CLICKS_AFTER_MS = 10_000;
/** "At once": no redirect may wait this long, whatever PocketBase does. */
const REDIRECT_MS = 1_000;
/** The queue's retries wait 10, 20, 40 … s (src/edge/events/events-consumer.ts): a 20 s outage is
 * caught up well within this after PocketBase is back. */
const CATCH_UP_MS = 180_000;

/** @typedef {import("./load-mix.mjs").Sample} Sample */
/** @typedef {import("./load-mix.mjs").Target} Target */

/** What the error catalogue puts in a failure answer: the retry page's heading, or the API's message. */
const CATALOGUE_MESSAGE = /We could not load this page just now|"message":"[^"]+"/;
/** What an error answer must never show: a stack frame or a source position. */
const STACK_TRACE = /\n\s+at |\.(?:ts|tsx|js|mjs):\d+:\d+|node_modules/;

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
const answered = (/** @type {Sample} */ s) => s.status >= 200 && s.status < 400;

const stack = await startLoadStack({ faultProxy: true, vars: { CACHE_FRESH_S: String(FRESH_S), PAGE_CACHE_FRESH_S: String(FRESH_S) } });
const check = rules();
try {
  const mix = await buildMix(stack.pocketbaseUrl, { holdBack: COLD_PAGES + GZIP_PAGES });
  // Crawlers get another copy of each page; the visitors' copies are the ones warmed here.
  const warmed = mix.all.filter((t) => t.kind !== "crawler");
  console.log(`stack up at ${stack.siteUrl}; warming ${warmed.length} targets`);
  for (const target of warmed) await request(stack.siteUrl, target, "warm-up");
  await sleep(FRESH_S * 1000);
  const workerdBefore = stack.workerdPids();

  // wrangler dev keeps its cache in .wrangler/state across runs, and a later run may get the
  // same port: the run's own prefix keeps these addresses new.
  const run = Date.now().toString(36);
  let serial = 0;
  /** A page or read at an address nobody asked for before, so no cache can answer it. @returns {Target} */
  const neverRequested = () => {
    serial += 1;
    const word = `fault${run}x${serial}`;
    if (serial % 3 === 0) return { kind: "new page", path: `/search?q=${word}` };
    if (serial % 3 === 1) return { kind: "new page", path: `/stores?catID=${word}` };
    return { kind: "new read", path: `/api/collections/_zdata_stores/records?filter=${encodeURIComponent(`id != "${word}"`)}` };
  };
  const rnd = random(7);
  const pickWarmed = () => /** @type {Target} */ (warmed[Math.floor(rnd() * warmed.length)]);
  const isNew = (/** @type {Sample} */ s) => s.kind.startsWith("new ");

  let phase = "baseline";
  const load = runLoad({
    siteUrl: stack.siteUrl,
    next: () => (phase !== "baseline" && rnd() < UNCACHED_SHARE ? neverRequested() : pickWarmed()),
    concurrency,
    phase: () => phase,
    until: () => phase === "done",
  });
  await sleep(BASELINE_MS);
  await stack.killPocketBase();
  const killedAt = Date.now();
  phase = "outage";
  await sleep(OUTAGE_MS);
  phase = "restarting";
  const restartAt = Date.now();
  await stack.restartPocketBase();
  const upAt = Date.now();
  phase = "recovering";
  // The first fresh page: a search nobody made before, polled until it answers 200.
  let recoveredAt = 0;
  while (!recoveredAt && Date.now() - upAt < MAX_RECOVERY_MS * 2) {
    const probe = await request(stack.siteUrl, { kind: "probe", path: `/search?q=recovery${run}x${Date.now()}` }, "probe");
    if (probe.status === 200) recoveredAt = Date.now();
    else await sleep(50);
  }
  phase = "recovered";
  await sleep(AFTER_RECOVERY_MS);
  phase = "done";
  const samples = await load;
  const workerdAfter = stack.workerdPids();
  if (values.save)
    await writeFile(values.save, JSON.stringify({ killedAt, restartAt, upAt, recoveredAt, samples: samples.map(({ errorBody, ...sample }) => sample) }));
  const recoveryMs = recoveredAt ? recoveredAt - upAt : Infinity;

  const inPhase = (/** @type {string} */ name, /** @type {(s: Sample) => boolean} */ where = () => true) => samples.filter((s) => s.phase === name && where(s));
  const baseline = inPhase("baseline");
  // An answer still in flight when PocketBase began to start again may rightly be fresh.
  const beforeRestart = (/** @type {Sample} */ s) => s.at + s.totalMs < restartAt;
  const outageWarmed = inPhase("outage", (s) => !isNew(s) && beforeRestart(s));
  const outageNew = inPhase("outage", (s) => isNew(s) && beforeRestart(s));
  const recovering = inPhase("recovering");
  const recoveredWarmed = inPhase("recovered", (s) => !isNew(s));
  const recoveredNew = inPhase("recovered", isNew);

  console.log("\n== PocketBase killed under load, then restarted ==");
  printTable([
    tableRow("baseline: warmed", baseline),
    tableRow("outage: warmed", outageWarmed),
    tableRow("outage: never requested", outageNew),
    tableRow(
      "outage: ended after restart",
      inPhase("outage", (s) => !beforeRestart(s)),
    ),
    tableRow("PocketBase starting again", inPhase("restarting")),
    tableRow("up, before first fresh 200", recovering),
    tableRow("recovered: warmed", recoveredWarmed),
    tableRow("recovered: never requested", recoveredNew),
  ]);
  console.log(`\nrecovery: ${recoveryMs} ms from PocketBase answering its health check to the first fresh 200 on a never-requested page`);
  console.log(`Worker processes (workerd) before and after: ${workerdBefore.join(",")} / ${workerdAfter.join(",")}\n`);

  check.check(
    baseline.length > 0 && baseline.every(answered),
    `baseline: every answer 2xx/3xx (${baseline.length})`,
    baseline.filter((s) => !answered(s)),
  );
  check.check(
    outageWarmed.length > 0 && outageWarmed.every(answered),
    `outage: every warmed page and read still answers (${outageWarmed.length})`,
    outageWarmed.filter((s) => !answered(s)),
  );
  const stale = outageWarmed.filter((s) => s.cache === "STALE").length;
  check.check(stale > 0, `outage: warmed pages and reads are served stale from the caches (${stale})`);
  check.check(
    outageNew.length > 0 && outageNew.every((s) => s.status === 503),
    `outage: every never-requested page and read answers 503, retryable (${outageNew.length})`,
    outageNew.filter((s) => s.status !== 503),
  );
  const errors = samples.filter((s) => s.status >= 500);
  const unexplained = errors.filter((s) => !CATALOGUE_MESSAGE.test(s.errorBody ?? ""));
  check.check(unexplained.length === 0, `no blank error: every 5xx carries the catalogue's message (${errors.length})`, unexplained);
  const backends = [stack.pocketbaseUrl, stack.originUrl].map((url) => new URL(url).host);
  const leaking = errors.filter((s) => STACK_TRACE.test(s.errorBody ?? "") || backends.some((host) => s.errorBody?.includes(host)));
  check.check(leaking.length === 0, "no error shows a stack trace, a source position or PocketBase's address", leaking);
  const broken = samples.filter((s) => s.status === 0 || (s.status >= 500 && s.status !== 503));
  check.check(broken.length === 0, "never a failed request or a 5xx other than 503", broken);
  check.check(recoveryMs <= MAX_RECOVERY_MS, `recovery within ${MAX_RECOVERY_MS} ms (${recoveryMs} ms)`);
  // wrangler dev also restarts the runtime when a source file changes: a run on a tree being edited can fail here.
  check.check(
    workerdBefore.length > 0 && workerdBefore.join() === workerdAfter.join(),
    "recovered without restarting the Worker (same workerd processes; wrangler dev also restarts them when a source file changes)",
  );
  const recovered = [...recoveredWarmed, ...recoveredNew];
  check.check(
    recovered.length > 0 && recovered.every(answered),
    `after recovery: every answer 2xx/3xx (${recovered.length})`,
    recovered.filter((s) => !answered(s)),
  );
  check.check(
    recoveredNew.length > 0 && recoveredNew.every((s) => s.cache === "MISS"),
    `after recovery: never-requested addresses are read fresh from PocketBase (${recoveredNew.length})`,
    recoveredNew.filter((s) => s.cache !== "MISS"),
  );

  console.log(`\n== PocketBase slow: reads held back ${SLOW_MS} ms ==`);
  await stack.delayReads("/api/collections/", SLOW_MS);
  const slowStart = Date.now();
  const slow = await runLoad({
    siteUrl: stack.siteUrl,
    next: pickWarmed,
    concurrency,
    phase: () => "slow",
    until: () => Date.now() - slowStart > SLOW_LOAD_MS,
  });
  printTable([tableRow("every read slow: warmed", slow)]);
  check.check(
    slow.every(answered),
    `slow: warmed pages and reads answer 2xx/3xx (${slow.length})`,
    slow.filter((s) => !answered(s)),
  );
  const slowest = Math.max(...slow.map((s) => s.totalMs));
  check.check(
    slowest < SLOW_MS,
    `slow: no warmed answer waits for PocketBase (slowest ${Math.round(slowest)} ms < ${SLOW_MS} ms)`,
    slow.filter((s) => s.totalMs >= SLOW_MS),
  );

  await stack.delayReads("_zdata_offers", SLOW_MS);
  /** @type {Awaited<ReturnType<typeof streamed>>[]} */
  const shells = [];
  /** @type {Record<string, string | number>[]} */
  const rows = [];
  for (const [index, path] of mix.cold.entries()) {
    // Uncompressed: what the Worker sends. Compressed (as browsers ask): what wrangler dev
    // delivers after emulating Cloudflare's compression (decision 013), shown only.
    const encoding = index < COLD_PAGES ? "identity" : "gzip";
    const page = await streamed(`${stack.siteUrl}${path}`, encoding);
    if (encoding === "identity") shells.push(page);
    rows.push({
      "": path.length > 48 ? `${path.slice(0, 45)}...` : path,
      encoding,
      status: page.status,
      "first byte ms": page.firstByteMs,
      "shell ms": page.shellMs,
      "offers ms": page.sectionMs,
      "end ms": page.endMs,
    });
  }
  await stack.delayReads("", 0);
  console.log(`\nnever-rendered store pages, their offers read held back ${SLOW_MS} ms:`);
  printTable(rows);
  const firstBytes = shells.map((s) => s.firstByteMs);
  console.log(`\nTTFB under delay (uncompressed): p50 ${percentile(firstBytes, 50)} ms, max ${Math.max(...firstBytes)} ms (delay ${SLOW_MS} ms)\n`);
  check.check(
    shells.every((s) => s.status === 200),
    "slow: never-rendered pages answer 200",
  );
  check.check(
    shells.every((s) => s.firstByteMs < SHELL_MS),
    `slow: the first bytes arrive within ${SHELL_MS} ms (max ${Math.max(...firstBytes)} ms)`,
  );
  check.check(
    shells.every((s) => s.shellMs >= 0 && s.shellMs < SHELL_MS),
    `slow: the shell (heading and the offers' placeholder) is complete within ${SHELL_MS} ms`,
  );
  check.check(
    shells.every((s) => s.sectionMs >= SLOW_MS - 50 && s.shellMs < s.sectionMs),
    "slow: the offers section streams in after the slow read, into the same document",
  );

  await clicksThroughOutage(stack, run, check);
  check.finish();
} finally {
  await stack.stop();
}

/**
 * Reads a store page as it streams: when the first bytes arrived, when the shell was
 * complete (the page's heading and a pending Suspense boundary, React's
 * `<template id="B:…">`), and when the offers section followed. -1: never arrived.
 * @param {string} url @param {"identity" | "gzip"} encoding
 */
async function streamed(url, encoding) {
  const started = performance.now();
  const response = await fetch(url, { headers: { ...BROWSER, "Accept-Encoding": encoding } });
  const reader = /** @type {ReadableStream<Uint8Array>} */ (response.body).getReader();
  const decoder = new TextDecoder();
  const at = () => Math.round(performance.now() - started);
  let html = "";
  let firstByteMs = -1;
  let shellMs = -1;
  let sectionMs = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (firstByteMs < 0) firstByteMs = at();
    html += decoder.decode(value, { stream: true });
    if (shellMs < 0 && /<h1[^>]*>[^<]+<\/h1>/.test(html) && html.includes('<template id="B:')) shellMs = at();
    if (sectionMs < 0 && html.includes(OFFERS_SECTION)) sectionMs = at();
  }
  return { status: response.status, firstByteMs, shellMs, sectionMs, endMs: at() };
}

/**
 * Part 3: clicks through a PocketBase outage, then every click looked up in PocketBase.
 * @param {Awaited<ReturnType<typeof startLoadStack>>} stack @param {string} run @param {ReturnType<typeof rules>} check
 */
async function clicksThroughOutage(stack, run, check) {
  console.log(`\n== Events: clicks while PocketBase is down ${OUTAGE_MS / 1000} s, then back ==`);
  const filter = encodeURIComponent("cta_url != ''");
  const offers = /** @type {{ items: { cta_url: string }[] }} */ (
    await (await fetch(`${stack.pocketbaseUrl}/api/collections/_zdata_offers/records?perPage=20&fields=cta_url&filter=${filter}`)).json()
  ).items;
  const links = offers.map((o) => `/goto?url=${encodeURIComponent(o.cta_url)}`);
  const prefix = `/faults-${run}-click-`;
  let serial = 0;
  /** @returns {Target} */
  const click = () => {
    serial += 1;
    // The serial in the address (which /goto ignores) ties each answer to its referring path.
    return { kind: "click", path: `${links[serial % links.length]}&n=${serial}`, init: { headers: { Referer: `${stack.siteUrl}${prefix}${serial}` } } };
  };
  let phase = "before";
  const load = runLoad({ siteUrl: stack.siteUrl, next: click, concurrency, phase: () => phase, until: () => phase === "done" });
  await sleep(CLICKS_BEFORE_MS);
  await stack.killPocketBase();
  phase = "PocketBase down";
  await sleep(OUTAGE_MS);
  await stack.restartPocketBase();
  const backAt = Date.now();
  phase = "PocketBase back";
  await sleep(CLICKS_AFTER_MS);
  phase = "done";
  const samples = await load;
  const sent = samples.filter((s) => s.status === 302).length;

  /** @type {{ referrer_path: string, click_id: string }[]} */
  let stored = [];
  while (Date.now() - backAt < CATCH_UP_MS) {
    stored = await storedClicks(stack.pocketbaseUrl, prefix);
    if (stored.length >= sent) break;
    await sleep(1_000);
  }
  const caughtUpS = Math.round((Date.now() - backAt) / 1000);
  const paths = new Set(stored.map((e) => e.referrer_path));
  const lost = samples.filter((s) => s.status === 302 && !paths.has(`${prefix}${new URL(s.path, stack.siteUrl).searchParams.get("n")}`)).length;
  const duplicated = stored.length - paths.size;
  const clickIds = new Set(stored.map((e) => e.click_id)).size;

  printTable(
    ["before", "PocketBase down", "PocketBase back"].map((name) =>
      tableRow(
        `clicks: ${name}`,
        samples.filter((s) => s.phase === name),
      ),
    ),
  );
  const down = samples.filter((s) => s.phase === "PocketBase down");
  console.log(
    `\nclicks redirected: ${sent} of ${samples.length}; stored: ${stored.length} events, ${paths.size} clicks, ${clickIds} click ids; lost ${lost}, duplicated ${duplicated}; caught up ${caughtUpS} s after PocketBase was back\n`,
  );
  check.check(
    samples.length > 0 && samples.every((s) => s.status === 302),
    `events: every click is redirected (${samples.length})`,
    samples.filter((s) => s.status !== 302),
  );
  const slowest = Math.max(0, ...samples.map((s) => s.totalMs));
  check.check(
    down.length > 0 && slowest < REDIRECT_MS,
    `events: redirects at once throughout, PocketBase down included (slowest ${Math.round(slowest)} ms < ${REDIRECT_MS} ms)`,
    samples.filter((s) => s.totalMs >= REDIRECT_MS),
  );
  check.check(lost === 0, `events: 0 clicks lost (${lost} of ${sent})`);
  check.check(
    duplicated === 0 && clickIds === stored.length,
    `events: 0 clicks stored twice (${duplicated}), every click id distinct (${clickIds} of ${stored.length})`,
  );
}

/**
 * The run's stored clicks, read from PocketBase as the load stack's superuser.
 * @param {string} pocketbaseUrl @param {string} prefix
 */
async function storedClicks(pocketbaseUrl, prefix) {
  const auth = await fetch(`${pocketbaseUrl}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
  });
  const { token } = /** @type {{ token: string }} */ (await auth.json());
  /** @type {{ referrer_path: string, click_id: string }[]} */
  const events = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      filter: `referrer_path ~ '${prefix}%'`,
      fields: "referrer_path,click_id",
      perPage: "500",
      page: String(page),
      skipTotal: "1",
    });
    const response = await fetch(`${pocketbaseUrl}/api/collections/outbound_events/records?${query}`, { headers: { Authorization: token } });
    if (!response.ok) throw new Error(`reading outbound_events: ${response.status}`);
    const { items } = /** @type {{ items: { referrer_path: string, click_id: string }[] }} */ (await response.json());
    events.push(...items);
    if (items.length < 500) return events;
  }
}
