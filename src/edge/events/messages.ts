import type { Context } from "hono";
import { isClickId } from "../../lib/click-id";
import type { PostbackStatus } from "../../lib/postback";
import type { TrackingKey } from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import type { LinkedRecords } from "./partner-links";

/**
 * The events queue's messages (docs/events.md): what /goto, code reveals and postbacks send,
 * and what the consumer (events-consumer.ts) stores.
 */

/** "link": a visit of a marketer's short link (src/edge/links/resolve.ts, docs/links.md). */
export type OutboundKind = "click" | "impression" | "reveal" | "link";

/**
 * One outbound event as a queue message: exactly the `outbound_events` record the consumer
 * stores (docs/decisions/033-events-through-a-queue.md).
 */
export type OutboundEventMessage = LinkedRecords &
  Record<TrackingKey, string> & {
    /** UUIDv7 made at the edge: the record's unique key, and the `{click_id}` macro. */
    click_id: string;
    kind: OutboundKind;
    /** The partner URL as written in the content (macros unresolved). */
    url: string;
    target_host: string;
    /** Path of the page the visitor came from (our own pages only). */
    referrer_path: string;
    country: string;
    device: string;
    /** ISO time at the edge. */
    event_time: string;
    /** The short link the visit was of, or the click came through (the tracking cookie's); "" for none. */
    short_link: string;
    /** A crawler's, a prefetch's or a HEAD request's: stored, never counted. */
    automated: boolean;
    /** False for events that never count in public figures; PocketBase also sets it false
     * for a visitor's repeats (pb_hooks/outbound_events.pb.js). */
    counted: boolean;
    /** One visitor, one link, one kind, one UTC day: see countKey. */
    count_key: string;
  };

/** A postback as a queue message: what the consumer hands to PocketBase's postbacks route. */
export interface PostbackMessage {
  type: "postback";
  /** UUIDv7 made at the edge: a redelivered message is recognised by it. */
  id: string;
  network: string;
  click_id: string;
  txid: string;
  status: PostbackStatus;
  payout: number | null;
  currency: string;
  event: string;
  /** ISO time the edge received it: postbacks apply in this order, whatever order they are stored in. */
  at: string;
}

export function isPostbackMessage(body: unknown): body is PostbackMessage {
  return typeof body === "object" && body !== null && (body as { type?: unknown }).type === "postback";
}

/** Whether a message body is an outbound event the consumer can store (its click id made at the edge). */
export function isEventMessage(body: unknown): body is OutboundEventMessage {
  return typeof body === "object" && body !== null && !isPostbackMessage(body) && isClickId((body as { click_id?: unknown }).click_id);
}

/**
 * Hands the event (or a network's postback) to the queue and resolves once the queue has
 * accepted it. A queue that refuses is logged; the caller decides what its client is told.
 */
export async function enqueueEvent(c: Context<AppEnv>, message: OutboundEventMessage | PostbackMessage): Promise<boolean> {
  const what = "type" in message ? "postback" : "outbound event";
  if (!c.env.EVENTS) {
    console.error(`${what} not queued: the EVENTS queue binding is missing`);
    return false;
  }
  try {
    await c.env.EVENTS.send(message, { contentType: "json" });
    return true;
  } catch (err) {
    console.error(`${what} not queued`, err);
    return false;
  }
}
