/**
 * Names of the events archive's objects (src/edge/events/event-archive.ts): by the time of
 * writing, so a listing from a key on is everything written since. The operator's scripts
 * make the same keys (scripts/lib/event-archive.mjs; test/unit/archive-key.test.ts).
 */
export const ARCHIVE_PREFIX = "events/";

/** `events/2026-11-26/14/20261126T141503123Z-<unique>.ndjson.gz` for an object written at `at`. */
export function archiveKey(at: Date, unique: string): string {
  const iso = at.toISOString();
  return `${ARCHIVE_PREFIX}${iso.slice(0, 10)}/${iso.slice(11, 13)}/${iso.replace(/[-:.]/g, "")}-${unique}.ndjson.gz`;
}
