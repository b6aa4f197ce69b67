// @ts-check
/**
 * Uploads the generated demo content (seed-content.mjs) into a running PocketBase.
 *
 *   node pocketbase/seed.mjs [--scale N] [--url http://127.0.0.1:8090]
 *
 * Credentials come from PB_ADMIN_EMAIL / PB_ADMIN_PASSWORD (defaults below). The CLI
 * does nothing when the database already holds categories.
 */
import PocketBase from "pocketbase";
import { generateContent, SEED_COLLECTIONS, utcDayStart } from "./seed-content.mjs";
import { cliOptions, isMain, positiveIntOption } from "./cli.mjs";

export const DEFAULT_URL = "http://127.0.0.1:8090";
export const DEFAULT_ADMIN_EMAIL = "admin@dealpilot.local";
export const DEFAULT_ADMIN_PASSWORD = "localadmin-1234";

/** Requests in flight at once while uploading. */
const CONCURRENCY = 8;

/** @typedef {import("./seed-content.mjs").SeedFile} SeedFile */

/**
 * @typedef {object} SeedOptions
 * @property {string} url PocketBase origin, e.g. http://127.0.0.1:8090
 * @property {string} [email] superuser email
 * @property {string} [password] superuser password
 * @property {number} [scale] content multiplier (positive integer, default 1)
 * @property {number} [today] midnight UTC (ms) of the day offer dates are relative to (default: the current day)
 * @property {(message: string) => void} [log] progress messages (default: silent)
 */

/**
 * @typedef {object} SeedResult
 * @property {Record<string, number>} counts records created per collection
 * @property {number} ms wall time of the upload
 */

/**
 * True when the content collections already hold data (any category exists).
 * Works with an anonymous client: categories are public.
 * @param {PocketBase} pb
 * @returns {Promise<boolean>}
 */
export async function isSeeded(pb) {
  const page = await pb.collection("_zdata_categories").getList(1, 1, { skipTotal: true, requestKey: null });
  return page.items.length > 0;
}

/**
 * Creates every generated record, keeping the generated ids, with files uploaded as
 * real PocketBase files. Collections go in relation order; records of one collection
 * are created CONCURRENCY at a time.
 * @param {SeedOptions} options
 * @returns {Promise<SeedResult>}
 */
export async function seed({
  url,
  email = DEFAULT_ADMIN_EMAIL,
  password = DEFAULT_ADMIN_PASSWORD,
  scale = 1,
  today = utcDayStart(Date.now()),
  log = () => {},
}) {
  const started = performance.now();
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  await pb.collection("_superusers").authWithPassword(email, password);

  const content = generateContent({ scale, today });
  /** @type {Record<string, number>} */
  const counts = {};
  for (const [key, collection] of SEED_COLLECTIONS) {
    const records = /** @type {Array<Record<string, unknown>>} */ (content[key]);
    const t0 = performance.now();
    await mapLimit(records, CONCURRENCY, async (record) => {
      try {
        await pb.collection(collection).create(toFormData(record), { requestKey: null });
      } catch (err) {
        throw new Error(`seeding ${collection} record ${String(record.id)} failed: ${describeError(err)}`, { cause: err });
      }
    });
    counts[collection] = records.length;
    log(`seeded ${collection}: ${records.length} records in ${Math.round(performance.now() - t0)} ms`);
  }
  const ms = Math.round(performance.now() - started);
  log(`seed complete (scale ${scale}) in ${ms} ms`);
  return { counts, ms };
}

/**
 * @param {unknown} value
 * @returns {value is SeedFile}
 */
function isSeedFile(value) {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (/** @type {SeedFile} */ (value).filename) === "string" &&
    typeof (/** @type {SeedFile} */ (value).content) === "string"
  );
}

/**
 * Multipart body: file fields as named blobs, everything else in `@jsonPayload`
 * (PocketBase reads that part as the JSON body, so arrays, objects and booleans keep
 * their types).
 * @param {Record<string, unknown>} record
 */
function toFormData(record) {
  const form = new FormData();
  /** @type {Record<string, unknown>} */
  const json = {};
  for (const [field, value] of Object.entries(record)) {
    if (isSeedFile(value)) {
      form.append(field, new Blob([value.content], { type: value.type }), value.filename);
    } else if (Array.isArray(value) && value.length > 0 && value.every(isSeedFile)) {
      for (const file of value) form.append(field, new Blob([file.content], { type: file.type }), file.filename);
    } else {
      json[field] = value;
    }
  }
  form.append("@jsonPayload", JSON.stringify(json));
  return form;
}

/** @param {unknown} err */
function describeError(err) {
  if (err && typeof err === "object" && "response" in err) {
    const e = /** @type {{ status?: number, message?: string, response?: unknown }} */ (err);
    return `${e.status ?? "?"} ${e.message ?? ""} ${JSON.stringify(e.response)}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/**
 * Runs fn over items with at most `limit` promises pending; rejects on the first error
 * (after the ones already started have settled).
 * @template T
 * @param {readonly T[]} items
 * @param {number} limit
 * @param {(item: T, index: number) => Promise<void>} fn
 */
async function mapLimit(items, limit, fn) {
  let next = 0;
  /** @type {unknown} */
  let failure;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        await fn(/** @type {T} */ (items[index]), index);
      } catch (err) {
        if (!failed) {
          failed = true;
          failure = err;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed) throw failure;
}

async function main() {
  const args = cliOptions(["scale", "url"], "usage: node pocketbase/seed.mjs [--scale N] [--url http://127.0.0.1:8090]");
  const scale = positiveIntOption(args.scale, 1, "scale");
  const url = (args.url ?? process.env.PB_URL ?? DEFAULT_URL).replace(/\/+$/, "");
  const pb = new PocketBase(url);
  pb.autoCancellation(false);
  if (await isSeeded(pb)) {
    console.log(`${url} already has content; nothing to do.`);
    return;
  }
  await seed({
    url,
    scale,
    email: process.env.PB_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
    password: process.env.PB_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    log: (m) => console.log(m),
  });
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
