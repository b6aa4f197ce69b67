import type { Context } from "hono";
import type { Config } from "../../env";
import { normaliseEmail } from "../../lib/email";
import { NEWSLETTER_MESSAGES, newsletterRedirect, safeReturnPath, type NewsletterStatus } from "../../lib/newsletter";
import type { AppEnv } from "../app-env";
import { fromThisSite, VISITOR_POST_TIMEOUT_MS, withinRateLimit } from "./visitor-post";
import { createAsService, type ServiceCredentials } from "../service-account";

/**
 * POST /newsletter: the footer's sign-up form (docs/decisions/006-newsletter.md).
 *
 * With `Accept: application/json` (the form's script) it answers `{ status, message }`;
 * a plain form post (no JavaScript) gets a 303 back to the page it came from, with
 * `?newsletter=<status>#newsletter`, which the form renders as its message.
 */

const HTTP_STATUS = { subscribed: 200, already: 200, invalid: 422, limited: 429, unavailable: 503 } as const satisfies Record<NewsletterStatus, number>;

/** A sign-up form is a few hundred bytes; anything much larger is not ours. */
export const NEWSLETTER_MAX_BODY_BYTES = 16 * 1024;
const SUBSCRIBERS = "newsletter_subscribers";

interface PocketBaseError {
  data?: { email?: { code?: string } };
}

/** Stores the address. Throws when PocketBase cannot be reached or refuses the service account. */
async function storeSubscriber(config: Config, service: ServiceCredentials, email: string, sourcePath: string): Promise<"subscribed" | "already" | "invalid"> {
  const response = await createAsService(config, service, SUBSCRIBERS, { email, source_path: sourcePath }, AbortSignal.timeout(VISITOR_POST_TIMEOUT_MS));
  if (response.ok) {
    await response.body?.cancel();
    return "subscribed";
  }
  const error = (await response.json().catch(() => ({}))) as PocketBaseError;
  const code = error.data?.email?.code;
  // The unique index on the address (case-insensitive): subscribing twice is harmless.
  if (response.status === 400 && code === "validation_not_unique") return "already";
  // PocketBase's own email check refused what ours let through.
  if (response.status === 400 && code) return "invalid";
  throw new Error(`PocketBase refused the sign-up: ${response.status}`);
}

async function readForm(c: Context<AppEnv>): Promise<{ email: unknown; returnTo: unknown }> {
  try {
    const body = await c.req.parseBody();
    return { email: body.email, returnTo: body.return_to };
  } catch {
    return { email: undefined, returnTo: undefined };
  }
}

export async function newsletter(c: Context<AppEnv>): Promise<Response> {
  const wantsJson = (c.req.header("Accept") ?? "").includes("application/json");
  c.header("Cache-Control", "no-store");

  if (!fromThisSite(c)) {
    const message = "Cross-site form posts are not accepted.";
    return wantsJson ? c.json({ status: "forbidden", message }, 403) : c.text(message, 403);
  }

  const { email: rawEmail, returnTo } = await readForm(c);
  const answer = (status: NewsletterStatus): Response => {
    if (!wantsJson) return c.redirect(newsletterRedirect(returnTo, status), 303);
    if (status === "limited") c.header("Retry-After", "60");
    return c.json({ status, message: NEWSLETTER_MESSAGES[status] }, HTTP_STATUS[status]);
  };

  if (!(await withinRateLimit(c, c.env.NEWSLETTER_LIMITER, "newsletter"))) return answer("limited");
  const email = normaliseEmail(rawEmail);
  if (email === null) return answer("invalid");

  const { config } = c.var;
  if (!config.service) {
    console.error("newsletter sign-up not stored: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
    return answer("unavailable");
  }
  try {
    const sourcePath = new URL(safeReturnPath(returnTo), "http://return.invalid").pathname.slice(0, 2000);
    return answer(await storeSubscriber(config, config.service, email, sourcePath));
  } catch (err) {
    console.error("newsletter sign-up not stored", err);
    return answer("unavailable");
  }
}
