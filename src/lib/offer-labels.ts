import { mediumDate, parseContentDate } from "./dates";

/**
 * What an offer card says about an offer's end, its last check, its votes and its use
 * (issue 15). Pure: `now` is passed in, so the server's render and the browser's hydration
 * give the same words. Days are UTC calendar days, like every date the site shows (dates.ts);
 * the cards pass the day's start (utcDayStart) as `now`.
 */

const DAY_MS = 86_400_000;
/** "Expires in N days" up to this many days; later ends are given as a date. */
export const COUNTDOWN_DAYS = 7;
/** A "Verified" mark only for a check this recent. */
export const VERIFIED_WITHIN_DAYS = 30;
/** Fewer votes than this say nothing about an offer: no success rate. */
export const MIN_VOTES = 3;
/** Spec-free but expected of a coupon site: the store page's closed section lists at most this
 * many offers, expired within this many days (and /how-we-verify-codes says so). */
export const EXPIRED_SHOWN = 5;
export const EXPIRED_WITHIN_DAYS = 30;

const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/** Midnight UTC of the day holding `ms`. Every label here is counted in whole UTC days, so
 * this is all the clock they need: renders within one day give the same words (and bytes). */
export const utcDayStart = (ms: number) => dayOf(ms) * DAY_MS;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export interface ExpiryLabel {
  text: string;
  /** The exact instant, for `<time dateTime>`. */
  dateTime: string;
}

/** "Ends today", "Expires in N days" (up to 7) or "Expires {medium date}"; null when the
 * offer is open-ended (no date), or already over. */
export function expiryLabel(expiresAt: string | null | undefined, now: number): ExpiryLabel | null {
  const expires = parseContentDate(expiresAt);
  if (!expires || expires.getTime() <= now) return null;
  const days = dayOf(expires.getTime()) - dayOf(now);
  const text = days === 0 ? "Ends today" : days <= COUNTDOWN_DAYS ? `Expires in ${plural(days, "day", "days")}` : `Expires ${mediumDate(expiresAt)}`;
  return { text, dateTime: expires.toISOString() };
}

/** "Expired {medium date}", for the closed list of expired offers. */
export function expiredLabel(expiresAt: string | null | undefined): ExpiryLabel | null {
  const expires = parseContentDate(expiresAt);
  return expires ? { text: `Expired ${mediumDate(expiresAt)}`, dateTime: expires.toISOString() } : null;
}

/** "Verified today" / "Verified N days ago" when the last check is within 30 days; else null. */
export function verifiedLabel(verifiedAt: string | null | undefined, now: number): ExpiryLabel | null {
  const verified = parseContentDate(verifiedAt);
  if (!verified) return null;
  const days = Math.max(0, dayOf(now) - dayOf(verified.getTime()));
  if (days > VERIFIED_WITHIN_DAYS) return null;
  return { text: days === 0 ? "Verified today" : `Verified ${plural(days, "day", "days")} ago`, dateTime: verified.toISOString() };
}

/** "87% worked · 23 votes" from at least 3 votes; null below. */
export function successLabel(worked = 0, failed = 0): string | null {
  const votes = worked + failed;
  if (votes < MIN_VOTES) return null;
  return `${Math.round((worked / votes) * 100)}% worked · ${plural(votes, "vote", "votes")}`;
}

/** "Used N times today" from the clicks of the last 24 hours; null for none. */
export function usedTodayLabel(clicks = 0): string | null {
  return clicks > 0 ? `Used ${plural(clicks, "time", "times")} today` : null;
}

/** An offer's badges without one claiming it is verified: that mark comes from verified_at
 * alone (verifiedLabel), so a badge cannot say "Verified" of an offer nobody checked. */
export function withoutVerifiedBadge<T extends { title: string }>(badges: readonly T[] | undefined): T[] | undefined {
  return badges?.filter((badge) => badge.title.trim().toLowerCase() !== "verified");
}

/** The label of an offer's call-to-action button: the editor's, or "Get Deal". A deal (or a
 * coupon that needs no code) leads straight to the partner, so its button never promises a
 * coupon or a code it does not have (issue 51: a deal's button said "Get Coupon"). */
export function offerButtonLabel(ctaLabel: string | undefined): string {
  return ctaLabel && !/\b(coupon|code)s?\b/i.test(ctaLabel) ? ctaLabel : "Get Deal";
}
