import type { Context } from "hono";
import { CONSENT_BACK_FIELD, CONSENT_COOKIE, CONSENT_COOKIE_ATTRIBUTES, CONSENT_FIELD, CONSENT_MAX_AGE_S, parseConsent } from "../../lib/consent";
import { serializeCookie } from "../../lib/cookies";
import { safeReturnPath } from "../../lib/newsletter";
import { TRACKING_COOKIE, TRACKING_COOKIE_ATTRIBUTES } from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import { secureCookies } from "../middleware/secure-cookies";
import { siteFormPost } from "../posts/visitor-post";

/** The form has two short fields. */
export const CONSENT_MAX_BODY_BYTES = 2048;

/**
 * POST /privacy/consent with `consent=granted|denied` and `back` (the page the choice was
 * made on): keeps the choice in the `dp_consent` cookie. A refusal also drops the campaign
 * cookie. A plain form post (no JavaScript) goes back to the page, which then has no
 * banner; the page's script posts the same form asking for JSON and gets 204.
 */
export async function consentChoiceHandler(c: Context<AppEnv>): Promise<Response> {
  const body = await siteFormPost(c);
  if (body instanceof Response) return body;
  const raw = body[CONSENT_FIELD];
  const choice = typeof raw === "string" ? parseConsent(raw) : null;
  if (!choice) return c.text("consent must be 'granted' or 'denied'.", 400);
  const secure = secureCookies(c);
  c.header("Set-Cookie", serializeCookie(CONSENT_COOKIE, choice, { ...CONSENT_COOKIE_ATTRIBUTES, maxAge: CONSENT_MAX_AGE_S, secure }));
  if (choice === "denied") c.header("Set-Cookie", serializeCookie(TRACKING_COOKIE, "", { ...TRACKING_COOKIE_ATTRIBUTES, maxAge: 0, secure }), { append: true });
  if ((c.req.header("Accept") ?? "").includes("application/json")) return c.body(null, 204);
  return c.redirect(safeReturnPath(body[CONSENT_BACK_FIELD]), 303);
}
