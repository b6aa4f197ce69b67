import type { Context } from "hono";
import { normaliseEmail } from "../../lib/email";
import {
  consentVersion,
  DIGEST_CONSENT,
  NEWSLETTER_FORM,
  safeReturnPath,
  SIGN_UP_MESSAGES,
  signUpRedirect,
  STORE_ALERTS_CONSENT,
  STORE_ALERTS_FORM,
  type SignUpForm,
  type SignUpStatus,
} from "../../lib/newsletter";
import { isRecordId } from "../../lib/offer-feedback";
import type { AppEnv } from "../app-env";
import { visitorCountry } from "../pages/visitor-country";
import { fromThisSite, VISITOR_POST_TIMEOUT_MS, withinRateLimit } from "../posts/visitor-post";
import { MailOriginError } from "./mail-origin";
import { configuredMailOrigin, confirmationMessage } from "./send";

/**
 * The sign-up forms (docs/email.md): POST /newsletter (field `email`: the digest) and
 * POST /stores/{id}/alerts (field `email`: that store's alerts). Both work without
 * JavaScript (a 303 back to the page, `?<param>=<status>#<anchor>`) and with it
 * (`Accept: application/json`: `{ status, message }`), are rate-limited per client and
 * same-site only, and answer "sent" whether the address is new, waiting for confirmation or
 * confirmed: the answer names no one's state. The confirmation email goes after the answer;
 * if it cannot go now, the mail job sends it within a minute or two.
 */

const HTTP_STATUS = { sent: 200, invalid: 422, limited: 429, unavailable: 503 } as const satisfies Record<SignUpStatus, number>;

/** A sign-up form is a few hundred bytes; anything much larger is not ours. */
export const SIGN_UP_MAX_BODY_BYTES = 16 * 1024;

async function readForm(c: Context<AppEnv>): Promise<{ email: unknown; returnTo: unknown; consent: unknown }> {
  try {
    const body = await c.req.parseBody();
    return { email: body.email, returnTo: body.return_to, consent: body.consent };
  } catch {
    return { email: undefined, returnTo: undefined, consent: undefined };
  }
}

async function signUp(c: Context<AppEnv>, form: SignUpForm, limiter: RateLimit | undefined, store: string | null): Promise<Response> {
  const wantsJson = (c.req.header("Accept") ?? "").includes("application/json");
  c.header("Cache-Control", "no-store");
  if (!fromThisSite(c)) {
    const message = "Cross-site form posts are not accepted.";
    return wantsJson ? c.json({ status: "forbidden", message }, 403) : c.text(message, 403);
  }
  const { email: rawEmail, returnTo, consent } = await readForm(c);
  const answer = (status: SignUpStatus): Response => {
    if (!wantsJson) return c.redirect(signUpRedirect(returnTo, status, form), 303);
    if (status === "limited") c.header("Retry-After", "60");
    return c.json({ status, message: SIGN_UP_MESSAGES[status] }, HTTP_STATUS[status]);
  };

  if (!(await withinRateLimit(c, limiter, store ? "store-alerts" : "newsletter"))) return answer("limited");
  const email = normaliseEmail(rawEmail);
  if (email === null) return answer("invalid");

  const { config } = c.var;
  const secret = config.mail.tokenSecret;
  if (!config.service || !secret) {
    console.error("sign-up not stored: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD or MAIL_TOKEN_SECRET are not set");
    return answer("unavailable");
  }
  const origin = configuredMailOrigin(config, VISITOR_POST_TIMEOUT_MS);
  let confirmation: Awaited<ReturnType<typeof origin.subscribe>>["confirmation"];
  try {
    ({ confirmation } = await origin.subscribe({
      email,
      ...(store ? { store } : { digest: true }),
      consent_version: consentVersion(consent, store ? STORE_ALERTS_CONSENT : DIGEST_CONSENT),
      page: new URL(safeReturnPath(returnTo), "http://return.invalid").pathname.slice(0, 2000),
      country: visitorCountry(c.req.raw) ?? "",
    }));
  } catch (err) {
    if (err instanceof MailOriginError && err.status === 404) return c.text("No such store.", 404);
    console.error("sign-up not stored", err);
    return answer("unavailable");
  }
  if (confirmation) {
    const subscriber = confirmation;
    const now = Date.now();
    c.executionCtx.waitUntil(
      confirmationMessage(config, secret, subscriber, now)
        .then((message) => configuredMailOrigin(config).send([message], now))
        .catch((err: unknown) => console.error("confirmation email not sent now; the mail job will send it", err)),
    );
  }
  return answer("sent");
}

/** POST /newsletter: the footer's digest sign-up. */
export function newsletterSignUp(c: Context<AppEnv>): Promise<Response> {
  return signUp(c, NEWSLETTER_FORM, c.env.NEWSLETTER_LIMITER, null);
}

/** POST /stores/{id}/alerts: a store's alerts. */
export function storeAlertsSignUp(c: Context<AppEnv>): Promise<Response> | Response {
  const store = c.req.param("id") ?? "";
  if (!isRecordId(store)) {
    c.header("Cache-Control", "no-store");
    return c.text("No such store.", 404);
  }
  return signUp(c, STORE_ALERTS_FORM, c.env.ALERTS_LIMITER, store);
}
