import { EVENTS_DEAD_LETTER_QUEUE } from "../events/queue-names";

/**
 * What the events consumer knows of the messages it could not store yet, kept in the
 * archive bucket under `ops/waiting/` (docs/operations.md): one empty object per waiting
 * message, named by its click id (or postback id), its queue and first queue time in its
 * metadata. Written only when a delivery fails and deleted once the message is stored, so a
 * healthy consumer writes none. The status page and the alerts read the event lag (the
 * oldest waiting message's age) and the dead letters waiting from one listing.
 */

export const WAITING_PREFIX = "ops/waiting/";
/** Beyond this many, the page says "at least": one listing page of R2. */
const LIST_LIMIT = 1000;

export interface DeliveredMessage {
  /** The click id or postback id; undefined for a message that is neither. */
  key: string | undefined;
  /** When it was first sent to the queue. */
  timestamp: Date;
  attempts: number;
  stored: boolean;
}

/**
 * Records the batch's unstored messages as waiting, and forgets those now stored that may
 * have been recorded before (delivered more than once, or come through the dead-letter
 * queue). Failures are logged, never thrown: this is the operator's view, not the events.
 */
export async function recordWaiting(bucket: R2Bucket, queue: string, messages: DeliveredMessage[]): Promise<void> {
  const deadLetters = queue === EVENTS_DEAD_LETTER_QUEUE;
  const waiting = messages.filter((m) => !m.stored && m.key !== undefined && (m.attempts === 1 || deadLetters));
  const resolved = messages.filter((m) => m.stored && m.key !== undefined && (m.attempts > 1 || deadLetters)).map((m) => `${WAITING_PREFIX}${m.key}`);
  try {
    await Promise.all([
      ...waiting.map((m) => bucket.put(`${WAITING_PREFIX}${m.key}`, "", { customMetadata: { queue, since: m.timestamp.toISOString() } })),
      ...(resolved.length > 0 ? [bucket.delete(resolved)] : []),
    ]);
  } catch (err) {
    console.error(`ops: waiting events not recorded (${queue})`, err);
  }
}

export interface EventLag {
  /** Messages waiting in the events queue after a failed delivery. */
  queued: number;
  /** Messages waiting in the dead-letter queue. */
  deadLetters: number;
  /** When the oldest waiting message was first queued; null when none waits. */
  oldest: Date | null;
  /** More are waiting than one listing shows: the counts are "at least". */
  more: boolean;
}

export async function readEventLag(bucket: R2Bucket): Promise<EventLag> {
  const listed = await bucket.list({ prefix: WAITING_PREFIX, limit: LIST_LIMIT, include: ["customMetadata"] });
  const lag: EventLag = { queued: 0, deadLetters: 0, oldest: null, more: listed.truncated };
  for (const object of listed.objects) {
    const meta = object.customMetadata ?? {};
    if (meta.queue === EVENTS_DEAD_LETTER_QUEUE) lag.deadLetters++;
    else lag.queued++;
    const since = new Date(meta.since ?? object.uploaded);
    if (!Number.isNaN(since.getTime()) && (lag.oldest === null || since < lag.oldest)) lag.oldest = since;
  }
  return lag;
}
