// @ts-check
/**
 * The digest benchmark (issue 50, docs/email.md "Measured"): N confirmed weekly subscribers
 * (100,000 by default) get this week's digest from the whole local stack, as in production:
 * the Worker's Cron Trigger (wrangler dev, fired through /cdn-cgi/local/scheduled) renders and
 * batches, PocketBase claims each message and hands it to its SMTP mailer, and a real SMTP
 * server in this process (test/support/mail-catcher.mjs) counts what each address received.
 *
 * Midway (--crash-at, a share of N) PocketBase is killed (SIGKILL) while it sends, then
 * started again, and the runs go on. The script reports messages per second, the origin's
 * load (PocketBase's CPU seconds, and its content reads' latency while sending as a ratio to
 * the idle floor measured first in the same run), and what the crash cost: addresses that got
 * a second copy (must be 0) and those claimed but not handed to the relay when it died.
 *
 *   npx node scripts/bench-mail.mjs [--subscribers 100000] [--crash-at 0.5] [--concurrency 8]
 *     [--relay-latency-ms 0] [--out bench-results/mail.json]
 *
 * --crash-at 0 runs without a crash; --relay-latency-ms holds each message at the SMTP
 * server that long, as a distant relay would (the comparison in docs/decisions/058).
 */
import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { cliOptions } from "../pocketbase/cli.mjs";
import { freePort, prepareSeededDataDir, startPocketBase } from "../pocketbase/run.mjs";
import { startMailCatcher } from "../test/support/mail-catcher.mjs";
import { BENCH_SUPERUSER } from "./bench-stack.mjs";
import { startStack } from "./dev-stack.mjs";

const USAGE =
  "Usage: npx node scripts/bench-mail.mjs [--subscribers 100000] [--crash-at 0.5] [--concurrency 8] [--relay-latency-ms 0] [--out bench-results/mail.json]";
