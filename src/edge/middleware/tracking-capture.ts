import type { Context } from "hono";
import { readCookie, serializeCookie } from "../../lib/cookies";
import {
  mergeTracking,
  parseTracking,
  sameTracking,
  serializeTracking,
  trackingFromQuery,
  TRACKING_COOKIE,
  TRACKING_COOKIE_ATTRIBUTES,
  TRACKING_COOKIE_MAX_AGE_S,
  type TrackingData,
} from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import { consentWithheld } from "../consent/consent";
import { secureCookies } from "./secure-cookies";

/**
 * The Set-Cookie value that stores `incoming` (new tracking values, a short link's id) over
 * what the request's tracking cookie holds, by the spec's rule (non-empty values overwrite,
 * the others are kept); null when that changes nothing, or when the visitor's consent is
 * withheld: the campaign cookie is not essential (issue 51).
 */
export function trackingCookie(c: Context<AppEnv>, incoming: TrackingData): string | null {
  if (consentWithheld(c)) return null;
  const stored = parseTracking(readCookie(c.req.header("Cookie"), TRACKING_COOKIE));
  const merged = mergeTracking(stored, incoming);
  if (sameTracking(stored, merged)) return null;
  return serializeCookie(TRACKING_COOKIE, serializeTracking(merged), {
    ...TRACKING_COOKIE_ATTRIBUTES,
    maxAge: TRACKING_COOKIE_MAX_AGE_S,
    secure: secureCookies(c),
  });
}

/**
 * Tracking capture on a page request (spec section 4): non-empty tracking parameters in the
 * address overwrite the stored values in the tracking cookie, the others are kept. Applied
 * to the finished response, after any cache: the page itself never depends on them.
 */
export function addTrackingCookie(c: Context<AppEnv>, response: Response): Response {
  const incoming = trackingFromQuery(new URL(c.req.url).searchParams);
  if (Object.keys(incoming).length === 0) return response;
  const cookie = trackingCookie(c, incoming);
  if (!cookie) return response;
  const answer = new Response(response.body, response);
  answer.headers.append("Set-Cookie", cookie);
  // This copy carries one visitor's cookie: no shared cache may keep it.
  answer.headers.set("Cache-Control", "private, no-store");
  return answer;
}
