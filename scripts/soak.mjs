// @ts-check
/**
 * npm run soak [-- --duration 120 --warmup 20 --control 20 --concurrency 8 --window 60 --seed 1]
 *
 * A bounded soak on loopback against a throwaway stack (production bundle, caches with their
 * configured lifetimes): every target of the realistic mix once, `warmup` seconds of load
 * (caches filled, JIT and heaps at their working size), `control` seconds of load on
 * /robots.txt alone (a constant answer: no content read, no cache, nothing the Worker could
 * keep), then `concurrency` requests in flight over the mix for `duration` seconds. Every
 * 2 s it samples the Worker isolate's JavaScript heap (V8 inspector) and the resident
 * memory (VmRSS, /proc) of the workerd process that runs it.
 *
 * Rules (exit 1 when one breaks): no 5xx, no failed request, and no memory growth of the
 * Worker between the first and the last minute: the lowest heap in use during the last
 * `window` seconds at most the lowest of the first `window` seconds × 1.25 + 8 MiB. The
 * lowest sample of a window is the heap just after a full collection, i.e. what is really
 * retained; in use it saws by tens of MiB between collections, and V8 runs a full one about
 * once a minute here, so a window shorter than a minute can miss it and see garbage as
 * growth. At ~150 requests/s the run makes ~18,000 requests, so the rule catches retention
 * from about 1 KiB per request (a kept page body is 30–100 KiB).
 * The process's RSS is printed, not judged: under wrangler dev the same process hosts the
 * local Cache API and asset simulators and the inspector, and its RSS grows under load even
 * in the control phase, where the Worker holds nothing (decision 013).
 */
import { parseArgs } from "node:util";
import { buildMix, percentile, printTable, random, request, rules, runLoad, startLoadStack, tableRow } from "./load-mix.mjs";
import { connectWorkerHeap } from "./worker-inspector.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "120" },
    warmup: { type: "string", default: "20" },
    control: { type: "string", default: "20" },
    concurrency: { type: "string", default: "8" },
    window: { type: "string", default: "60" },
    seed: { type: "string", default: "1" },
  },
});
const durationS = Number(values.duration);
const warmupS = Number(values.warmup);
const controlS = Number(values.control);
const windowS = Number(values.window);
const concurrency = Number(values.concurrency);
const seed = Number(values.seed);
const SAMPLE_MS = 2_000;
const HEAP_GROWTH_FACTOR = 1.25;
const HEAP_GROWTH_MIB = 8;
const CONTROL_TARGET = { kind: "robots.txt", path: "/robots.txt" };