const options = cliOptions(["subscribers", "crash-at", "concurrency", "relay-latency-ms", "out"], USAGE);
const subscribers = Number(options.subscribers ?? 100_000);
const crashAt = Number(options["crash-at"] ?? 0.5);
const concurrency = Number(options.concurrency ?? 8);
const relayLatencyMs = Number(options["relay-latency-ms"] ?? 0);
const out = options.out ?? "bench-results/mail.json";
/** No run may go on for ever: the whole send must finish within this. */
const DEADLINE_MS = 60 * 60_000;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** @param {number} n */
function recordId(n) {
  const bytes = randomBytes(15);
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${id.slice(0, 9)}${n.toString(36).padStart(6, "0")}`.slice(0, 15);
}

/** N confirmed weekly subscribers, written straight into the stopped PocketBase's database. */
function addSubscribers(/** @type {string} */ dataDir, /** @type {number} */ count) {
  const db = new DatabaseSync(path.join(dataDir, "data.db"));
  const confirmed = "2026-01-01 00:00:00.000Z";
  const insert = db.prepare(
    `INSERT INTO subscribers (id, email, status, digest, signed_up_at, confirmed_at, digest_consent_version, digest_consent_page, digest_requested_at, digest_confirmed_at, created)
     VALUES (?, ?, 'active', 'weekly', ?, ?, '2026-11-digest', '/', ?, ?, ?)`,
  );
  db.exec("BEGIN");
  for (let i = 0; i < count; i++) insert.run(recordId(i), `bench-${i}@bench.example`, confirmed, confirmed, confirmed, confirmed, confirmed);
  db.exec("COMMIT");
  db.close();
}

/** CPU seconds (user + system) a process has used, from /proc. @param {number} pid */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** @param {number[]} values @param {number} q */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Times content reads of PocketBase (what the site's pages need) until `until()` is true. @param {string} url @param {() => boolean} until */
async function sampleReads(url, until) {
  /** @type {number[]} */
  const times = [];
  while (!until()) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/collections/_zdata_offers/records?perPage=30&sort=-create_time`, { signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      if (response.ok) times.push(performance.now() - started);
    } catch {
      // PocketBase is down (the crash): no sample
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

const dataDir = await mkdtemp(path.join(tmpdir(), "pb-bench-mail-"));
const sink = await startMailCatcher({ port: await freePort(), keep: false });
sink.setDelay(relayLatencyMs);
/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
/** @type {import("../pocketbase/run.mjs").RunningPocketBase | undefined} */
let restarted;
try {
  console.log(`Preparing PocketBase with ${subscribers} confirmed weekly subscribers…`);
  await prepareSeededDataDir({ targetDir: dataDir, ...BENCH_SUPERUSER });
  addSubscribers(dataDir, subscribers);
  const pbPort = await freePort();
  process.env.NODE_ENV = "production";
  stack = await startStack({
    dataDir,
    pbPort,
    port: await freePort(),
    ...BENCH_SUPERUSER,
    quiet: true,
    production: true,
    mail: { smtpPort: sink.port },
    vars: { MAIL_SEND_CONCURRENCY: String(concurrency) },
  });
  const pbUrl = stack.pocketbase.url;
  const received = () => sink.counts.size;

  console.log("Idle floor of PocketBase's content reads (5 s)…");
  const idleUntil = Date.now() + 5_000;
  const floor = await sampleReads(pbUrl, () => Date.now() > idleUntil);

  let done = false;
  let crashed = false;
  let downMs = 0;
  /** @type {number[]} */
  const runSeconds = [];
  let cpu = 0;
  let pid = stack.pocketbase.process.pid ?? 0;
  let cpuAtStart = await cpuSeconds(pid);
  const sendingReads = sampleReads(pbUrl, () => done);
  const started = Date.now();

  // The crash: PocketBase killed while a run is sending, once crashAt of the digests are out.
  const watcher = (async () => {
    if (crashAt <= 0) return;
    while (!done && received() < subscribers * crashAt) await new Promise((resolve) => setTimeout(resolve, 20));
    if (done) return;
    cpu += await cpuSeconds(pid);
    cpu -= cpuAtStart;
    console.log(`Killing PocketBase (SIGKILL) after ${received()} digests…`);
    const down = Date.now();
    process.kill(pid, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    restarted = await startPocketBase({ dataDir, port: pbPort, quiet: true });
    pid = restarted.process.pid ?? 0;
    cpuAtStart = await cpuSeconds(pid);
    downMs = Date.now() - down;
    crashed = true;
    console.log(`PocketBase is back after ${(downMs / 1000).toFixed(1)} s; the next runs go on.`);
  })();

  // Runs of the Cron Trigger, back to back, as its minutes come (each run stops itself after 50 s).
  let idleRuns = 0;
  while (Date.now() - started < DEADLINE_MS) {
    const before = received();
    const runStart = Date.now();
    const response = await fetch(`${stack.cronUrl}&time=${Date.now()}`).catch(() => null);
    await response?.arrayBuffer();
    runSeconds.push((Date.now() - runStart) / 1000);
    console.log(`  run ${runSeconds.length}: ${response?.status ?? "no answer"}, ${received()} of ${subscribers} addresses have their digest`);
    if (received() >= subscribers || (received() === before && (crashed || crashAt <= 0) && ++idleRuns >= 2)) break;
    if (received() === before) await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  done = true;
  await watcher;
  const wallSeconds = (Date.now() - started - downMs) / 1000;
  cpu += (await cpuSeconds(pid)) - cpuAtStart;
  const during = await sendingReads;

  const auth = await fetch(`${pbUrl}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: BENCH_SUPERUSER.email, password: BENCH_SUPERUSER.password }),
  });
  const { token } = /** @type {{ token: string }} */ (await auth.json());
  /** @param {string} status */
  const logged = async (status) => {
    const response = await fetch(`${pbUrl}/api/collections/mail_sends/records?perPage=1&filter=${encodeURIComponent(`status = "${status}"`)}`, {
      headers: { Authorization: token },
    });
    return /** @type {{ totalItems: number }} */ (await response.json()).totalItems;
  };
  const duplicates = [...sink.counts.values()].filter((n) => n > 1).length;
  const messages = [...sink.counts.values()].reduce((a, b) => a + b, 0);
  const result = {
    date: new Date().toISOString(),
    subscribers,
    concurrency,
    relayLatencyMs,
    crashAt: crashed ? crashAt : 0,
    messages,
    addresses: received(),
    duplicates,
    lostInFlight: await logged("sending"),
    failed: await logged("failed"),
    logSent: await logged("sent"),
    runs: runSeconds.length,
    wallSeconds: Number(wallSeconds.toFixed(1)),
    messagesPerSecond: Math.round(messages / wallSeconds),
    origin: {
      cpuSeconds: Number(cpu.toFixed(1)),
      cpuMsPerMessage: Number(((cpu * 1000) / Math.max(1, messages)).toFixed(2)),
      coresBusy: Number((cpu / wallSeconds).toFixed(2)),
      readP50Ms: Number(quantile(during, 0.5).toFixed(1)),
      readP95Ms: Number(quantile(during, 0.95).toFixed(1)),
      floorP50Ms: Number(quantile(floor, 0.5).toFixed(1)),
      floorP95Ms: Number(quantile(floor, 0.95).toFixed(1)),
      readP95Ratio: Number((quantile(during, 0.95) / Math.max(0.1, quantile(floor, 0.95))).toFixed(2)),
    },
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `\n${messages} digests to ${received()} of ${subscribers} addresses in ${result.wallSeconds} s: ${result.messagesPerSecond} messages/s with ${concurrency} send requests in flight` +
      `${relayLatencyMs ? ` and ${relayLatencyMs} ms per message at the relay` : ""}.\n` +
      `Origin: ${result.origin.cpuSeconds} CPU s (${result.origin.cpuMsPerMessage} ms a message, ${result.origin.coresBusy} cores busy); content reads p95 ${result.origin.readP95Ms} ms while sending, ${result.origin.floorP95Ms} ms idle (x${result.origin.readP95Ratio}).\n` +
      `${crashed ? `Crash at ${Math.round(crashAt * 100)}%: ` : ""}${duplicates} addresses got a second copy; ${result.lostInFlight} claimed but not handed to the relay when PocketBase died.`,
  );
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
  if (duplicates > 0 || received() + result.lostInFlight < subscribers) process.exitCode = 1;
} finally {
  await restarted?.stop();
  await stack?.stop();
  await sink.close();
  await rm(dataDir, { recursive: true, force: true });
}
