import type { Context } from "hono";
import { COUNTRY_COOKIE } from "../../lib/country-choice";
import { readCookie } from "../../lib/cookies";
import { countryCode } from "../../lib/countries";
import { asksConsent, type ConsentChoice, consentChoice } from "../../lib/consent";
import { hasOptedOut, requestPrivacySignals } from "../../lib/privacy";
import type { AppEnv } from "../app-env";

/**
 * Where a visitor stands on consent (src/lib/consent.ts): their choice; "asked" when they
 * come from a country whose law wants consent first (by `CF-IPCountry`, or the country they
 * chose) and have not chosen yet; "not-asked" elsewhere. A visitor who sent GPC or DNT, or
 * opted out, is not asked: nothing non-essential runs for them anyway.
 */
export type ConsentState = ConsentChoice | "asked" | "not-asked";

export function consentState(c: Context<AppEnv>): ConsentState {
  const cookies = c.req.header("Cookie");
  const choice = consentChoice(cookies);
  if (choice) return choice;
  if (hasOptedOut(requestPrivacySignals(c.req.raw.headers))) return "not-asked";
  const countries = [countryCode(c.req.header("CF-IPCountry")), countryCode(readCookie(cookies, COUNTRY_COOKIE))];
  return asksConsent(countries) ? "asked" : "not-asked";
}

/** Whether nothing non-essential may run for this visitor: asked and not accepted yet, or refused. */
export function consentWithheld(c: Context<AppEnv>): boolean {
  const state = consentState(c);
  return state === "asked" || state === "denied";
}
