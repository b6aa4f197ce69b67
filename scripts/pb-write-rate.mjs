// @ts-check
/**
 * npm run bench:writes [-- --concurrency 1,2,3,4 --seconds 20]
 *
 * PocketBase's write rate for events as the queue consumer writes them (docs/operations.md#figures):
 * batches of 100 clicks, each one POST /api/batch as the service account (one transaction,
 * every hook: counted repeats, counters, daily sums), `--concurrency` batches at once, for
 * `--seconds` each, against a throwaway copy of the seeded data. Prints events per second
 * and each batch's time: the consumers' max_concurrency is the most batches at once that
 * still add events per second, well inside the consumer's 10 s timeout. Then the archive's
 * bytes per event (src/edge/events/event-archive.ts: gzip NDJSON of a batch) for batches of
 * 1, 10 and 100 of the same clicks.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { cliOptions, isMain, positiveIntOption } from "../pocketbase/cli.mjs";
import { freePort, prepareSeededDataDir, startPocketBase } from "../pocketbase/run.mjs";
import { BENCH_SUPERUSER, benchServiceToken } from "./bench-stack.mjs";

const BATCH = 100;

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** A click as the edge makes it (src/edge/events/outbound-events.ts), on one of `offers`. @param {Array<{ id: string, store: string }>} offers @param {number} n */
function click(offers, n) {
  const offer = offers[n % offers.length] ?? { id: "", store: "" };
  const empty = Object.fromEntries(["utm_medium", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"].map((k) => [k, ""]));
  return {
    click_id: crypto.randomUUID(),
    kind: "click",
    url: "https://shop.example/deal?sub1={click_id}",
    target_host: "shop.example",
    offer: offer.id,
    store: offer.store,
    product: "",
    referrer_path: "/stores/example",
    utm_source: "newsletter",
    utm_campaign: `spring-${n % 7}`,
    ...empty,
    country: ["US", "GB", "DE"][n % 3],
    device: ["desktop", "mobile"][n % 2],
    event_time: new Date().toISOString(),
    counted: true,
    count_key: crypto.randomUUID().replace(/-/g, ""),
  };
}

async function main() {
  const options = cliOptions(["concurrency", "seconds"], "npm run bench:writes [-- --concurrency 1,2,3,4 --seconds 20]");
  const levels = (options.concurrency ?? "1,2,3,4").split(",").map((n) => positiveIntOption(n, 1, "concurrency"));
  const seconds = positiveIntOption(options.seconds, 20, "seconds");
  const dataDir = await mkdtemp(path.join(tmpdir(), "pb-writes-"));
  await prepareSeededDataDir({ targetDir: dataDir, ...BENCH_SUPERUSER });
  const pocketbase = await startPocketBase({ dataDir, port: await freePort(), quiet: true });
  try {
    const token = await benchServiceToken(pocketbase.url);
    const offers = /** @type {{ items: Array<{ id: string, store: string }> }} */ (
      await (await fetch(`${pocketbase.url}/api/collections/_zdata_offers/records?perPage=200&fields=id,store`)).json()
    ).items;
    let n = 0;
    console.log("batches at once  events/s  batch p50 ms  batch p99 ms  batch max ms  failed");
    for (const concurrency of levels) {
      /** @type {number[]} */
      const times = [];
      let failed = 0;
      const end = Date.now() + seconds * 1000;
      const started = Date.now();
      const lane = async () => {
        while (Date.now() < end) {
          const requests = Array.from({ length: BATCH }, () => ({ method: "POST", url: "/api/collections/outbound_events/records", body: click(offers, n++) }));
          const t0 = performance.now();
          const response = await fetch(`${pocketbase.url}/api/batch`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: token },
            body: JSON.stringify({ requests }),
          });
          const text = await response.text();
          if (response.ok) times.push(performance.now() - t0);
          else {
            failed++;
            console.error(`batch refused: ${response.status} ${text.slice(0, 300)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: concurrency }, lane));
      const elapsed = (Date.now() - started) / 1000;
      times.sort((a, b) => a - b);
      console.log(
        [
          String(concurrency).padStart(15),
          String(Math.round((times.length * BATCH) / elapsed)).padStart(9),
          String(Math.round(quantile(times, 0.5))).padStart(13),
          String(Math.round(quantile(times, 0.99))).padStart(13),
          String(Math.round(times.at(-1) ?? 0)).padStart(13),
          String(failed).padStart(7),
        ].join(" "),
      );
    }
    console.log("\narchive: batch of  bytes per event (gzip NDJSON)  uncompressed");
    for (const size of [1, 10, 100]) {
      const ndjson = Array.from({ length: size }, () => `${JSON.stringify(click(offers, n++))}\n`).join("");
      console.log(
        `${String(size).padStart(17)}  ${String(Math.round(gzipSync(ndjson).byteLength / size)).padStart(27)}  ${String(Math.round(Buffer.byteLength(ndjson) / size)).padStart(12)}`,
      );
    }
  } finally {
    await pocketbase.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await main();