const stack = await startLoadStack({});
const check = rules();
const heap = await connectWorkerHeap(stack.inspectorPort).catch(async (error) => {
  await stack.stop();
  throw error;
});
try {
  const mix = await buildMix(stack.pocketbaseUrl);
  console.log(`stack up at ${stack.siteUrl}; warming ${mix.all.length} targets, then ${warmupS} s of load`);
  for (const target of mix.all) await request(stack.siteUrl, target, "warm-up");
  const load = (/** @type {string} */ phase, /** @type {() => import("./load-mix.mjs").Target} */ next, /** @type {number} */ seconds) => {
    const start = Date.now();
    return runLoad({ siteUrl: stack.siteUrl, next, concurrency, phase: () => phase, until: () => Date.now() - start >= seconds * 1000 });
  };
  const warmup = await load("warm-up", mix.picker(random(seed + 1)), warmupS);

  /** @typedef {{ atS: number, worker: number, proxy: number, heapUsed: number, heapTotal: number }} MemorySample */
  /** Samples memory every SAMPLE_MS while `run` goes on. @param {() => Promise<import("./load-mix.mjs").Sample[]>} run */
  const sampled = async (run) => {
    /** @type {MemorySample[]} */
    const memory = [];
    const started = Date.now();
    const sample = async () => {
      const processes = stack.workerdMemory();
      const total = (/** @type {string} */ role) => processes.filter((p) => p.role === role).reduce((sum, p) => sum + p.mib, 0);
      const atS = (Date.now() - started) / 1000;
      // A missed reading (the runtime restarted under the inspector) fails the sampling rule below.
      const { usedMiB, totalMiB } = await heap.usage().catch(() => ({ usedMiB: NaN, totalMiB: NaN }));
      memory.push({ atS, worker: total("worker"), proxy: total("proxy"), heapUsed: usedMiB, heapTotal: totalMiB });
    };
    await sample();
    let sampling = Promise.resolve();
    const sampler = setInterval(() => (sampling = sampling.then(sample)), SAMPLE_MS);
    const samples = await run();
    clearInterval(sampler);
    await sampling;
    await sample();
    return { samples, memory };
  };

  const workerdBefore = stack.workerdPids();
  const control = await sampled(() => load("control", () => CONTROL_TARGET, controlS));
  const soak = await sampled(() => load("soak", mix.picker(random(seed)), durationS));
  const workerdAfter = stack.workerdPids();

  console.log(`\nsoak: ${durationS} s after ${warmupS} s of warm-up and ${controlS} s of control load, ${concurrency} requests in flight, seed ${seed}`);
  printTable([
    tableRow("warm-up", warmup),
    tableRow("control: /robots.txt", control.samples),
    tableRow("soak", soak.samples),
    ...[...new Set(soak.samples.map((s) => s.kind))].sort().map((kind) =>
      tableRow(
        `  ${kind}`,
        soak.samples.filter((s) => s.kind === kind),
      ),
    ),
  ]);
  const mib = (/** @type {number} */ n) => `${n.toFixed(1)} MiB`;
  const { memory } = soak;
  const inWindow = (/** @type {"first" | "last"} */ which) => memory.filter((m) => (which === "first" ? m.atS <= windowS : m.atS >= durationS - windowS));
  const lowest = (/** @type {MemorySample[]} */ ms) => Math.min(...ms.map((m) => m.heapUsed));
  const heapFirst = lowest(inWindow("first"));
  const heapLast = lowest(inWindow("last"));
  const heapLimit = heapFirst * HEAP_GROWTH_FACTOR + HEAP_GROWTH_MIB;
  /** RSS growth per request over a phase, from its first to its last sample, in KiB. @param {{ samples: unknown[], memory: MemorySample[] }} phase */
  const rssPerRequest = ({ samples, memory: ms }) => (((ms.at(-1)?.worker ?? 0) - (ms[0]?.worker ?? 0)) * 1024) / Math.max(samples.length, 1);
  const median = (/** @type {MemorySample[]} */ ms, /** @type {"worker" | "proxy"} */ role) =>
    percentile(
      ms.map((m) => m[role]),
      50,
    );

  console.log(`\n${soak.samples.length} requests, ${Math.round(soak.samples.length / durationS)}/s`);
  console.log(
    `Worker isolate's JavaScript heap in use, lowest: first ${windowS} s ${mib(heapFirst)}, last ${windowS} s ${mib(heapLast)} (limit ${mib(heapLimit)}); highest ${mib(Math.max(...memory.map((m) => m.heapUsed)))}, reserved at most ${mib(Math.max(...memory.map((m) => m.heapTotal)))}`,
  );
  console.log(`  in use every ${SAMPLE_MS / 1000} s: ${memory.map((m) => m.heapUsed.toFixed(0)).join(" ")}`);
  console.log(
    `workerd running the Worker, RSS (not judged): control ${mib(control.memory[0]?.worker ?? 0)} -> ${mib(control.memory.at(-1)?.worker ?? 0)}, ${rssPerRequest(control).toFixed(1)} KiB per request over ${control.samples.length} requests of /robots.txt; soak median first ${windowS} s ${mib(median(inWindow("first"), "worker"))}, last ${windowS} s ${mib(median(inWindow("last"), "worker"))}, ${rssPerRequest(soak).toFixed(1)} KiB per request`,
  );
  console.log(
    `wrangler dev's proxy runtime (workerd on the site's port, not judged), RSS median: first ${windowS} s ${mib(median(inWindow("first"), "proxy"))}, last ${windowS} s ${mib(median(inWindow("last"), "proxy"))}\n`,
  );

  const failed = [...control.samples, ...soak.samples].filter((s) => s.status === 0);
  const errors = [...control.samples, ...soak.samples].filter((s) => s.status >= 500);
  check.check(durationS >= 2 * windowS, `the run (${durationS} s) holds a first and a last window of ${windowS} s, apart`);
  check.check(
    memory.every((m) => m.worker > 0 && m.heapTotal > 0),
    `the Worker's heap and runtime were found and sampled throughout (${memory.length} samples)`,
  );
  // wrangler dev restarts the runtime when a source file changes; a fresh process would hide growth.
  check.check(workerdBefore.join() === workerdAfter.join(), `the same runtime processes throughout (${workerdBefore.join(",")} / ${workerdAfter.join(",")})`);
  check.check(errors.length === 0, `no 5xx answers (${errors.length})`, errors);
  check.check(failed.length === 0, `no failed requests (${failed.length})`, failed);
  check.check(
    heapLast <= heapLimit,
    `no memory growth of the Worker: lowest heap in use in the last ${windowS} s ${mib(heapLast)} <= first ${windowS} s ${mib(heapFirst)} × ${HEAP_GROWTH_FACTOR} + ${HEAP_GROWTH_MIB} MiB = ${mib(heapLimit)}`,
  );
  check.finish();
} finally {
  heap.close();
  await stack.stop();
}
