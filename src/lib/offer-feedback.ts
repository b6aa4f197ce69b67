import type { CookieAttributes } from "./cookies";

/**
 * "Did this code work?" (issue 15): the shapes shared by the card's form and the Worker's
 * POST /offers/{id}/feedback, and the cookie that keeps one vote per visitor per offer.
 */

/** First-party cookie listing the offers this browser has voted on (ids joined by "."). */
export const VOTES_COOKIE = "dp_votes";
/** Votes are posted from this site's own pages; the page's script reads it to mark the
 * cards already voted on (it lists offer ids, nothing about the visitor). */
export const VOTES_COOKIE_ATTRIBUTES: CookieAttributes = { sameSite: "Strict", httpOnly: false };
/** A year: a visitor's vote on an offer stays counted once. */
export const VOTES_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** The cookie keeps the most recent votes only (16 bytes each, well under a cookie's 4 KB). */
export const MAX_REMEMBERED_VOTES = 100;

const RECORD_ID = /^[a-z0-9]{15}$/;

export const feedbackPath = (offerId: string) => `/offers/${offerId}/feedback`;

export function isRecordId(value: string): boolean {
  return RECORD_ID.test(value);
}

/** The offer ids a `dp_votes` value lists (anything malformed is ignored). */
export function votedOffers(cookie: string | undefined): string[] {
  return (cookie ?? "").split(".").filter(isRecordId);
}

/** The cookie value after a vote on `offerId`: that id last, the oldest dropped past the cap. */
export function withVote(cookie: string | undefined, offerId: string): string {
  const ids = votedOffers(cookie).filter((id) => id !== offerId);
  ids.push(offerId);
  return ids.slice(-MAX_REMEMBERED_VOTES).join(".");
}

/** `worked` as sent by the form or a script: "yes" or "no"; null for anything else. */
export function parseWorked(value: unknown): boolean | null {
  return value === "yes" ? true : value === "no" ? false : null;
}

/** The JSON answer of a vote. */
export interface FeedbackAnswer {
  /** false when the vote was accepted but not counted (a second vote, a bot). */
  counted: boolean;
  worked_count: number;
  failed_count: number;
  message: string;
}

/** What the card itself may have to say; every other answer brings its own message. */
export const FEEDBACK_MESSAGES = {
  thanks: "Thanks for letting us know!",
  unavailable: "Your vote could not be saved right now: our offer service is unavailable. Please try again in a few minutes.",
} as const;
