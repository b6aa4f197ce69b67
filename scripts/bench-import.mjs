// @ts-check
/**
 * A feed import of N promotions (100,000 by default) from the fake network, through the
 * Worker under wrangler dev (its local queue) into a throwaway seeded PocketBase:
 *
 *   npm run bench:import [-- --count 100000] [--advertisers 50] [--out bench-results/import.json]
 *
 * The feed is the generic CSV kind (500 rows a page, no pacing: the network's own pace is
 * not what is measured). Every advertiser is mapped to a store before the run, so each
 * promotion becomes an offer. Reported: the time per 10,000 promotions (from the run's own
 * `fetched` count, sampled each second), the Worker's peak JavaScript heap (V8 inspector,
 * sampled every 250 ms), the heap it retains after a full GC at the start and at each 10,000
 * (a leak grows it; garbage does not), the workerd process's peak resident memory, and the requests the
 * Worker made to PocketBase per promotion (counted by the loopback proxy in between). Each
 * 10,000 is also printed as it is reached; `--minutes` stops waiting (the result then says
 * `complete: false` and covers what was fetched). The CPU time per page is the Worker's
 * workerd process's own (user + system, all its threads: an upper bound of the isolate's)
 * over the pages read: each page is one queue invocation, which Workers limit in CPU time.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { cliOptions, isMain, positiveIntOption } from "../pocketbase/cli.mjs";
import { startFakeNetworks } from "../test/support/fake-networks.mjs";
import { startLoadStack, SUPERUSER } from "./load-mix.mjs";
import { connectWorkerHeap } from "./worker-inspector.mjs";

const USAGE = "npm run bench:import [-- --count 100000] [--advertisers 50] [--minutes 180] [--out bench-results/import.json]";

/** A record id as src/edge/feeds/import-runs.ts recordId makes it. @param {string[]} parts */
async function recordId(...parts) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(parts.join("\u001f"))));
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < 15; i++) id += alphabet[(digest[i] ?? 0) % alphabet.length];
  return id;
}

/** CPU time (user + system) of a process, in ms; clock ticks are 100 a second on Linux. @param {number} pid */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .slice(11, 13)
    .map(Number);
  return ((utime ?? 0) + (stime ?? 0)) * 10;
}

