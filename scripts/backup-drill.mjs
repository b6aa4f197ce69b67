// @ts-check
/**
 * npm run backup:drill [-- --pocketbase URL] [--state-dir DIR]
 *
 * The restore, rehearsed (docs/operations.md#backups): takes the newest backup of the live
 * PocketBase (from wherever its backups are stored: S3 in production), restores it with
 * PocketBase's own restore into a fresh data directory on a spare loopback port, compares
 * every collection's record count with the live database, replays the archived events
 * since the backup's time into the restored copy, and prints what it found. Nothing live
 * is changed. Exits 1 when the restore fails or the restored copy plus the replay holds
 * fewer events or conversions than the live database.
 *
 * Live PocketBase: --pocketbase, else POCKETBASE_URL, else the local stack's; as the superuser
 * PB_ADMIN_EMAIL / PB_ADMIN_PASSWORD. The archive: as `npm run events:replay` reads it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { cliOptions, runMain } from "../pocketbase/cli.mjs";
import { ensureSuperuser, freePort, startPocketBase } from "../pocketbase/run.mjs";
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from "../pocketbase/seed.mjs";
import { LOCAL_STATE_DIR } from "./events-replay.mjs";
import { archiveFromEnv, replayArchive, superuserToken } from "./lib/event-archive.mjs";

/** Collections whose records come only from events: the restored copy plus the replay must hold every live one. */
const EVENT_COLLECTIONS = ["outbound_events", "conversions"];
/** The replay starts this long before the backup: a batch stored just before it may be archived just after. */
const REPLAY_MARGIN_MS = 10 * 60_000;

/**
 * @param {string} url @param {string} token @param {string} pathAndQuery @param {RequestInit} [init]
 */
async function api(url, token, pathAndQuery, init = {}) {
  const response = await fetch(`${url}${pathAndQuery}`, { ...init, headers: { Authorization: token, ...init.headers } });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${pathAndQuery}: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
  return response;
}

/** Record counts of every base and auth collection. @param {string} url @param {string} token */
async function counts(url, token) {
  const { items } = /** @type {{ items: Array<{ name: string, type: string }> }} */ (
    await (await api(url, token, "/api/collections?perPage=500&sort=name")).json()
  );
  /** @type {Record<string, number>} */
  const result = {};
  for (const collection of items.filter((c) => c.type !== "view")) {
    const page = /** @type {{ totalItems: number }} */ (
      await (await api(url, token, `/api/collections/${encodeURIComponent(collection.name)}/records?perPage=1&fields=id`)).json()
    );
    result[collection.name] = page.totalItems;
  }
  return result;
}

/** @param {string} url @param {string} email @param {string} password */
async function waitForSignIn(url, email, password) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await superuserToken(url, email, password);
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

/**
 * @param {{ pocketbaseUrl: string, email: string, password: string, archive: import("./lib/event-archive.mjs").ArchiveSource, log?: (line: string) => void }} options
 */
export async function runDrill({ pocketbaseUrl, email, password, archive, log = console.log }) {
  const liveToken = await superuserToken(pocketbaseUrl, email, password);
  const backups = /** @type {Array<{ key: string, size: number, modified: string }>} */ (await (await api(pocketbaseUrl, liveToken, "/api/backups")).json());
  const newest = backups.sort((a, b) => Date.parse(b.modified) - Date.parse(a.modified))[0];
  if (!newest) throw new Error("the live PocketBase has no backup to restore");
  const backupTime = new Date(Date.parse(newest.modified));
  log(
    `Newest backup: ${newest.key}, ${(newest.size / 1024 / 1024).toFixed(1)} MiB, taken ${backupTime.toISOString()} (${Math.round((Date.now() - backupTime.getTime()) / 60_000)} min ago); ${backups.length} kept.`,
  );

  const started = Date.now();
  const { token: fileToken } = /** @type {{ token: string }} */ (await (await api(pocketbaseUrl, liveToken, "/api/files/token", { method: "POST" })).json());
  const zip = await (await api(pocketbaseUrl, liveToken, `/api/backups/${encodeURIComponent(newest.key)}?token=${fileToken}`)).arrayBuffer();
  const dataDir = await mkdtemp(path.join(tmpdir(), "pb-drill-"));
  // A superuser of the empty copy uploads and restores; the restored copy has the live ones.
  const drillUser = { email: "drill@dealpilot.local", password: `drill-${crypto.randomUUID()}` };
  await ensureSuperuser({ dataDir, ...drillUser });
  const spare = await startPocketBase({ dataDir, port: await freePort(), quiet: true });
  try {
    const emptyToken = await superuserToken(spare.url, drillUser.email, drillUser.password);
    const form = new FormData();
    form.append("file", new Blob([zip], { type: "application/zip" }), newest.key);
    await api(spare.url, emptyToken, "/api/backups/upload", { method: "POST", body: form });
    await api(spare.url, emptyToken, `/api/backups/${encodeURIComponent(newest.key)}/restore`, { method: "POST" });
    // PocketBase restarts itself on the restored data; the live superuser signs in once it is back.
    const restoredToken = await waitForSignIn(spare.url, email, password);
    log(`Restored into ${dataDir} on ${spare.url} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

    const live = await counts(pocketbaseUrl, liveToken);
    const restored = await counts(spare.url, restoredToken);
    const from = new Date(backupTime.getTime() - REPLAY_MARGIN_MS);
    const replay = await replayArchive({ archive, from, to: new Date(), pocketbaseUrl: spare.url, token: restoredToken });
    const replayed = await counts(spare.url, restoredToken);
    log(
      `Replayed the archive from ${from.toISOString()}: ${replay.objects} objects, ${replay.events} events (${replay.stored} stored, ${replay.present} already in the backup, ${replay.expired} past retention), ${replay.postbacks} postbacks.`,
    );
    log("collection                      live  restored  +replay");
    for (const name of Object.keys(live))
      log(`${name.padEnd(28)} ${String(live[name]).padStart(7)} ${String(restored[name] ?? "-").padStart(9)} ${String(replayed[name] ?? "-").padStart(8)}`);
    const missing = EVENT_COLLECTIONS.filter((name) => (replayed[name] ?? 0) < (live[name] ?? 0));
    const ok = missing.length === 0 && Object.keys(replay.refused).length === 0;
    log(
      ok
        ? "Drill passed: the backup and the archive hold every live event and conversion."
        : `Drill FAILED: fewer records than live in ${missing.join(", ") || "-"}; refused: ${JSON.stringify(replay.refused).slice(0, 500)}`,
    );
    return { ok, backup: newest, backupTime, live, restored, replayed, replay };
  } finally {
    await spare.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = cliOptions(["pocketbase", "state-dir"], "npm run backup:drill [-- --pocketbase URL] [--state-dir DIR]");
  const pocketbaseUrl = (options.pocketbase || process.env.POCKETBASE_URL || "http://127.0.0.1:8090").replace(/\/+$/, "");
  const archive = await archiveFromEnv(process.env, options["state-dir"] || LOCAL_STATE_DIR);
  try {
    const { ok } = await runDrill({
      pocketbaseUrl,
      email: process.env.PB_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
      password: process.env.PB_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
      archive,
    });
    if (!ok) process.exitCode = 1;
  } finally {
    await archive.close();
  }
}

runMain(import.meta.url, main);
