import type { Context } from "hono";
import { isbot } from "isbot";
import { deviceClass } from "../../lib/device";
import { readCookie } from "../../lib/cookies";
import { hasOptedOut, requestPrivacySignals } from "../../lib/privacy";
import { LIMITS } from "../../lib/rules";
import { parseTracking, TRACKING_COOKIE, TRACKING_KEYS, type TrackingData, type TrackingKey } from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import { consentWithheld } from "../consent/consent";
import { hmacHex } from "../signing";
import type { OutboundEventMessage, OutboundKind } from "./messages";
import type { LinkedRecords } from "./partner-links";

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

/**
 * A key for "this visitor, this link, this kind of event, this UTC day" that stores nothing
 * about the visitor: an HMAC (EVENTS_KEY_SECRET) of the day, the connecting IP, the User-Agent
 * and the link. Without the secret it cannot be recomputed from a guessed IP, and it cannot
 * link one visitor's events across days or across links. Empty without the secret (then
 * every event counts).
 */
async function countKey(secret: string | null, parts: string[]): Promise<string> {
  return secret ? hmacHex(secret, parts.join("\n"), 16) : "";
}

/**
 * The event of a request: a visitor's click, impression or reveal, or a visit of a short link
 * (`shortLink` names the link visited; other events carry the one the tracking cookie names).
 * A request that is not a visitor's own action is marked automated and never counts.
 */
export async function outboundEvent(
  c: Context<AppEnv>,
  visitor: VisitorContext,
  event: { clickId: string; kind: OutboundKind; url: string; targetHost: string; linked: LinkedRecords | undefined; shortLink?: string },
): Promise<OutboundEventMessage> {
  const now = new Date();
  const userAgent = c.req.header("User-Agent") ?? "";
  const linked = event.linked ?? { offer: "", store: "", product: "" };
  const shortLink = event.shortLink ?? visitor.tracking.link ?? "";
  const subject = (event.kind === "link" && shortLink) || linked.offer || linked.product || linked.store || event.url;
  const automated = !isVisitorAction(c);
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
    short_link: shortLink,
    automated,
    counted: !automated,
    count_key: await countKey(c.var.config.eventsKeySecret, [
      now.toISOString().slice(0, 10),
      c.req.header("CF-Connecting-IP") ?? "",
      userAgent,
      event.kind,
      subject,
    ]),
  };
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
