import type { Context } from "hono";
import { COUNTRY_COOKIE, COUNTRY_COOKIE_ATTRIBUTES, COUNTRY_COOKIE_MAX_AGE_S } from "../../lib/country-choice";
import { countryCode } from "../../lib/countries";
import { readCookie, serializeCookie } from "../../lib/cookies";
import { safeReturnPath } from "../../lib/newsletter";
import type { AppEnv } from "../app-env";
import { secureCookies } from "../middleware/secure-cookies";
import { siteFormPost } from "../posts/visitor-post";

/**
 * The visitor's country (issue 36): their own choice (the dp_country cookie, set by the
 * country control) wins over Cloudflare's `CF-IPCountry`. Anything that is not a known
 * ISO 3166-1 alpha-2 code (none, `XX`, `T1`) is unknown: null, the worldwide view.
 */
export function visitorCountry(request: Request): string | null {
  return countryCode(readCookie(request.headers.get("Cookie"), COUNTRY_COOKIE)) ?? countryCode(request.headers.get("CF-IPCountry"));
}

/** The form has two short fields. */
export const COUNTRY_CHOICE_MAX_BODY_BYTES = 2048;

/**
 * POST /country with `country` (a code, or empty for "where I am") and `back` (the page
 * the control was on): sets or clears the choice cookie and goes back to that page, which
 * then shows the offers of the chosen country. A plain form: it works without JavaScript.
 */
export async function countryChoice(c: Context<AppEnv>): Promise<Response> {
  const body = await siteFormPost(c);
  if (body instanceof Response) return body;
  const raw = typeof body.country === "string" ? body.country : undefined;
  const chosen = countryCode(raw);
  if (raw === undefined || (raw !== "" && chosen === null)) return c.text("country must be a country code, or empty for the country you are in.", 400);
  const options = { ...COUNTRY_COOKIE_ATTRIBUTES, secure: secureCookies(c) };
  c.header(
    "Set-Cookie",
    chosen
      ? serializeCookie(COUNTRY_COOKIE, chosen, { ...options, maxAge: COUNTRY_COOKIE_MAX_AGE_S })
      : serializeCookie(COUNTRY_COOKIE, "", { ...options, maxAge: 0 }),
  );
  return c.redirect(safeReturnPath(body.back), 303);
}
