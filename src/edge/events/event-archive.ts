import { archiveKey } from "../../lib/archive-key";

/**
 * The events archive in R2 (docs/operations.md, docs/decisions/055): the system of record
 * for raw events. The consumer writes every batch it stores as one new object, gzip NDJSON
 * of the queue messages exactly as PocketBase got them, before acknowledging them; nothing
 * is ever rewritten. Keys sort by the time of writing, so the objects of an hour, or of
 * the time since a backup, are one listing: `events/2026-11-26/14/20261126T141503123Z-<uuid>.ndjson.gz`.
 * `npm run events:replay` (scripts/events-replay.mjs) reads them back into PocketBase.
 */

async function gzip(text: string): Promise<ArrayBuffer> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

/**
 * Writes the stored messages of one batch as one archive object; returns its key. Throws
 * when R2 refuses, so the caller acknowledges nothing it could not archive.
 */
export async function archiveBatch(bucket: R2Bucket, bodies: unknown[], oldest: Date, now = new Date()): Promise<string> {
  const key = archiveKey(now, crypto.randomUUID());
  const ndjson = bodies.map((body) => `${JSON.stringify(body)}\n`).join("");
  await bucket.put(key, await gzip(ndjson), {
    httpMetadata: { contentType: "application/gzip" },
    // How late the batch was stored: the status page's event lag reads it from the newest objects.
    customMetadata: { messages: String(bodies.length), oldest: oldest.toISOString() },
  });
  return key;
}
