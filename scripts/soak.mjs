// @ts-check
/**
 * npm run soak [-- --duration 120 --warmup 20 --concurrency 8 --window 30 --seed 1]
 *
 * A bounded soak on loopback against a throwaway stack (production bundle, caches with their
 * configured lifetimes): every target of the realistic mix once, `warmup` seconds of load
 * (caches filled, JIT and heaps at their working size), then `concurrency` requests in
 * flight for `duration` seconds while the resident memory (VmRSS, /proc) of the runtime that
 * runs the Worker is sampled every 2 s.
 *
 * Rules (exit 1 when one breaks): no 5xx, no failed request, and no memory growth: the
 * median RSS of the last `window` seconds at most the median of the first `window` seconds
 * × 1.10 + 16 MiB. Medians, because a sample can land just before or after a V8 collection;
 * the margin, because a heap at its working size still moves by a few MiB as V8 grows and
 * shrinks its spaces. At ~200 requests/s on two cores the run makes ~24,000 requests, so
 * the rule catches retention from about 2 KiB per request (a kept page body is 30–100 KiB).
 * wrangler dev's own proxy runtime is printed apart and not judged (decision 013).
 */
import { parseArgs } from "node:util";
import { buildMix, percentile, printTable, random, request, rules, runLoad, startLoadStack, tableRow } from "./load-mix.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "120" },
    warmup: { type: "string", default: "20" },
    concurrency: { type: "string", default: "8" },
    window: { type: "string", default: "30" },
    seed: { type: "string", default: "1" },
  },
});
const durationS = Number(values.duration);
const warmupS = Number(values.warmup);
const windowS = Number(values.window);
const concurrency = Number(values.concurrency);
const seed = Number(values.seed);
const SAMPLE_MS = 2_000;
const GROWTH_FACTOR = 1.1;
const GROWTH_MIB = 16;

const stack = await startLoadStack({});
const check = rules();
try {
  const mix = await buildMix(stack.pocketbaseUrl);
  console.log(`stack up at ${stack.siteUrl}; warming ${mix.all.length} targets, then ${warmupS} s of load`);
  for (const target of mix.all) await request(stack.siteUrl, target, "warm-up");
  const warmupStart = Date.now();
  const warmup = await runLoad({ siteUrl: stack.siteUrl, next: mix.picker(random(seed + 1)), concurrency, phase: () => "warm-up", until: () => Date.now() - warmupStart >= warmupS * 1000 });

  /** @type {{ atS: number, worker: number, proxy: number }[]} */
  const memory = [];
  const started = Date.now();
  const sample = () => {
    const processes = stack.workerdMemory();
    const total = (/** @type {string} */ role) => processes.filter((p) => p.role === role).reduce((sum, p) => sum + p.mib, 0);
    memory.push({ atS: (Date.now() - started) / 1000, worker: total("worker"), proxy: total("proxy") });
  };
  const workerdBefore = stack.workerdPids();
  sample();
  const sampler = setInterval(sample, SAMPLE_MS);
  const samples = await runLoad({
    siteUrl: stack.siteUrl,
    next: mix.picker(random(seed)),
    concurrency,
    phase: () => "soak",
    until: () => Date.now() - started >= durationS * 1000,
  });
  clearInterval(sampler);
  sample();
  const workerdAfter = stack.workerdPids();

  console.log(`\nsoak: ${durationS} s after ${warmupS} s of warm-up, ${concurrency} requests in flight, seed ${seed}`);
  printTable([
    tableRow("warm-up", warmup),
    tableRow("soak", samples),
    ...[...new Set(samples.map((s) => s.kind))].sort().map((kind) => tableRow(`  ${kind}`, samples.filter((s) => s.kind === kind))),
  ]);
  const mib = (/** @type {number} */ n) => `${n.toFixed(1)} MiB`;
  /** Medians of the first and the last window. @param {"worker" | "proxy"} role */
  const windows = (role) => ({
    first: percentile(memory.filter((m) => m.atS <= windowS).map((m) => m[role]), 50),
    last: percentile(memory.filter((m) => m.atS >= durationS - windowS).map((m) => m[role]), 50),
  });
  const worker = windows("worker");
  const proxy = windows("proxy");
  const limit = worker.first * GROWTH_FACTOR + GROWTH_MIB;
  console.log(`\n${samples.length} requests, ${Math.round(samples.length / durationS)}/s`);
  console.log(`Worker's runtime (workerd) RSS, median: first ${windowS} s ${mib(worker.first)}, last ${windowS} s ${mib(worker.last)} (limit ${mib(limit)}); min ${mib(Math.min(...memory.map((m) => m.worker)))}, max ${mib(Math.max(...memory.map((m) => m.worker)))}`);
  console.log(`  every ${SAMPLE_MS / 1000} s: ${memory.map((m) => m.worker.toFixed(0)).join(" ")}`);
  console.log(`wrangler dev's proxy runtime (workerd on the site's port, a development tool, not judged) RSS, median: first ${windowS} s ${mib(proxy.first)}, last ${windowS} s ${mib(proxy.last)}\n`);

  const failed = samples.filter((s) => s.status === 0);
  const errors = samples.filter((s) => s.status >= 500);
  check.check(durationS >= 2 * windowS, `the run (${durationS} s) holds a first and a last window of ${windowS} s`);
  check.check(memory.every((m) => m.worker > 0), `the Worker's runtime was found and sampled throughout (${memory.length} samples)`);
  // wrangler dev restarts the runtime when a source file changes; a fresh process would hide growth.
  check.check(workerdBefore.join() === workerdAfter.join(), `the same runtime processes throughout (${workerdBefore.join(",")} / ${workerdAfter.join(",")})`);
  check.check(errors.length === 0, `no 5xx answers (${errors.length})`, errors);
  check.check(failed.length === 0, `no failed requests (${failed.length})`, failed);
  check.check(worker.last <= limit, `no memory growth of the Worker's runtime: last ${windowS} s median ${mib(worker.last)} <= first ${windowS} s median × ${GROWTH_FACTOR} + ${GROWTH_MIB} MiB = ${mib(limit)}`);
  check.finish();
} finally {
  await stack.stop();
}
