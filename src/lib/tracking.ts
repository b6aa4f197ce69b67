import type { CookieAttributes } from "./cookies";

/** The spec's nine tracking keys (section 3, stored tracking data). Pages never echo them
 * into HTML, which is the same for every visitor. The browser's bundle needs them, so they
 * are kept here rather than read from pocketbase/pb_hooks/rules.js (a CommonJS module the
 * bundler would copy into every chunk); test/unit/rules.test.ts holds the two equal. */
export const TRACKING_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"] as const;

export type TrackingKey = (typeof TRACKING_KEYS)[number];
/** The nine values, and the id of the short link the visitor last came through (docs/links.md). */
export type TrackingData = Partial<Record<TrackingKey, string>> & { link?: string };

/** The short link's id in the cookie's value, after the nine keys. Only /l/{slug} sets it
 * (src/edge/links/resolve.ts); an address's query never does. */
const LINK_NAME = "link";
/** A PocketBase record id: what a short link's id is. */
const LINK_ID = /^[a-z0-9]{15}$/;

/** First-party cookie the Worker sets and `/goto` reads (docs/decisions/010-tracked-links.md). */
export const TRACKING_COOKIE = "dp_trk";
/** The spec's one fixed localStorage key mirroring the cookie. */
export const TRACKING_STORAGE_KEY = "tracking_data";
/** 30 days, as long as common affiliate attribution windows. */
export const TRACKING_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Lax: /goto reads it on navigations that may start elsewhere (an offer link in our
 * newsletter, a shared /goto link), which Strict would strip. Not HttpOnly: the browser
 * code writes it on client navigations (spec section 4), and a page cannot write an
 * HttpOnly cookie. */
export const TRACKING_COOKIE_ATTRIBUTES: CookieAttributes = { sameSite: "Lax", httpOnly: false };

/** Longest value kept: click ids (gclid, fbclid) run to about 100 characters. Nine keys
 * at most this long keep the cookie under 2.5 KB, far from the 4 KB browsers allow. */
export const TRACKING_VALUE_MAX = 200; // rules.js LIMITS.tracking_value, held equal by test/unit/rules.test.ts

const TRACKING_KEY_SET: ReadonlySet<string> = new Set(TRACKING_KEYS);

export function isTrackingKey(name: string): name is TrackingKey {
  return TRACKING_KEY_SET.has(name);
}

/** The characters campaign values are made of: rules.js TRACKING_VALUE_CHARACTERS, held
 * equal by test/unit/rules.test.ts (a short link's values must be made of them). */
export const TRACKING_VALUE_CHARACTERS = "A-Za-z0-9\\-._~+:/@!$()*,| ";
const NOT_A_VALUE_CHARACTER = new RegExp(`[^${TRACKING_VALUE_CHARACTERS}]`, "g");

/** Keeps the characters campaign values are made of (letters, digits, `-._~+:/@!$()*,|`
 * and spaces), drops everything else (quotes, angle brackets, control characters,
 * non-ASCII), and cuts to TRACKING_VALUE_MAX. */
export function cleanTrackingValue(value: string): string {
  return value.replace(NOT_A_VALUE_CHARACTER, "").trim().slice(0, TRACKING_VALUE_MAX).trim();
}

/** The tracking keys present in a query with a non-empty value (after cleaning). */
export function trackingFromQuery(params: URLSearchParams): TrackingData {
  const found: TrackingData = {};
  for (const key of TRACKING_KEYS) {
    const value = cleanTrackingValue(params.get(key) ?? "");
    if (value) found[key] = value;
  }
  return found;
}

/** Spec section 4: a non-empty query value overwrites the stored one; the others are kept.
 * The short link's id follows the same rule. */
export function mergeTracking(stored: TrackingData, incoming: TrackingData): TrackingData {
  const merged: TrackingData = {};
  for (const key of TRACKING_KEYS) {
    const value = incoming[key] || stored[key];
    if (value) merged[key] = value;
  }
  const link = incoming.link || stored.link;
  if (link) merged.link = link;
  return merged;
}

export function sameTracking(a: TrackingData, b: TrackingData): boolean {
  return TRACKING_KEYS.every((key) => (a[key] ?? "") === (b[key] ?? "")) && (a.link ?? "") === (b.link ?? "");
}

/** Cookie value: form-encoded, keys in a fixed order, the link's id last (cookie-safe: no `;`, `,` or spaces). */
export function serializeTracking(data: TrackingData): string {
  const params = new URLSearchParams();
  for (const key of TRACKING_KEYS) {
    const value = cleanTrackingValue(data[key] ?? "");
    if (value) params.set(key, value);
  }
  if (data.link && LINK_ID.test(data.link)) params.set(LINK_NAME, data.link);
  return params.toString();
}

/** Reads a stored value back, keeping only known keys with clean values and a well-formed
 * link id: the cookie and localStorage are visitor-controlled input. */
export function parseTracking(text: string | null | undefined): TrackingData {
  if (!text || text.length > 8192) return {};
  try {
    const params = new URLSearchParams(text);
    const data: TrackingData = trackingFromQuery(params);
    const link = params.get(LINK_NAME) ?? "";
    if (LINK_ID.test(link)) data.link = link;
    return data;
  } catch {
    return {};
  }
}

/** The URL without tracking parameters: what pages render and what the page cache keys on. */
export function withoutTracking(url: URL): URL {
  const stripped = new URL(url);
  for (const key of TRACKING_KEYS) stripped.searchParams.delete(key);
  // Leave the URL byte-for-byte alone when there was nothing to strip.
  return stripped.searchParams.size === url.searchParams.size ? url : stripped;
}

/** The macro an editor puts in a network's sub-id slot (sub1, clickref, subId1, sid…). */
export const CLICK_ID_MACRO = "click_id";

/**
 * Replaces `{key}` macros for the nine keys with the stored values, and `{click_id}` with
 * the event's click id, URL-encoded; a missing value becomes empty (spec sections 1 and 7).
 * Other braces are left alone.
 */
export function replaceMacros(template: string, data: TrackingData, clickId = ""): string {
  return template.replace(/\{([a-z_]+)\}/g, (macro, name: string) => {
    if (name === CLICK_ID_MACRO) return encodeURIComponent(clickId);
    return isTrackingKey(name) ? encodeURIComponent(data[name] ?? "") : macro;
  });
}
