import type { Context } from "hono";
import type { Config } from "../../env";
import { type AccountCollection, ACCOUNT_COLLECTIONS, ADMIN_SESSION_COOKIE, adminReturnPath, SIGN_IN_PATH } from "../../lib/admin-session";
import { readCookie } from "../../lib/cookies";
import { renderSignIn } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { limitBody } from "../middleware/body-limit";
import { fromThisSite, withinRateLimit } from "../posts/visitor-post";
import { ORIGIN_TIMEOUT_MS } from "../service-account";
import { asUser, endedSessionCookies, forgetVerdict, sessionOfCookie, startedSessionCookie } from "./session";

/**
 * Signing in and out on the site (docs/reports.md, docs/decisions/049): marketers and editors
 * with their PocketBase password, then, where an operator has turned on multi-factor
 * sign-in for their collection, a one-time code PocketBase emails them. Superusers are not
 * tried: their token opens everything, and they work in PocketBase's admin UI.
 */

export const SIGN_IN_MAX_BODY_BYTES = 4 * 1024;
const CODE = /^[0-9A-Za-z]{4,12}$/;
const PB_ID = /^[a-z0-9]{15}$/;

type Outcome =
  | { kind: "token"; token: string; collection: AccountCollection }
  | { kind: "code sent"; collection: AccountCollection; mfaId: string; otpId: string }
  | { kind: "unverified" }
  | { kind: "wrong" };

