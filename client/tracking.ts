import { readCookie, serializeCookie } from "../src/lib/cookies";
import {
  mergeTracking,
  parseTracking,
  serializeTracking,
  trackingFromQuery,
  TRACKING_COOKIE,
  TRACKING_COOKIE_ATTRIBUTES,
  TRACKING_COOKIE_MAX_AGE_S,
  TRACKING_STORAGE_KEY,
} from "../src/lib/tracking";
import { afterEachNavigation, type Router } from "./navigation";

/**
 * Tracking capture on client navigations (spec section 4). The Worker captures on every
 * page request and sets the cookie; in the browser the same rule runs after each client
 * navigation, and the stored data is mirrored in localStorage under the spec's fixed key.
 * Both places hold the same serialised value.
 */
export function startTrackingCapture(router: Router): void {
  afterEachNavigation(router, () => {
    const stored = parseTracking(readCookie(document.cookie, TRACKING_COOKIE));
    const merged = mergeTracking(stored, trackingFromQuery(new URLSearchParams(window.location.search)));
    const value = serializeTracking(merged);
    if (value !== serializeTracking(stored)) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the site supports; serializeCookie writes the attributes
      document.cookie = serializeCookie(TRACKING_COOKIE, value, {
        ...TRACKING_COOKIE_ATTRIBUTES,
        maxAge: TRACKING_COOKIE_MAX_AGE_S,
        secure: window.location.protocol === "https:",
      });
    }
    try {
      if (value) localStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify(merged));
    } catch {
      // Storage disabled or full: the cookie alone still carries the data to /goto.
    }
  });
}
