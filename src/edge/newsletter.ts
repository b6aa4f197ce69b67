import type { Context } from "hono";
import type { Config } from "../env";
import { normaliseEmail } from "../lib/email";
import { NEWSLETTER_MESSAGES, newsletterRedirect, safeReturnPath, type NewsletterStatus } from "../lib/newsletter";
import type { AppEnv } from "./app-env";

/**
 * POST /newsletter: the footer's sign-up form (docs/decisions/006-newsletter.md).
 *
 * With `Accept: application/json` (the form's script) it answers `{ status, message }`;
 * a plain form post (no JavaScript) gets a 303 back to the page it came from, with
 * `?newsletter=<status>#newsletter`, which the form renders as its message.
 */

const HTTP_STATUS = { subscribed: 200, already: 200, invalid: 422, limited: 429, unavailable: 503 } as const satisfies Record<NewsletterStatus, number>;

/** A sign-up form is a few hundred bytes; anything much larger is not ours. */
const MAX_BODY_BYTES = 16 * 1024;
const ORIGIN_TIMEOUT_MS = 10_000;
const SUBSCRIBERS = "/api/collections/newsletter_subscribers/records";
const SERVICE_LOGIN = "/api/collections/edge_services/auth-with-password";
/** Renew the service token this long before PocketBase would expire it. */
const TOKEN_MARGIN_S = 60;

/** Rate-limit key of a client: Cloudflare's connecting IP; one shared key where there is none (local runs). */
const LOCAL_CLIENT = "local";

// Module scope on purpose, and only for this: the Worker's own PocketBase service token.
// It is the same for every request (never visitor data), so an isolate reuses it across
// the requests it serves instead of signing in once per sign-up. It is keyed by origin
// and account, so new configuration never reuses an old token, and it is dropped and
// renewed when PocketBase stops accepting it. Only the settled string is kept (no
// promise shared between requests).
let cachedToken: { key: string; token: string; expiresAt: number } | undefined;

/** Forgets the cached service token (tests). */
export function forgetServiceToken(): void {
  cachedToken = undefined;
}

function tokenExpiry(token: string): number {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof json.exp === "number" ? json.exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

async function serviceToken(config: Config, service: NonNullable<Config["service"]>): Promise<string> {
  const key = `${config.pocketbaseUrl}\n${service.email}`;
  if (cachedToken && cachedToken.key === key && cachedToken.expiresAt - TOKEN_MARGIN_S * 1000 > Date.now()) return cachedToken.token;
  cachedToken = undefined;
  const response = await fetch(`${config.pocketbaseUrl}${SERVICE_LOGIN}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ identity: service.email, password: service.password }),
    signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`service account sign-in answered ${response.status}`);
  const { token } = (await response.json()) as { token?: unknown };
  if (typeof token !== "string" || token === "") throw new Error("service account sign-in returned no token");
  cachedToken = { key, token, expiresAt: tokenExpiry(token) };
  return token;
}

interface PocketBaseError {
  data?: { email?: { code?: string } };
}

/** Stores the address. Throws when PocketBase cannot be reached or refuses the service account. */
async function storeSubscriber(config: Config, service: NonNullable<Config["service"]>, email: string, sourcePath: string): Promise<"subscribed" | "already" | "invalid"> {
  for (let attempt = 0; ; attempt++) {
    const token = await serviceToken(config, service);
    const response = await fetch(`${config.pocketbaseUrl}${SUBSCRIBERS}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: token },
      body: JSON.stringify({ email, source_path: sourcePath }),
      signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
    });
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
    // A token PocketBase no longer accepts (password changed, expired, key rotated) is
    // answered 401, or ignored so that the request fails the create rule as a guest's
    // (400 without field errors): sign in again and retry once.
    if (attempt === 0 && (response.status === 400 || response.status === 401 || response.status === 403)) {
      cachedToken = undefined;
      continue;
    }
    throw new Error(`PocketBase refused the sign-up: ${response.status}`);
  }
}

async function readForm(c: Context<AppEnv>): Promise<{ email: unknown; returnTo: unknown }> {
  try {
    const body = await c.req.parseBody();
    return { email: body.email, returnTo: body.return_to };
  } catch {
    return { email: undefined, returnTo: undefined };
  }
}

async function withinRateLimit(c: Context<AppEnv>): Promise<boolean> {
  const limiter = c.env.NEWSLETTER_LIMITER;
  if (!limiter) return true;
  const client = c.req.header("CF-Connecting-IP") || LOCAL_CLIENT;
  try {
    return (await limiter.limit({ key: `newsletter:${client}` })).success;
  } catch (err) {
    // A failing limiter must not turn visitors away.
    console.error("newsletter rate limiter failed", err);
    return true;
  }
}

function sameSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header("Origin");
  return origin === undefined || origin === c.var.config.siteOrigin || origin === new URL(c.req.url).origin;
}

export async function newsletter(c: Context<AppEnv>): Promise<Response> {
  const wantsJson = (c.req.header("Accept") ?? "").includes("application/json");
  c.header("Cache-Control", "no-store");

  if (!sameSite(c)) {
    const message = "Cross-site form posts are not accepted.";
    return wantsJson ? c.json({ status: "forbidden", message }, 403) : c.text(message, 403);
  }
  if (Number(c.req.header("Content-Length") ?? 0) > MAX_BODY_BYTES) {
    const message = "The form data is too large.";
    return wantsJson ? c.json({ status: "invalid", message }, 413) : c.text(message, 413);
  }

  const { email: rawEmail, returnTo } = await readForm(c);
  const answer = (status: NewsletterStatus): Response => {
    if (!wantsJson) return c.redirect(newsletterRedirect(returnTo, status), 303);
    if (status === "limited") c.header("Retry-After", "60");
    return c.json({ status, message: NEWSLETTER_MESSAGES[status] }, HTTP_STATUS[status]);
  };

  if (!(await withinRateLimit(c))) return answer("limited");
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
