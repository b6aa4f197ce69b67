import type { Context } from "hono";
import { isbot } from "isbot";
import { deviceClass } from "../../lib/device";
import { toHex } from "../../lib/hex";
import { readCookie } from "../../lib/cookies";
import { hasOptedOut, requestPrivacySignals } from "../../lib/privacy";
import { LIMITS } from "../../lib/rules";
import { parseTracking, TRACKING_COOKIE, TRACKING_KEYS, type TrackingData, type TrackingKey } from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import { consentWithheld } from "../consent/consent";
import type { LinkedRecords } from "./partner-links";
import type { PostbackMessage } from "./postback";

export type OutboundKind = "click" | "impression" | "reveal";

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
    /** False for events that never count in public figures; PocketBase also sets it false
     * for a visitor's repeats (pb_hooks/outbound_events.pb.js). */
    counted: boolean;
    /** One visitor, one link, one kind, one UTC day: see countKey. */
    count_key: string;
  };

/** What a visitor's request tells about them, as far as an event may keep it. */
export interface VisitorContext {
  /** GPC, DNT, the site's opt-out, or consent withheld (issue 51): no campaign values, no
   * country, no click id for partners. The click still counts, anonymously. */
  optedOut: boolean;
  tracking: TrackingData;
}

export function visitorContext(c: Context<AppEnv>): VisitorContext {
  const optedOut = hasOptedOut(requestPrivacySignals(c.req.raw.headers)) || consentWithheld(c);
  return { optedOut, tracking: optedOut ? {} : parseTracking(readCookie(c.req.header("Cookie"), TRACKING_COOKIE)) };
}

/** Whether the request is a visitor's own action: not a crawler, not a browser's prefetch or
 * prerender (the visitor may never follow it), not a HEAD. Anything else is never recorded. */
export function isVisitorAction(c: Context<AppEnv>): boolean {
  if (c.req.method !== "GET" && c.req.method !== "POST") return false;
  const purpose = `${c.req.header("Sec-Purpose") ?? ""} ${c.req.header("Purpose") ?? ""}`.toLowerCase();
  if (purpose.includes("prefetch") || purpose.includes("prerender")) return false;
  return !isbot(c.req.header("User-Agent") ?? "");
}

// Module scope on purpose, and only for this: the HMAC key made from the Worker's own secret
// (never visitor data), imported once per isolate instead of once per event; a new secret
// makes a new key. Only the settled key is kept (no promise shared between requests).
let imported: { secret: string; key: CryptoKey } | undefined;

async function hmacKey(secret: string): Promise<CryptoKey> {
  if (imported?.secret === secret) return imported.key;
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  imported = { secret, key };
  return key;
}

/**
 * A key for "this visitor, this link, this kind of event, this UTC day" that stores nothing
 * about the visitor: an HMAC (EVENTS_KEY_SECRET) of the day, the connecting IP, the User-Agent
 * and the link. Without the secret it cannot be recomputed from a guessed IP, and it cannot
 * link one visitor's events across days or across links. Empty without the secret (then
 * every event counts).
 */
async function countKey(secret: string | null, parts: string[]): Promise<string> {
  if (!secret) return "";
  const key = await hmacKey(secret);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(parts.join("\n"))));
  return toHex(mac.subarray(0, 16));
}

export async function outboundEvent(
  c: Context<AppEnv>,
  visitor: VisitorContext,
  event: { clickId: string; kind: OutboundKind; url: string; targetHost: string; linked: LinkedRecords | undefined },
): Promise<OutboundEventMessage> {
  const now = new Date();
  const userAgent = c.req.header("User-Agent") ?? "";
  const linked = event.linked ?? { offer: "", store: "", product: "" };
  const subject = linked.offer || linked.product || linked.store || event.url;
  const tracking = Object.fromEntries(TRACKING_KEYS.map((key) => [key, visitor.tracking[key] ?? ""])) as Record<TrackingKey, string>;
  return {
    click_id: event.clickId,
    kind: event.kind,
    url: event.url.slice(0, LIMITS.url),
    target_host: event.targetHost,
    ...linked,
    referrer_path: referrerPath(c.req.header("Referer"), c.var.config.siteOrigin, new URL(c.req.url).origin),
    ...tracking,
    country: visitor.optedOut ? "" : country(c),
    device: deviceClass(userAgent, c.req.header("Sec-CH-UA-Mobile")),
    event_time: now.toISOString(),
    counted: true,
    count_key: await countKey(c.var.config.eventsKeySecret, [
      now.toISOString().slice(0, 10),
      c.req.header("CF-Connecting-IP") ?? "",
      userAgent,
      event.kind,
      subject,
    ]),
  };
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

/** The path of our own page the event came from; nothing for other sites' pages. */
function referrerPath(referer: string | undefined, ...ownOrigins: string[]): string {
  if (!referer) return "";
  try {
    const url = new URL(referer);
    return ownOrigins.includes(url.origin) ? url.pathname.slice(0, LIMITS.url) : "";
  } catch {
    return "";
  }
}

function country(c: Context<AppEnv>): string {
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  const code = typeof cf?.country === "string" ? cf.country : (c.req.header("CF-IPCountry") ?? "");
  return /^[A-Z]{2}$/.test(code) ? code : "";
}
