import type { Context } from "hono";
import type { Config } from "../../env";
import { ACCOUNT_COLLECTIONS } from "../../lib/admin-session";
import { renderPasswordReset } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { limitBody } from "../middleware/body-limit";
import { fromThisSite, withinRateLimit } from "../posts/visitor-post";
import { ORIGIN_TIMEOUT_MS } from "../service-account";
import { SIGN_IN_MAX_BODY_BYTES } from "./sign-in";

/**
 * Password resets of marketers and editors (docs/reports.md): PocketBase's own, by email.
 * The site asks PocketBase to send the email (request-password-reset, for each account
 * collection); the email links to PocketBase's own page for the new password. Whether an
 * account has the address is never said: every well-formed request gets the same answer.
 */

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** Asks each account collection to email a reset link; PocketBase answers 204 whether or not
 * the address is an account's. Throws when PocketBase cannot take the request. */
async function requestReset(config: Config, email: string): Promise<void> {
  for (const collection of ACCOUNT_COLLECTIONS) {
    const response = await fetch(`${config.pocketbaseUrl}/api/collections/${collection}/request-password-reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`password reset: PocketBase answered ${response.status} for ${collection}`);
  }
}

export function showPasswordReset(c: Context<AppEnv>): Promise<Response> {
  return renderPasswordReset({ nonce: c.var.cspNonce });
}

export const passwordResetBodyLimit = limitBody(SIGN_IN_MAX_BODY_BYTES);

export async function resetPassword(c: Context<AppEnv>): Promise<Response> {
  const nonce = c.var.cspNonce;
  if (!fromThisSite(c, "required"))
    return c.text("Ask for a reset from the site's own page: posts from other sites, or naming no page, are not accepted.", 403);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const email = typeof form.email === "string" ? form.email.trim() : "";
  // Shares the sign-in's limit (5 a minute per client) under a key of its own: a client
  // cannot send a mailbox more than 5 reset emails a minute, nor sign-ins pay for resets.
  if (!(await withinRateLimit(c, c.env.SIGN_IN_LIMITER, "password-reset"))) {
    const limited = await renderPasswordReset({ email, error: "Too many requests. Wait a minute, then try again.", nonce }, 429);
    limited.headers.set("Retry-After", "60");
    return limited;
  }
  if (!EMAIL.test(email)) return renderPasswordReset({ email, error: "Enter the email address you sign in with.", nonce }, 400);
  try {
    await requestReset(c.var.config, email);
  } catch (err) {
    console.error("password reset not requested", err);
    return renderPasswordReset({ email, error: "The email cannot be sent just now. Please try again in a minute.", nonce }, 503);
  }
  return renderPasswordReset({ sent: true, nonce });
}