async function main() {
  const options = cliOptions(["count", "advertisers", "minutes", "out"], USAGE);
  const count = positiveIntOption(options.count, 100_000, "count");
  const advertisers = positiveIntOption(options.advertisers, 50, "advertisers");
  // On a shared machine a run may not finish in the time there is: what it reached is reported, marked incomplete.
  const minutes = positiveIntOption(options.minutes, 180, "minutes");
  const fake = await startFakeNetworks();
  const stack = await startLoadStack({ faultProxy: true });
  /** @type {Awaited<ReturnType<typeof connectWorkerHeap>> | undefined} */
  let heap;
  /** @type {NodeJS.Timeout | undefined} */
  let sampler;
  try {
    const superuser = await fetch(`${stack.pocketbaseUrl}/api/collections/_superusers/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
    });
    if (!superuser.ok) throw new Error(`superuser sign-in: ${superuser.status}`);
    const { token } = /** @type {{ token: string }} */ (await superuser.json());
    /** @param {string} p @param {string} method @param {unknown} body */
    const pb = async (p, method, body) => {
      const response = await fetch(`${stack.pocketbaseUrl}${p}`, {
        method,
        headers: { "Content-Type": "application/json", Authorization: token },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${p}: ${response.status} ${await response.text()}`);
      return /** @type {{ id: string }} */ (await response.json());
    };
    fake.setFeed("bench", { kind: "csv", account: "", credentials: "", generate: { count, advertisers, seed: "bench" } });
    const network = await pb("/api/collections/affiliate_networks/records", "POST", {
      name: "Bench CSV",
      active: true,
      feed_kind: "csv",
      feed_api_base: `${fake.url}/bench/feed.csv`,
      feed_auto_publish: true,
      click_domains: "bench.example",
    });
    for (let a = 0; a < advertisers; a++) {
      const store = await pb("/api/collections/_zdata_stores/records", "POST", {
        title: `Bench store ${a}`,
        website: `https://adv${a}.bench.example/`,
        default_action_url: `https://adv${a}.bench.example/`,
        status: "published",
      });
      await pb("/api/collections/network_advertisers/records", "POST", {
        id: await recordId("advertiser", network.id, `bench-adv-${a}`),
        network: network.id,
        advertiser_id: `bench-adv-${a}`,
        advertiser_name: `Bench Advertiser ${a}`,
        store: store.id,
      });
    }

    const workerHeap = await connectWorkerHeap(stack.inspectorPort);
    heap = workerHeap;
    let peakHeap = (await workerHeap.usage()).usedMiB;
    let peakRss = 0;
    sampler = setInterval(async () => {
      try {
        peakHeap = Math.max(peakHeap, (await workerHeap.usage()).usedMiB);
        for (const p of stack.workerdMemory()) if (p.role === "worker") peakRss = Math.max(peakRss, p.mib);
      } catch {
        // a sample missed while the isolate is busy: the next one counts
      }
    }, 250);
    const originBefore = await stack.originRequests("/api/");
    const workerPid = stack.workerdMemory().find((p) => p.role === "worker")?.pid;
    if (!workerPid) throw new Error("no workerd running the Worker");
    const cpuBefore = cpuMs(workerPid);
    /** The heap the isolate holds on to (after a full GC) at each 10,000: growth here would be a leak, not garbage. */
    /** @type {number[]} */
    const retainedPer10k = [Math.round((await workerHeap.retainedMiB(`${stack.siteUrl}/favicon.svg`)) * 10) / 10];

    // Started as an editor's "Run now" at /admin/imports starts it.
    const editor = { email: "bench-editor@dealpilot.local", password: "bench-editor-1234" };
    await pb("/api/collections/editors/records", "POST", { ...editor, passwordConfirm: editor.password, verified: true });
    // As the sign-in form posts it from the site's own page (the Worker refuses other origins).
    const signIn = await fetch(`${stack.siteUrl}/admin/sign-in`, {
      method: "POST",
      headers: { Origin: stack.siteUrl },
      body: new URLSearchParams({ ...editor, next: "/admin/imports" }),
      redirect: "manual",
    });
    // The session cookie started, not the ones that end older sessions (dp_admin=; Max-Age=0).
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => /^dp_admin=[^;]+;/.test(c))
      ?.split(";")[0];
    if (signIn.status !== 303 || !cookie) throw new Error(`editor sign-in answered ${signIn.status} ${signIn.headers.get("location")}`);
    const started = Date.now();
    const start = await fetch(`${stack.siteUrl}/admin/imports/run`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: stack.siteUrl },
      body: new URLSearchParams({ network: network.id }),
      redirect: "manual",
    });
    if (start.headers.get("location") !== "/admin/imports?done=started") throw new Error(`run now answered ${start.status} ${start.headers.get("location")}`);
    const runs = await fetch(`${stack.pocketbaseUrl}/api/collections/import_runs/records?filter=${encodeURIComponent(`network = "${network.id}"`)}`, {
      headers: { Authorization: token },
    });
    const queued = /** @type {{ items: Array<{ id: string }> }} */ (await runs.json()).items[0]?.id;
    /** @type {Array<{ at: number, fetched: number }>} */
    const progress = [{ at: started, fetched: 0 }];
    let record;
    let nextMark = 10_000;
    let lastMarkAt = started;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const response = await fetch(`${stack.pocketbaseUrl}/api/collections/import_runs/records/${queued}`, { headers: { Authorization: token } });
      record = /** @type {Record<string, any>} */ (await response.json());
      progress.push({ at: Date.now(), fetched: record.fetched });
      if (progress.length % 10 === 0)
        console.error(`${Math.round((Date.now() - started) / 1000)} s: ${record.status}, ${record.fetched} fetched, ${record.pages} pages`);
      // Each 10,000 as it is reached, so a run stopped early still tells what it measured.
      for (; record.fetched >= nextMark; nextMark += 10_000) {
        const perPromotion = ((await stack.originRequests("/api/")) - originBefore) / record.fetched;
        const retained = await workerHeap.retainedMiB(`${stack.siteUrl}/favicon.svg`).catch(() => NaN);
        retainedPer10k.push(Math.round(retained * 10) / 10);
        console.error(
          `${nextMark}: ${Math.round((Date.now() - lastMarkAt) / 100) / 10} s for these 10,000; peak heap ${Math.round(peakHeap)} MiB, retained after a full GC ${retained.toFixed(1)} MiB, peak workerd RSS ${Math.round(peakRss)} MiB; ${perPromotion.toFixed(3)} origin requests per promotion; ${Math.round((cpuMs(workerPid) - cpuBefore) / Math.max(1, record.pages))} ms workerd CPU per page`,
        );
        lastMarkAt = Date.now();
      }
      if (record.status !== "running") break;
      if (Date.now() - started > minutes * 60_000) break;
    }
    clearInterval(sampler);
    const workerCpuMs = cpuMs(workerPid) - cpuBefore;
    const seconds = (Date.now() - started) / 1000;
    const origin = (await stack.originRequests("/api/")) - originBefore;
    /** Seconds each 10,000 promotions took, from the run's fetched count. */
    const per10k = [];
    for (let mark = 10_000; mark <= count; mark += 10_000) {
      const reached = progress.find((p) => p.fetched >= mark);
      const prior = progress.find((p) => p.fetched >= mark - 10_000);
      if (reached && prior) per10k.push(Math.round((reached.at - (mark === 10_000 ? started : prior.at)) / 100) / 10);
    }
    const result = {
      count,
      advertisers,
      complete: record?.status === "complete",
      status: record?.status,
      counts: {
        pages: record?.pages,
        fetched: record?.fetched,
        created: record?.created,
        updated: record?.updated,
        held: record?.held,
        skipped: record?.skipped,
        errors: record?.errors,
      },
      seconds: Math.round(seconds),
      secondsPer10k: per10k,
      peakWorkerHeapMiB: Math.round(peakHeap * 10) / 10,
      retainedHeapMiBAtStartAndPer10k: retainedPer10k,
      peakWorkerdRssMiB: Math.round(peakRss),
      workerCpuSeconds: Math.round(workerCpuMs / 100) / 10,
      workerCpuMsPerPage: Math.round(workerCpuMs / Math.max(1, record?.pages ?? 0)),
      originRequests: origin,
      originRequestsPerPromotion: Math.round((origin / Math.max(1, record?.fetched ?? 0)) * 1000) / 1000,
    };
    console.log(JSON.stringify(result, null, 2));
    if (typeof options.out === "string") {
      await mkdir(path.dirname(options.out), { recursive: true });
      await writeFile(options.out, `${JSON.stringify(result, null, 2)}\n`);
    }
  } finally {
    // A run that fails must still end: the sampling timer would keep the process alive.
    clearInterval(sampler);
    await heap?.close();
    await stack.stop();
    await fake.close();
  }
}

if (isMain(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
