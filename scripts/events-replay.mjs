// @ts-check
/**
 * npm run events:replay -- --from 2026-11-26T03:00:00Z [--to …] [--pocketbase URL] [--state-dir DIR]
 *
 * Re-submits the archived events (and postbacks) written between --from and --to (default:
 * now) to PocketBase (docs/operations.md#replay). Safe to repeat: each click id and postback
 * is stored once; events older than the retention's cutoff are skipped.
 *
 * PocketBase: --pocketbase, else POCKETBASE_URL, else the local stack's; signed in as the
 * superuser PB_ADMIN_EMAIL / PB_ADMIN_PASSWORD (local defaults). The archive: R2's S3 API
 * when ARCHIVE_S3_ENDPOINT is set (with ARCHIVE_S3_ACCESS_KEY_ID and
 * ARCHIVE_S3_SECRET_ACCESS_KEY), else the local stack's (wrangler dev's state directory).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cliOptions, runMain } from "../pocketbase/cli.mjs";
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from "../pocketbase/seed.mjs";
import { archiveFromEnv, replayArchive, superuserToken } from "./lib/event-archive.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Where wrangler dev keeps a local stack's R2 (and queues): `npm start` runs it in the checkout. */
export const LOCAL_STATE_DIR = path.join(ROOT, ".wrangler", "state", "v3");

/** @param {string | undefined} value @param {string} name */
function time(value, name) {
  const ms = Date.parse(value ?? "");
  if (Number.isNaN(ms)) throw new Error(`--${name} must be a time, e.g. 2026-11-26T03:00:00Z`);
  return new Date(ms);
}

async function main() {
  const options = cliOptions(
    ["from", "to", "pocketbase", "state-dir"],
    "npm run events:replay -- --from TIME [--to TIME] [--pocketbase URL] [--state-dir DIR]",
  );
  const from = time(options.from, "from");
  const to = options.to ? time(options.to, "to") : new Date();
  const pocketbaseUrl = (options.pocketbase || process.env.POCKETBASE_URL || "http://127.0.0.1:8090").replace(/\/+$/, "");
  const token = await superuserToken(pocketbaseUrl, process.env.PB_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL, process.env.PB_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD);
  const archive = await archiveFromEnv(process.env, options["state-dir"] || LOCAL_STATE_DIR);
  try {
    const result = await replayArchive({ archive, from, to, pocketbaseUrl, token });
    console.log(
      `Archive ${from.toISOString()} to ${to.toISOString()}: ${result.objects} objects, ${result.bytes} bytes, ${result.events} events, ${result.postbacks} postbacks.`,
    );
    console.log(`Events: ${result.stored} stored now, ${result.present} stored before, ${result.expired} past the retention cutoff.`);
    console.log(
      `Postbacks: ${result.conversions.created} conversions created, ${result.conversions.updated} updated, ${result.conversions.unchanged} unchanged.`,
    );
    const refused = Object.entries(result.refused);
    for (const [id, reason] of refused) console.error(`refused ${id}: ${reason}`);
    if (refused.length > 0) process.exitCode = 1;
  } finally {
    await archive.close();
  }
}

runMain(import.meta.url, main);
