import { readConfig, type Config, type Env } from "../../env";
import { isClickId } from "../../lib/click-id";
import { EVENT_LINKS } from "../../lib/rules";
import { recordWaiting } from "../ops/event-lag";
import { isEventMessage, isPostbackMessage, type OutboundEventMessage, type PostbackMessage } from "./messages";
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

/** What a message is known by once stored: an event's click id, a postback's own id. */
function storedKey(body: unknown): string | undefined {
  if (isPostbackMessage(body)) return isClickId(body.id) ? body.id : undefined;
  return isEventMessage(body) ? body.click_id : undefined;
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
  if (events.length === 1 && only) return storeRefused(config, service, answer, only);
  const stored = new Set<string>();
  for (const event of events) for (const clickId of await storeEvents(config, service, [event])) stored.add(clickId);
  return stored;
}

/** An event's record links (EVENT_LINKS: a deleted record leaves the event without its link). */
const LINKS = Object.keys(EVENT_LINKS) as Array<keyof typeof EVENT_LINKS>;

/**
 * A refused one-event batch: stored already when its click id is (the message came again
 * after its record was stored: the acknowledgement was lost); stored again without the links
 * whose records are gone, when only those were refused; anything else is logged with
 * PocketBase's answer and retried.
 */
async function storeRefused(config: Config, service: ServiceCredentials, answer: Response, event: OutboundEventMessage): Promise<Set<string>> {
  const text = await answer.text();
  const errors = batchFieldErrors(text);
  if (errors.click_id === "validation_not_unique") return new Set([event.click_id]);
  const gone = LINKS.filter((link) => errors[link] !== undefined);
  if (gone.length > 0 && Object.keys(errors).length === gone.length) {
    console.error(`outbound event ${event.click_id}: its ${gone.join(", ")} no longer exists; stored without it`);
    const unlinked = { ...event };
    for (const link of gone) unlinked[link] = "";
    return storeEvents(config, service, [unlinked]);
  }
  console.error(`outbound event ${event.click_id} refused: PocketBase answered ${answer.status}`, text.slice(0, 500));
  return new Set();
}

/** The codes of PocketBase's field errors of a one-event batch's request, by field. */
function batchFieldErrors(text: string): Record<string, unknown> {
  type Refused = { data?: { requests?: Record<string, { response?: { data?: Record<string, { code?: unknown }> } }> } };
  try {
    const fields = (JSON.parse(text) as Refused | null)?.data?.requests?.["0"]?.response?.data ?? {};
    return Object.fromEntries(Object.entries(fields).map(([field, error]) => [field, error?.code]));
  } catch {
    return {};
  }
}

export async function consumeEvents(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const config = readConfig(env);
  const bodies = batch.messages.map((message) => message.body);
  const events = bodies.filter(isEventMessage);
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
    if (storedKey(message.body) === undefined) {
      // Neither an event nor a postback: no delivery will ever store it, so it is dropped, said once.
      console.error(
        `queue message ${message.id} on ${batch.queue} is neither an outbound event nor a postback; acknowledged unstored`,
        JSON.stringify(message.body)?.slice(0, 300),
      );
      message.ack();
    } else if (done(message)) message.ack();
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
