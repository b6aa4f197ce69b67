import { readConfig, type Config, type Env } from "../../env";
import { isClickId } from "../../lib/click-id";
import type { OutboundEventMessage } from "./outbound-events";
import { isPostbackMessage, type PostbackMessage } from "./postback";
import { recordWaiting } from "../ops/event-lag";
import { asService, forgetServiceToken, type ServiceCredentials } from "../service-account";
import { archiveBatch } from "./event-archive";

/**
 * The Worker's queue consumer (`queue()`), for the events queue and its dead-letter queue
 * alike (docs/decisions/033-events-through-a-queue.md, docs/events.md). A batch's events
 * are stored in PocketBase in one batch request (one transaction) as the service account,
 * its postbacks in one request to PocketBase's postbacks route (docs/reports.md).
 * A message is acknowledged only once its record is stored and the batch's stored messages
 * are archived in R2 (event-archive.ts); the others are retried with growing delays, and
 * the queue moves what is still not stored after its max_retries to the next queue (the
 * dead-letter queue), where the same code keeps trying. When PocketBase (or R2) fails the
 * invocation fails too, so that Queues' autoscaling sees it and adds no consumers
 * (docs/decisions/055); one event PocketBase refuses only retries that event.
 */

const EVENTS = "outbound_events";
const EVENTS_PATH = `/api/collections/${EVENTS}/records`;
const FIRST_DELAY_S = 10;
/** The longest wait between deliveries: PocketBase back within the hour means events within the hour. */
const MAX_DELAY_S = 3600;

/** 10 s, 20 s, 40 s … up to an hour, by the number of deliveries so far. */
function retryDelay(attempts: number): number {
  return Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** Math.max(0, attempts - 1));
}

function isEvent(body: unknown): body is OutboundEventMessage {
  return typeof body === "object" && body !== null && !isPostbackMessage(body) && isClickId((body as { click_id?: unknown }).click_id);
}

/** What a message is known by once stored: an event's click id, a postback's own id. */
function storedKey(body: unknown): string | undefined {
  if (isPostbackMessage(body)) return isClickId(body.id) ? body.id : undefined;
  return isEvent(body) ? body.click_id : undefined;
}

/**
 * Stores the postbacks (each in a transaction of its own, pb_hooks/postbacks.pb.js) and
 * returns the ids of those stored now or before. One PocketBase cannot store (its network
 * deleted since) is logged and left to the retries and the dead-letter queue. Throws when
 * PocketBase cannot be reached or fails.
 */
async function storePostbacks(config: Config, service: ServiceCredentials, postbacks: PostbackMessage[]): Promise<Set<string>> {
  const body = { postbacks: postbacks.map(({ type: _type, ...postback }) => postback) };
  const answer = await asService(config, service, "/api/dealpilot/postbacks", { method: "POST", body });
  if (!answer.ok) throw new Error(`postbacks: PocketBase answered ${answer.status} ${(await answer.text()).slice(0, 500)}`);
  const { stored, refused } = (await answer.json()) as { stored: Record<string, string>; refused: Record<string, string> };
  for (const [id, reason] of Object.entries(refused)) console.error(`postback ${id} refused: ${reason.slice(0, 500)}`);
  return new Set(Object.keys(stored));
}

/** One batch request creating every event; PocketBase runs it as one transaction. */
function storeBatch(config: Config, service: ServiceCredentials, events: OutboundEventMessage[]): Promise<Response> {
  return asService(config, service, "/api/batch", { method: "POST", body: { requests: events.map((body) => ({ method: "POST", url: EVENTS_PATH, body })) } });
}

/**
 * Stores the events and returns the click ids that are stored now. A refused batch (400:
 * one of its events is stored already, or one cannot be stored at all) is stored again one
 * event at a time, so one event never holds back the others. Throws when PocketBase cannot
 * be reached or fails (nothing more is stored then).
 */
