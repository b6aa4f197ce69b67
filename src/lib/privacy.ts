import { readCookie, type CookieAttributes } from "./cookies";

/** Set by the opt-out control on /do-not-sell-or-share (value "1"). */
export const OPT_OUT_COOKIE = "dp_optout";
/** Two years: a choice not to be tracked should not quietly lapse. */
export const OPT_OUT_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;
/** Strict: it is set by a same-site form post and read by same-site requests and by the
 * page itself. Not HttpOnly: the browser code reads it to keep analytics and the
 * affiliate ping off before either starts (the page is the same for everyone, so the
 * server cannot say it in the HTML); it holds "1" and nothing about the visitor. */
export const OPT_OUT_COOKIE_ATTRIBUTES: CookieAttributes = { sameSite: "Strict", httpOnly: false };

export interface PrivacySignals {
  /** Global Privacy Control: `Sec-GPC: 1` or `navigator.globalPrivacyControl`. */
  gpc: boolean;
  /** Do Not Track: `DNT: 1` or `navigator.doNotTrack === "1"`. */
  dnt: boolean;
  /** The Cookie header or `document.cookie`. */
  cookies: string | null | undefined;
}

/** A visitor who sent GPC or DNT, or chose to opt out here, gets no analytics and no
 * affiliate pings (the privacy policy and the do-not-sell page promise this). */
export function hasOptedOut({ gpc, dnt, cookies }: PrivacySignals): boolean {
  return gpc || dnt || readCookie(cookies, OPT_OUT_COOKIE) === "1";
}

export function requestPrivacySignals(headers: Headers): PrivacySignals {
  return { gpc: headers.get("Sec-GPC") === "1", dnt: headers.get("DNT") === "1", cookies: headers.get("Cookie") };
}

/** The same signals as the browser sees them (GPC, DNT, document.cookie); false on the server. */
export function browserOptedOut(): boolean {
  if (typeof document === "undefined") return false;
  const nav = globalThis.navigator as (Navigator & { globalPrivacyControl?: boolean }) | undefined;
  return hasOptedOut({ gpc: nav?.globalPrivacyControl === true, dnt: nav?.doNotTrack === "1", cookies: document.cookie });
}

/** Whether the browser sends Global Privacy Control (an opt-out no button can undo). */
export function browserSendsGpc(): boolean {
  const nav = globalThis.navigator as (Navigator & { globalPrivacyControl?: boolean }) | undefined;
  return nav?.globalPrivacyControl === true;
}