async function post(config: Config, path: string, body: unknown): Promise<Response> {
  return fetch(`${config.pocketbaseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(ORIGIN_TIMEOUT_MS),
  });
}

async function tokenOf(response: Response): Promise<string> {
  const { token } = (await response.json()) as { token?: unknown };
  if (typeof token !== "string" || token === "") throw new Error("sign-in: PocketBase returned no token");
  return token;
}

/**
 * The first step, tried on each account collection in turn: a token; or, under multi-factor
 * sign-in (PocketBase answers 401 with an mfaId), a one-time code emailed to the account;
 * or why not. Throws when PocketBase cannot answer.
 */
async function withPassword(config: Config, email: string, password: string): Promise<Outcome> {
  for (const collection of ACCOUNT_COLLECTIONS) {
    const response = await post(config, `/api/collections/${collection}/auth-with-password`, { identity: email, password });
    if (response.ok) return { kind: "token", token: await tokenOf(response), collection };
    const body = (await response.json().catch(() => ({}))) as { mfaId?: unknown };
    if (response.status === 401 && typeof body.mfaId === "string") {
      const requested = await post(config, `/api/collections/${collection}/request-otp`, { email });
      const { otpId } = (await requested.json().catch(() => ({}))) as { otpId?: unknown };
      if (!requested.ok || typeof otpId !== "string") throw new Error(`sign-in: PocketBase answered ${requested.status} to the code request`);
      return { kind: "code sent", collection, mfaId: body.mfaId, otpId };
    }
    // The collection's rule refuses unverified accounts (pb_migrations/1767227000_accounts.js).
    if (response.status === 403) return { kind: "unverified" };
    if (response.status !== 400) throw new Error(`sign-in: PocketBase answered ${response.status}`);
  }
  return { kind: "wrong" };
}

/** The second step: the emailed code, for the first step's mfaId. Null when PocketBase refuses it. */
async function withCode(config: Config, collection: AccountCollection, otpId: string, code: string, mfaId: string): Promise<string | null> {
  const response = await post(config, `/api/collections/${collection}/auth-with-otp`, { otpId, password: code, mfaId });
  if (response.ok) return tokenOf(response);
  await response.body?.cancel();
  if (response.status === 400 || response.status === 401 || response.status === 403) return null;
  throw new Error(`sign-in: PocketBase answered ${response.status} to the code`);
}

const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

export async function showSignIn(c: Context<AppEnv>): Promise<Response> {
  return renderSignIn({ next: adminReturnPath(c.req.query("next")), nonce: c.var.cspNonce });
}

export const signInBodyLimit = limitBody(SIGN_IN_MAX_BODY_BYTES);

export async function signIn(c: Context<AppEnv>): Promise<Response> {
  const nonce = c.var.cspNonce;
  // Only the sign-in page sends this form: a post naming no page of ours is not it.
  if (!fromThisSite(c, "required")) return c.text("Sign in from the sign-in page: posts from other sites, or naming no page, are not accepted.", 403);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const email = text(form.email, 320);
  const nextValue = text(form.next, 500);
  const page = (error: string, status: number, step?: { collection: AccountCollection; mfaId: string; otpId: string }) =>
    renderSignIn({ next: adminReturnPath(nextValue), email, error, nonce, step }, status);
  if (!(await withinRateLimit(c, c.env.SIGN_IN_LIMITER, "sign-in"))) {
    const limited = await page("Too many sign-in attempts. Wait a minute, then try again.", 429);
    limited.headers.set("Retry-After", "60");
    return limited;
  }
  const secret = c.var.config.sessionSecret;
  if (!secret) {
    console.error("sign-in: SESSION_SECRET is not set");
    return page("Signing in is not set up on this site yet.", 503);
  }
  let outcome: Outcome;
  try {
    if (form.step === "code") {
      const collection = ACCOUNT_COLLECTIONS.find((name) => name === form.collection);
      const [mfaId, otpId, code] = [text(form.mfa, 15), text(form.otp, 15), text(form.code, 12)];
      if (!collection || !PB_ID.test(mfaId) || !PB_ID.test(otpId)) return page("That sign-in has expired. Please start again.", 400);
      const step = { collection, mfaId, otpId };
      if (!CODE.test(code)) return page("Enter the code from the email we sent you.", 400, step);
      const token = await withCode(c.var.config, collection, otpId, code, mfaId);
      if (!token) return page("That code is not right, or it has expired. Check the newest email, or start again.", 401, step);
      outcome = { kind: "token", token, collection };
    } else {
      const password = typeof form.password === "string" ? form.password : "";
      if (email === "" || password === "" || password.length > 1000) return page("Enter your email and password.", 400);
      outcome = await withPassword(c.var.config, email, password);
    }
  } catch (err) {
    console.error("sign-in failed", err);
    return page("Signing in is not possible just now. Please try again in a minute.", 503);
  }
  if (outcome.kind === "wrong") return page("That email and password do not match an account.", 401);
  if (outcome.kind === "unverified")
    return page("This account's email address is not verified yet: ask whoever manages the site's accounts to verify it.", 403);
  if (outcome.kind === "code sent") return page("", 200, { collection: outcome.collection, mfaId: outcome.mfaId, otpId: outcome.otpId });
  for (const cookie of endedSessionCookies(c)) c.header("Set-Cookie", cookie, { append: true });
  c.header("Set-Cookie", await startedSessionCookie(c, secret, outcome.token, outcome.collection), { append: true });
  return c.redirect(adminReturnPath(nextValue, outcome.collection), 303);
}

/** Voids every token of the account (pb_hooks/accounts.pb.js) and this location's verdict on
 * it. A failure is logged: the cookie goes either way. */
async function endSessions(config: Config, token: string): Promise<void> {
  try {
    await forgetVerdict(config, token);
    const response = await asUser(config, token, "/api/dealpilot/sign-out", { method: "POST" });
    await response.body?.cancel();
    if (!response.ok && response.status !== 401 && response.status !== 403) console.error(`sign-out: PocketBase answered ${response.status}`);
  } catch (err) {
    console.error("sign-out: PocketBase did not answer", err);
  }
}

export async function signOut(c: Context<AppEnv>): Promise<Response> {
  if (!fromThisSite(c, "required")) return c.text("Sign out from the site's own pages: posts from other sites are not accepted.", 403);
  const session = await sessionOfCookie(c.var.config.sessionSecret, readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE));
  if (session) await endSessions(c.var.config, session.token);
  for (const cookie of endedSessionCookies(c)) c.header("Set-Cookie", cookie, { append: true });
  return c.redirect(SIGN_IN_PATH, 303);
}
