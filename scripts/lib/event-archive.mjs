// @ts-check
/**
 * The events archive as the operator's scripts read it (docs/operations.md): the objects
 * the Worker's consumer writes to R2 (src/edge/events/event-archive.ts), gzip NDJSON of the
 * queue messages, keyed by the time of writing. Two sources:
 *
 * - `localArchive(dir)`: a local stack's archive, in wrangler dev's state directory, read
 *   through Miniflare's own R2 (the library wrangler dev runs it with);
 * - `s3Archive(...)`: R2 in production, through its S3 API (an R2 API token's keys).
 *
 * and `replayArchive`, which hands the messages of a time range to PocketBase's replay route
 * (pb_hooks/ops.js): each event stored once by its click id, each postback once by its id.
 */
import { gunzipSync } from "node:zlib";
import { AwsClient } from "aws4fetch";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

export const ARCHIVE_BUCKET = "dealpilot-events-archive";
const PREFIX = "events/";
/** Messages per request to the replay route (it takes at most 500). */
const CHUNK = 200;

/**
 * The first key of the objects written at `time` or later (as archiveKey in
 * src/lib/archive-key.ts makes them; test/unit/archive-key.test.ts holds the two equal).
 * @param {Date} time
 */
export function archiveKeyAt(time) {
  const iso = time.toISOString();
  return `${PREFIX}${iso.slice(0, 10)}/${iso.slice(11, 13)}/${iso.replace(/[-:.]/g, "")}`;
}

/**
 * @typedef {{ keys(from: Date, to: Date): AsyncGenerator<string>, get(key: string): Promise<Uint8Array>, close(): Promise<void> }} ArchiveSource
 */

/**
 * wrangler dev's local R2, in its state directory (`<--persist-to>/v3`; `.wrangler/state/v3` of the checkout by default).
 * @param {string} stateDir
 * @returns {Promise<ArchiveSource>}
 */
