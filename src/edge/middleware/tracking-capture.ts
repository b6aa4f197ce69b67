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
} from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import { consentWithheld } from "../consent/consent";
import { secureCookies } from "./secure-cookies";

/**
 * Tracking capture on a page request (spec section 4): non-empty tracking parameters in the
 * address overwrite the stored values in the tracking cookie, the others are kept. Applied
 * to the finished response, after any cache: the page itself never depends on them. The
 * campaign cookie is not essential: none for a visitor whose consent is withheld (issue 51).
 */
export function addTrackingCookie(c: Context<AppEnv>, response: Response): Response {
  const incoming = trackingFromQuery(new URL(c.req.url).searchParams);
  if (Object.keys(incoming).length === 0 || consentWithheld(c)) return response;
  const stored = parseTracking(readCookie(c.req.header("Cookie"), TRACKING_COOKIE));
  const merged = mergeTracking(stored, incoming);
  if (sameTracking(stored, merged)) return response;
  const answer = new Response(response.body, response);
  answer.headers.append(
    "Set-Cookie",
    serializeCookie(TRACKING_COOKIE, serializeTracking(merged), { ...TRACKING_COOKIE_ATTRIBUTES, maxAge: TRACKING_COOKIE_MAX_AGE_S, secure: secureCookies(c) }),
  );
  // This copy carries one visitor's cookie: no shared cache may keep it.
  answer.headers.set("Cache-Control", "private, no-store");
  return answer;
}
