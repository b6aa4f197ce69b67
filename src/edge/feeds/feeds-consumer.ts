import { readConfig, type Env } from "../../env";
import { isTimeZone } from "../../lib/feed-dates";
import { forgetServiceToken } from "../service-account";
import { FORMATS } from "./formats";
import { BATCH_REQUESTS, type PromotionBatch, readSource, type RunUpdate, runStep, type Service, updateRun, writeBatch } from "./import-runs";
import { type Cursor, FeedError, type FeedSource } from "./network-fetch";
import { normalize, type Promotion } from "./promotion";

/**
 * The feeds queue's consumer (docs/feeds.md "Running it", docs/decisions/052). A message is
 * one page of one run: the page is fetched from the network, read, and written to
 * PocketBase in batches; then the next page's message is sent, or the run is completed. So
 * an invocation holds one page, never a whole feed, and one run's pages go one after
 * another at the network's pace.
 *
 * - A network's 429 or 5xx: the page is tried again later (its Retry-After, else 10 s, 20 s,
 *   40 s …), up to MAX_ATTEMPTS; then the run fails. Any other network failure fails the run
 *   at once. A failed run ends nothing, and what it wrote stays.
 * - PocketBase failing: the message is retried by the queue with growing delays, and writes
 *   its batches again: each claims its step, so none is written twice.
 */

export interface FeedPageMessage {
  type: "feed-page";
  run: string;
  cursor: Cursor;
  /** The page's number in the run (1 for the first). */
  page: number;
  /** The run's last written step before this page. */
  step: number;
  /** Tries of this page so far that met a rate limit or a server error. */
  attempt: number;
}

export const FEEDS_QUEUE = "dealpilot-feeds";
/** Tries of one page against a network's 429s and 5xx before the run fails. */
export const MAX_ATTEMPTS = 6;
const FIRST_DELAY_S = 10;
/** Longest wait between a network's refusals (the queue allows 12 hours). */
const MAX_DELAY_S = 3600;

export function isFeedPage(body: unknown): body is FeedPageMessage {
  const m = body as Partial<FeedPageMessage> | null;
  return typeof m === "object" && m !== null && m.type === "feed-page" && typeof m.run === "string" && typeof m.step === "number" && typeof m.page === "number";
}

function backoff(attempt: number): number {
  return Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** Math.max(0, attempt));
}

/**
 * The page's promotions in batches that fit one PocketBase batch each with the run's claim
 * and the advertisers first named in it (at least one batch: a page without promotions still
 * claims its step). An advertiser is written once a page, in the batch that names it first:
 * the later batches' promotions find it stored.
 */
function batchesOf(promotions: Promotion[]): PromotionBatch[] {
  const batches: PromotionBatch[] = [];
  const written = new Set<string>();
  let current: PromotionBatch = { promotions: [], advertisers: [] };
  for (const promotion of promotions) {
    const first = !written.has(promotion.advertiserId);
    // With this promotion (and its advertiser, if new): the promotions, the advertisers and the run's claim.
    if (current.promotions.length > 0 && current.promotions.length + 1 + current.advertisers.length + (first ? 1 : 0) + 1 > BATCH_REQUESTS) {
      batches.push(current);
      current = { promotions: [], advertisers: [] };
    }
    current.promotions.push(promotion);
    if (first) {
      current.advertisers.push(promotion);
      written.add(promotion.advertiserId);
    }
  }
  batches.push(current);
  return batches;
}

/** Ends a run as failed, with the reason in its log. */
async function failRun(deps: Service, message: FeedPageMessage, reason: string): Promise<void> {
  console.error(`import ${message.run} failed on page ${message.page}: ${reason}`);
  await updateRun(deps, message.run, { status: "failed", add: { errors: 1 }, error: `page ${message.page}: ${reason}` });
}

async function fetchAndWrite(deps: Service, queue: Queue<unknown>, message: FeedPageMessage, source: FeedSource): Promise<void> {
  const format = FORMATS[source.kind];
  if (!format) return failRun(deps, message, `feed_kind "${source.kind}" is not one the import reads`);
  if (!isTimeZone(source.timeZone)) return failRun(deps, message, `feed_time_zone "${source.timeZone}" is not an IANA time zone`);
  const settings = { timeZone: source.timeZone, subIdParam: source.subIdParam || FORMATS[source.networkKind]?.subIdParam || format.subIdParam };
  const withBase = { ...source, apiBase: source.apiBase || format.defaultBase };

  let page: Awaited<ReturnType<typeof format.fetchPage>>;
  try {
    page = await format.fetchPage(withBase, message.cursor);
  } catch (err) {
    if (!(err instanceof FeedError)) throw err;
    if (err.retryable && message.attempt + 1 < MAX_ATTEMPTS) {
      const delaySeconds = Math.min(MAX_DELAY_S, err.retryAfterS ?? backoff(message.attempt));
      console.warn(`import ${message.run} page ${message.page}: ${err.message}; again in ${delaySeconds} s`);
      await queue.send({ ...message, attempt: message.attempt + 1 } satisfies FeedPageMessage, { delaySeconds });
      return;
    }
    return failRun(deps, message, err.message);
  }

  const promotions: Promotion[] = [];
  const skips: Record<string, number> = { ...page.unreadable };
  for (const row of page.rows) {
    const read = normalize(row, settings);
    if (read.ok) promotions.push(read.promotion);
    else skips[read.reason] = (skips[read.reason] ?? 0) + 1;
  }
  const skipped = Object.values(skips).reduce((a, b) => a + b, 0);
  const batches = batchesOf(promotions);
  let step = message.step;
  let wroteAny = false;
  for (const [i, batch] of batches.entries()) {
    const last = i === batches.length - 1;
    const update: RunUpdate = last
      ? { step: step + 1, add: { pages: 1, fetched: page.rows.length + Object.values(page.unreadable).reduce((a, b) => a + b, 0), skipped }, skips }
      : { step: step + 1 };
    if ((await writeBatch(deps, source.network, message.run, batch, update)) === "written") wroteAny = true;
    step++;
  }
  // Every batch was written before: another delivery of this page got further, or this one
  // stopped before sending the next page. Only the latter sends it.
  if (!wroteAny && (await runStep(deps, message.run)) > step) return;
  if (page.next) {
    await queue.send({ type: "feed-page", run: message.run, cursor: page.next, page: message.page + 1, step, attempt: 0 } satisfies FeedPageMessage, {
      delaySeconds: format.paceSeconds,
    });
  } else {
    await updateRun(deps, message.run, { step: step + 1, status: "complete" });
  }
}

export async function consumeFeeds(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const config = readConfig(env);
  for (const message of batch.messages) {
    const body = message.body;
    if (!isFeedPage(body)) {
      console.error(`${batch.queue}: a message that is no feed page was dropped`);
      message.ack();
      continue;
    }
    if (!config.service || !env.FEEDS) {
      console.error("feed import waits: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD or the FEEDS queue are not set");
      message.retry({ delaySeconds: backoff(message.attempts) });
      continue;
    }
    const deps = { config, service: config.service };
    try {
      const source = await readSource(deps, body.run);
      // The run is over (failed by the stale-run check, or done by another delivery): nothing to do.
      if (source) await fetchAndWrite(deps, env.FEEDS, body, source);
      message.ack();
    } catch (err) {
      forgetServiceToken();
      console.error(`import ${body.run} page ${body.page} not written yet`, err);
      message.retry({ delaySeconds: backoff(message.attempts - 1) });
    }
  }
}