export async function localArchive(stateDir) {
  // As wrangler's own `r2 object get --local` opens it.
  const mf = new Miniflare(
    convertV4MiniflareOptions({ modules: true, script: "export default {}", resourcePersistencePath: stateDir, r2Buckets: { ARCHIVE: ARCHIVE_BUCKET } }),
  );
  /** @typedef {{ list(options: { prefix: string, startAfter: string, cursor?: string }): Promise<{ objects: Array<{ key: string }>, truncated: boolean, cursor?: string }>,
   *   get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null> }} LocalBucket */
  const bucket = /** @type {LocalBucket} */ (/** @type {unknown} */ (await mf.getR2Bucket("ARCHIVE")));
  return {
    async *keys(from, to) {
      const last = archiveKeyAt(to);
      /** @type {string | undefined} */
      let cursor;
      do {
        const page = await bucket.list({ prefix: PREFIX, startAfter: archiveKeyAt(from), cursor });
        for (const object of page.objects) {
          if (object.key > last) return;
          yield object.key;
        }
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    },
    async get(key) {
      const object = await bucket.get(key);
      if (!object) throw new Error(`archive object ${key} is gone`);
      return new Uint8Array(await object.arrayBuffer());
    },
    close: () => mf.dispose(),
  };
}

/**
 * The archive through an S3 API: R2's (`https://<account id>.r2.cloudflarestorage.com`) or
 * any S3-compatible server. Path-style addressing.
 * @param {{ endpoint: string, bucket?: string, accessKeyId: string, secretAccessKey: string, region?: string }} options
 * @returns {ArchiveSource}
 */
export function s3Archive({ endpoint, bucket = ARCHIVE_BUCKET, accessKeyId, secretAccessKey, region = "auto" }) {
  const aws = new AwsClient({ accessKeyId, secretAccessKey, service: "s3", region });
  const base = `${endpoint.replace(/\/+$/, "")}/${bucket}`;
  /** @param {string} url */
  const request = async (url) => {
    const response = await aws.fetch(url);
    if (!response.ok) throw new Error(`S3 ${url}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response;
  };
  const unxml = (/** @type {string} */ text) =>
    text
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  return {
    async *keys(from, to) {
      const last = archiveKeyAt(to);
      /** @type {string | undefined} */
      let token;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix: PREFIX, "start-after": archiveKeyAt(from) });
        if (token) query.set("continuation-token", token);
        const xml = await (await request(`${base}?${query}`)).text();
        for (const [, key] of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) {
          const name = unxml(String(key));
          if (name > last) return;
          yield name;
        }
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? unxml(/<NextContinuationToken>([^<]*)</.exec(xml)?.[1] ?? "") : undefined;
      } while (token);
    },
    async get(key) {
      return new Uint8Array(await (await request(`${base}/${key.split("/").map(encodeURIComponent).join("/")}`)).arrayBuffer());
    },
    close: async () => {},
  };
}

/**
 * The archive the environment names: S3 when ARCHIVE_S3_ENDPOINT is set (with
 * ARCHIVE_S3_ACCESS_KEY_ID, ARCHIVE_S3_SECRET_ACCESS_KEY, optional ARCHIVE_S3_BUCKET),
 * else the local stack's state directory.
 * @param {NodeJS.ProcessEnv} env @param {string} stateDir
 */
export function archiveFromEnv(env, stateDir) {
  const endpoint = env.ARCHIVE_S3_ENDPOINT;
  if (!endpoint) return localArchive(stateDir);
  const accessKeyId = env.ARCHIVE_S3_ACCESS_KEY_ID;
  const secretAccessKey = env.ARCHIVE_S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error("ARCHIVE_S3_ENDPOINT needs ARCHIVE_S3_ACCESS_KEY_ID and ARCHIVE_S3_SECRET_ACCESS_KEY");
  return Promise.resolve(s3Archive({ endpoint, bucket: env.ARCHIVE_S3_BUCKET || ARCHIVE_BUCKET, accessKeyId, secretAccessKey }));
}

/**
 * @typedef {{ objects: number, bytes: number, events: number, postbacks: number, stored: number, present: number, expired: number,
 *   conversions: { created: number, updated: number, unchanged: number }, refused: Record<string, string> }} ReplayResult
 */

/**
 * Re-submits the archived messages written from `from` to `to` to PocketBase (its replay
 * route, as a superuser), in the order they were archived.
 * @param {{ archive: ArchiveSource, from: Date, to: Date, pocketbaseUrl: string, token: string }} options
 * @returns {Promise<ReplayResult>}
 */
export async function replayArchive({ archive, from, to, pocketbaseUrl, token }) {
  /** @type {ReplayResult} */
  const result = {
    objects: 0,
    bytes: 0,
    events: 0,
    postbacks: 0,
    stored: 0,
    present: 0,
    expired: 0,
    conversions: { created: 0, updated: 0, unchanged: 0 },
    refused: {},
  };
  /** @type {unknown[]} */
  let events = [];
  /** @type {unknown[]} */
  let postbacks = [];
  const flush = async () => {
    if (events.length + postbacks.length === 0) return;
    const response = await fetch(`${pocketbaseUrl}/api/dealpilot/replay`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: token },
      body: JSON.stringify({ events, postbacks }),
    });
    if (!response.ok) throw new Error(`replay: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
    const answer =
      /** @type {{ stored: number, present: number, expired: number, postbacks: ReplayResult["conversions"], refused: Record<string, string> }} */ (
        await response.json()
      );
    result.stored += answer.stored;
    result.present += answer.present;
    result.expired += answer.expired;
    for (const key of /** @type {const} */ (["created", "updated", "unchanged"])) result.conversions[key] += answer.postbacks[key];
    Object.assign(result.refused, answer.refused);
    events = [];
    postbacks = [];
  };
  for await (const key of archive.keys(from, to)) {
    const gz = await archive.get(key);
    result.objects++;
    result.bytes += gz.byteLength;
    for (const line of gunzipSync(gz).toString("utf8").split("\n")) {
      if (!line) continue;
      const message = JSON.parse(line);
      if (message && message.type === "postback") {
        postbacks.push(message);
        result.postbacks++;
      } else {
        events.push(message);
        result.events++;
      }
      if (events.length + postbacks.length >= CHUNK) await flush();
    }
  }
  await flush();
  return result;
}

/**
 * A superuser's token on a PocketBase.
 * @param {string} url @param {string} email @param {string} password
 */
export async function superuserToken(url, email, password) {
  const response = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: email, password }),
  });
  if (!response.ok) throw new Error(`superuser sign-in at ${url}: ${response.status}`);
  return /** @type {{ token: string }} */ (await response.json()).token;
}
