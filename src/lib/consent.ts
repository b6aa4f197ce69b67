import { type CookieAttributes, readCookie } from "./cookies";

/**
 * Consent before analytics (issue 51). Where the law asks for consent first (the EEA, the
 * UK and Switzerland: ePrivacy directive, PECR, FADP), nothing the site does not need to
 * work runs until the visitor accepts it: Google Analytics (its `_ga` cookies), the campaign
 * cookie `dp_trk` and the affiliate pings. The visitor's choice is kept in `dp_consent`.
 * Elsewhere, what the site did before stays, and everywhere Global Privacy Control, Do Not
 * Track and the do-not-sell opt-out still win (src/lib/privacy.ts).
 */

/** The choice: "granted" (Accept) or "denied" (Reject). */
export const CONSENT_COOKIE = "dp_consent";
/** Six months, then the visitor is asked again (the CNIL's guidance on how long a choice holds). */
export const CONSENT_MAX_AGE_S = 182 * 24 * 60 * 60;
/** Lax: a visitor arriving from a link keeps their choice. Not HttpOnly: the page's script
 * reads it before starting analytics (the page itself is the same for everyone). */
export const CONSENT_COOKIE_ATTRIBUTES: CookieAttributes = { sameSite: "Lax", httpOnly: false };

export type ConsentChoice = "granted" | "denied";

/** Where the choice is posted (a plain form: it works without JavaScript). */
export const CONSENT_PATH = "/privacy/consent";
/** The form's fields: the choice, and the page to come back to. */
export const CONSENT_FIELD = "consent";
export const CONSENT_BACK_FIELD = "back";

/** The id of the choice the Worker adds to a page for a visitor who has not chosen yet:
 * while it is in the page, the browser starts nothing but Consent Mode's defaults. */
export const CONSENT_BANNER_ID = "consent-choice";
/** The cookie policy's section where the choice can be made again (linked from every footer). */
export const COOKIE_SETTINGS_ID = "cookie-choice";
export const COOKIE_SETTINGS_HREF = `/cookie-policy#${COOKIE_SETTINGS_ID}`;

/** The countries whose visitors are asked first: the EU, Iceland, Liechtenstein, Norway,
 * the United Kingdom and Switzerland. */
export const CONSENT_COUNTRIES: ReadonlySet<string> = new Set(
  "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH".split(" "),
);

export function parseConsent(value: string | undefined): ConsentChoice | null {
  return value === "granted" || value === "denied" ? value : null;
}

/** The choice in a Cookie header or `document.cookie`; null when none was made. */
export function consentChoice(cookies: string | null | undefined): ConsentChoice | null {
  return parseConsent(readCookie(cookies, CONSENT_COOKIE));
}

/** Whether a visitor from these countries (the connection's, the chosen one; either may be
 * unknown) is asked before anything non-essential runs. */
export function asksConsent(countries: readonly (string | null | undefined)[]): boolean {
  return countries.some((country) => !!country && CONSENT_COUNTRIES.has(country));
}

/** Google's Consent Mode v2 defaults before a choice: everything denied. */
export const CONSENT_MODE_DEFAULTS = {
  analytics_storage: "denied",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
} as const;

/** What Accept grants: analytics only. The site shows no ads, so the ad signals stay denied. */
export const CONSENT_MODE_GRANTED = { analytics_storage: "granted" } as const;
