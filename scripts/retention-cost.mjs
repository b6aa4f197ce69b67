// @ts-check
/**
 * npm run bench:retention [-- --events 1000000 --old 0.5]
 *
 * The daily retention job's cost (docs/operations.md#figures): a throwaway copy of the seeded
 * data gets `--events` raw clicks (a share `--old` of them older than EVENTS_KEEP_DAYS),
 * written straight into its SQLite file while PocketBase is stopped, so that a million take
 * seconds, not an hour. Then PocketBase's retention route is called as the Worker's job
 * calls it, until done, while a writer keeps storing batches of 100 clicks through the batch
 * API, as the queue consumer would: prints the time, the calls, the rows deleted and the
 * writer's batch times during the run.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { DatabaseSync } from "node:sqlite";
import { tmpdir } from "node:os";
import path from "node:path";
import { cliOptions, isMain, positiveIntOption } from "../pocketbase/cli.mjs";
import { freePort, prepareSeededDataDir, startPocketBase } from "../pocketbase/run.mjs";
import { BENCH_SUPERUSER, benchServiceToken } from "./bench-stack.mjs";

const DAY_MS = 86_400_000;
const KEEP_DAYS = 400;

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Fills outbound_events with `count` clicks, `old` of them before the cutoff, spread over days. @param {string} dataDir @param {number} count @param {number} old */
function fill(dataDir, count, old) {
  const db = new DatabaseSync(path.join(dataDir, "data.db"));
  const oldCount = Math.round(count * old);
  const now = Date.now();
  const insert = (/** @type {number} */ n, /** @type {number} */ firstDayAgo, /** @type {string} */ tag) =>
    db.exec(`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${n - 1})
      INSERT INTO outbound_events (id, click_id, kind, url, target_host, referrer_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
        gclid, utm_g, fbclid, utm_id, country, device, counted, count_key, event_time, create_time, offer, store, product)
      SELECT '${tag}' || printf('%013d', i), '${tag}-' || i || '-' || lower(hex(randomblob(12))), 'click', 'https://shop.example/deal?sub1={click_id}', 'shop.example',
        '/stores/example', 'newsletter', 'email', 'spring-' || (i % 7), '', '', '', '', '', '', 'US', 'desktop', 1, lower(hex(randomblob(16))),
        strftime('%Y-%m-%d %H:%M:%fZ', ${(now - firstDayAgo * DAY_MS) / 1000} + (i % 300) * -86400 + (i % 86400), 'unixepoch'),
        strftime('%Y-%m-%d %H:%M:%fZ', 'now'), '', '', ''
      FROM n`);
  insert(oldCount, KEEP_DAYS + 2, "o");
  insert(count - oldCount, 1, "r");
  db.close();
  return oldCount;
}

async function main() {
  const options = cliOptions(["events", "old"], "npm run bench:retention [-- --events 1000000 --old 0.5]");
  const events = positiveIntOption(options.events, 1_000_000, "events");
  const old = Number(options.old ?? 0.5);
  const dataDir = await mkdtemp(path.join(tmpdir(), "pb-retention-"));
  await prepareSeededDataDir({ targetDir: dataDir, ...BENCH_SUPERUSER });
  const t0 = Date.now();
  const oldCount = fill(dataDir, events, old);
  const before = (await stat(path.join(dataDir, "data.db"))).size;
  console.log(
    `${events} clicks written (${oldCount} older than ${KEEP_DAYS} days) in ${((Date.now() - t0) / 1000).toFixed(1)} s; data.db ${(before / 2 ** 20).toFixed(0)} MiB`,
  );
  const pocketbase = await startPocketBase({ dataDir, port: await freePort(), quiet: true });
  try {
    const token = await benchServiceToken(pocketbase.url);
    const headers = { "Content-Type": "application/json", Authorization: token };
    let running = true;
    /** @type {number[]} */
    const batchMs = [];
    const writer = (async () => {
      let n = 0;
      while (running) {
        const requests = Array.from({ length: 100 }, () => ({
          method: "POST",
          url: "/api/collections/outbound_events/records",
          body: {
            click_id: crypto.randomUUID(),
            kind: "click",
            target_host: "shop.example",
            device: "mobile",
            counted: true,
            count_key: `w${n++}`,
            event_time: new Date().toISOString(),
          },
        }));
        const started = performance.now();
        const response = await fetch(`${pocketbase.url}/api/batch`, { method: "POST", headers, body: JSON.stringify({ requests }) });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`writer: ${response.status}`);
        batchMs.push(performance.now() - started);
      }
    })();
    const started = Date.now();
    let deleted = 0;
    let calls = 0;
    for (let done = false; !done; calls++) {
      const response = await fetch(`${pocketbase.url}/api/dealpilot/retention`, { method: "POST", headers, body: JSON.stringify({ keep_days: KEEP_DAYS }) });
      if (!response.ok) throw new Error(`retention: ${response.status} ${await response.text()}`);
      const step = /** @type {{ deleted: number, done: boolean }} */ (await response.json());
      deleted += step.deleted;
      done = step.done;
    }
    const ms = Date.now() - started;
    running = false;
    await writer;
    batchMs.sort((a, b) => a - b);
    console.log(`retention: ${deleted} deleted in ${(ms / 1000).toFixed(1)} s over ${calls} calls (${Math.round(deleted / (ms / 1000))} rows/s)`);
    console.log(
      `meanwhile ${batchMs.length} batches of 100 clicks stored: p50 ${Math.round(quantile(batchMs, 0.5))} ms, p99 ${Math.round(quantile(batchMs, 0.99))} ms, max ${Math.round(batchMs.at(-1) ?? 0)} ms`,
    );
    const remaining = new DatabaseSync(path.join(dataDir, "data.db"), { readOnly: true });
    const left = /** @type {{ n: number }} */ (
      remaining.prepare("SELECT COUNT(*) AS n FROM outbound_events WHERE event_time < strftime('%Y-%m-%d', 'now', '-400 days')").get()
    );
    remaining.close();
    console.log(`old clicks left: ${left.n}`);
  } finally {
    await pocketbase.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await main();