async function storeEvents(config: Config, service: ServiceCredentials, events: OutboundEventMessage[]): Promise<Set<string>> {
  const answer = await storeBatch(config, service, events);
  if (answer.ok) {
    await answer.body?.cancel();
    return new Set(events.map((event) => event.click_id));
  }
  if (answer.status !== 400) throw new Error(`events batch: PocketBase answered ${answer.status} ${(await answer.text()).slice(0, 500)}`);
  const [only] = events;
  if (events.length === 1 && only) return (await storedBefore(answer, only)) ? new Set([only.click_id]) : new Set();
  const stored = new Set<string>();
  for (const event of events) for (const clickId of await storeEvents(config, service, [event])) stored.add(clickId);
  return stored;
}

/**
 * Whether a refused one-event batch failed only because its click id is stored already (the
 * message came again after its record was stored: the acknowledgement was lost). Any other
 * refusal is logged with PocketBase's answer.
 */
async function storedBefore(answer: Response, event: OutboundEventMessage): Promise<boolean> {
  const text = await answer.text();
  if (batchFieldError(text, "click_id") === "validation_not_unique") return true;
  console.error(`outbound event ${event.click_id} refused: PocketBase answered ${answer.status}`, text.slice(0, 500));
  return false;
}

/** The code of PocketBase's error on `field` of a one-event batch's request, if any. */
function batchFieldError(text: string, field: string): unknown {
  type Refused = { data?: { requests?: Record<string, { response?: { data?: Record<string, { code?: unknown }> } }> } };
  try {
    return (JSON.parse(text) as Refused | null)?.data?.requests?.["0"]?.response?.data?.[field]?.code;
  } catch {
    return undefined;
  }
}

export async function consumeEvents(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const config = readConfig(env);
  const bodies = batch.messages.map((message) => message.body);
  const events = bodies.filter(isEvent);
  const postbacks = bodies.filter((body): body is PostbackMessage => isPostbackMessage(body) && storedKey(body) !== undefined);
  const stored = new Set<string>();
  /** Why PocketBase (or the archive) could not take the batch: the invocation then fails, so the platform scales the consumer down. */
  let failure: unknown;
  if (!config.service) failure = new Error("PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
  else {
    const service = config.service;
    const stores: Array<[string, number, () => Promise<Set<string>>]> = [
      ["outbound events", events.length, () => storeEvents(config, service, events)],
      ["postbacks", postbacks.length, () => storePostbacks(config, service, postbacks)],
    ];
    for (const [what, count, store] of stores) {
      if (count === 0) continue;
      try {
        for (const key of await store()) stored.add(key);
      } catch (err) {
        // The token may be the cause (PocketBase restored from a backup, keys rotated): sign in afresh next time.
        forgetServiceToken();
        console.error(`${what} not stored yet (${batch.queue}, ${count})`, err);
        failure ??= err;
      }
    }
  }
  const isStored = (message: Message<unknown>) => {
    const key = storedKey(message.body);
    return key !== undefined && stored.has(key);
  };
  // Archived before acknowledged: an acknowledged event is always in the archive (event-archive.ts).
  const toArchive = batch.messages.filter(isStored);
  let archived = toArchive.length === 0;
  if (!archived) {
    try {
      if (!env.EVENTS_ARCHIVE) throw new Error("the EVENTS_ARCHIVE bucket binding is missing");
      const oldest = new Date(Math.min(...toArchive.map((message) => message.timestamp.getTime())));
      await archiveBatch(
        env.EVENTS_ARCHIVE,
        toArchive.map((message) => message.body),
        oldest,
      );
      archived = true;
    } catch (err) {
      console.error(`events stored but not archived, so not acknowledged (${batch.queue}, ${toArchive.length})`, err);
      failure ??= err;
    }
  }
  const done = (message: Message<unknown>) => archived && isStored(message);
  for (const message of batch.messages) {
    if (done(message)) message.ack();
    else message.retry({ delaySeconds: retryDelay(message.attempts) });
  }
  if (env.EVENTS_ARCHIVE) {
    const delivered = batch.messages.map((message) => ({
      key: storedKey(message.body),
      timestamp: message.timestamp,
      attempts: message.attempts,
      stored: done(message),
    }));
    await recordWaiting(env.EVENTS_ARCHIVE, batch.queue, delivered);
  }
  if (failure !== undefined)
    throw new Error(`events batch of ${batch.queue} retried: ${failure instanceof Error ? failure.message : String(failure)}`, { cause: failure });
}
