import type { Config, Env } from "../../env";
import { ARCHIVE_PREFIX, archiveKey } from "../../lib/archive-key";
import { asService, ORIGIN_TIMEOUT_MS } from "../service-account";
import { type EventLag, readEventLag } from "./event-lag";
import { pocketbaseHealth } from "./healthz";

/**
 * Everything the status page (/admin/status) and the alerts read (docs/operations.md#status-and-alerts):
 * PocketBase's health, what PocketBase reports of itself (pb_hooks/ops.js: backups,
 * retention, mail, errors), and from the archive bucket the event lag and the newest archived batch.
 * Each part that cannot be read is null, and the others are still shown.
 */

/** pb_hooks/ops.js status(): a part PocketBase could not read is `{ error }`. */
export interface PocketBaseStatus {
  backups: { count: number; newest: { key: string; time: string; size: number } | null; s3: boolean; cron: string } | { error: string };
  retention: { created: string; cutoff: string; deleted: number; ms: number; done: boolean } | null | { error: string };
  mail: { smtp: boolean } | { error: string };
  errors_last_hour: number | { error: string };
}

export interface ArchivedBatch {
  key: string;
  /** When it was written (stored in PocketBase just before). */
  time: Date;
  /** When its oldest message was queued. */
  oldest: Date | null;
}

export interface OpsStatus {
  time: Date;
  pocketbase: { up: boolean; ms: number };
  /** null: PocketBase down, or it refused (the reason in `pocketbaseError`). */
  reported: PocketBaseStatus | null;
  pocketbaseError: string | null;
  /** PocketBase's answer when it refused the reader (401: signed out, 403: an account that may not read it). */
  refusedWith: number | null;
  lag: EventLag | null;
  newestBatch: ArchivedBatch | null;
  archiveError: string | null;
}

/** How far back the status looks for the newest archived batch. */
const RECENT_MS = 15 * 60_000;

/** Who asks PocketBase for its status: a signed-in editor or marketer (their token), or the Worker itself. */
export type StatusReader = { token: string } | { service: NonNullable<Config["service"]> };

async function readReported(config: Config, reader: StatusReader): Promise<Response> {
  const path = "/api/dealpilot/status";
  if ("service" in reader) return asService(config, reader.service, path, { method: "GET" });
  return fetch(`${config.pocketbaseUrl}${path}`, {
    headers: { Accept: "application/json", Authorization: reader.token },
    signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
  });
}

/** The newest batch archived in the last RECENT_MS; null when none was (no traffic, or nothing stored). */
async function newestBatch(bucket: R2Bucket, now: Date): Promise<ArchivedBatch | null> {
  let last: R2Object | undefined;
  let cursor: string | undefined;
  const startAfter = archiveKey(new Date(now.getTime() - RECENT_MS), "");
  do {
    const page = await bucket.list({ prefix: ARCHIVE_PREFIX, startAfter, cursor, include: ["customMetadata"] });
    last = page.objects.at(-1) ?? last;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  if (!last) return null;
  const oldest = last.customMetadata?.oldest;
  return { key: last.key, time: last.uploaded, oldest: oldest ? new Date(oldest) : null };
}

/** `pocketbase`: PocketBase's health when the caller has read it already. */
export async function readOpsStatus(env: Env, config: Config, reader: StatusReader, pocketbase?: { up: boolean; ms: number }): Promise<OpsStatus> {
  const time = new Date();
  const health = pocketbase ?? (await pocketbaseHealth(config));
  const status: OpsStatus = {
    time,
    pocketbase: health,
    reported: null,
    pocketbaseError: null,
    refusedWith: null,
    lag: null,
    newestBatch: null,
    archiveError: null,
  };
  const bucket = env.EVENTS_ARCHIVE;
  await Promise.all([
    (async () => {
      if (!health.up) return;
      try {
        const response = await readReported(config, reader);
        if (response.ok) status.reported = (await response.json()) as PocketBaseStatus;
        else {
          status.refusedWith = response.status;
          status.pocketbaseError = `PocketBase answered ${response.status} ${(await response.text()).slice(0, 200)}`;
        }
      } catch (err) {
        status.pocketbaseError = `PocketBase did not answer: ${err instanceof Error ? err.message : String(err)}`;
      }
    })(),
    (async () => {
      if (!bucket) {
        status.archiveError = "the EVENTS_ARCHIVE bucket binding is missing";
        return;
      }
      try {
        [status.lag, status.newestBatch] = await Promise.all([readEventLag(bucket), newestBatch(bucket, time)]);
      } catch (err) {
        status.archiveError = `the archive bucket did not answer: ${err instanceof Error ? err.message : String(err)}`;
      }
    })(),
  ]);
  return status;
}
