import type { Context, MiddlewareHandler } from "hono";
import { createContentClient, type ContentClient } from "../../data/client";
import type { Config } from "../../env";
import {
  ADMIN_SESSION_COOKIE,
  ADMIN_SESSION_COOKIE_ATTRIBUTES,
  type AccountCollection,
  ACCOUNT_COLLECTIONS,
  SIGN_IN_PATH,
  sessionCookiePath,
} from "../../lib/admin-session";
import { readCookie, serializeCookie } from "../../lib/cookies";
import { crc32 } from "../../lib/crc32";
import { renderAdminMessage } from "../../ssr/render-admin";
import type { AppEnv } from "../app-env";
import { secureCookies } from "../middleware/secure-cookies";
import { ORIGIN_TIMEOUT_MS, tokenExpiry } from "../service-account";
import { hmacHex, hmacMatches, sha256Hex } from "../signing";

/**
 * Sessions of the people who sign in on the site (docs/decisions/049): marketers and
 * editors, never superusers. The session cookie holds the account's PocketBase token and the
 * Worker's signature of it (SESSION_SECRET), so a cookie the Worker did not give out is
 * refused without asking anyone. A signed, unexpired token of a marketer or an editor is
 * then checked with PocketBase (a signed-out or removed account's token is refused there),
 * and PocketBase's verdict is kept at the location for VERDICT_TTL_S: a visitor's page view
 * with a session cookie costs PocketBase at most one request in that time.
 */

export interface Session {
  collection: AccountCollection;
  token: string;
}

/** How long PocketBase's verdict on a token is trusted: a token voided elsewhere (signed out
 * in another browser, account removed) still opens pages at this location for at most this. */
export const VERDICT_TTL_S = 30;
/** The route that answers 200 to a marketer's or an editor's valid token (pb_hooks/accounts.pb.js). */
const ACCOUNT_CHECK_PATH = "/api/dealpilot/account";
const VERDICT_PREFIX = "/_edge-cache/_session/";

/** PocketBase's id of an auth collection created without one: "pbc_" and the CRC-32 of its type and name. */
const COLLECTION_OF_ID = new Map(ACCOUNT_COLLECTIONS.map((name) => [`pbc_${crc32(`auth${name}`)}`, name]));

/** What a token's payload says, read without verifying it (the cookie's signature vouches for it). */
function tokenClaims(token: string): { collection: AccountCollection; expiresAt: number } | null {
  const parts = token.split(".");
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return null;
  try {
    const payload = JSON.parse(atob((parts[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as { type?: unknown; collectionId?: unknown };
    const collection = typeof payload.collectionId === "string" ? COLLECTION_OF_ID.get(payload.collectionId) : undefined;
    const expiresAt = tokenExpiry(token);
    if (payload.type !== "auth" || !collection || !Number.isFinite(expiresAt)) return null;
    return { collection, expiresAt };
  } catch {
    return null;
  }
}

/** The cookie's value for a token: the token, a dot, and the Worker's signature of it. */
export async function signedSessionValue(secret: string, token: string): Promise<string> {
  return `${token}.${await hmacHex(secret, token)}`;
}

/**
 * The session a cookie value holds, from what needs no PocketBase: the Worker's signature,
 * then the token's form, expiry and collection. Null for anything else.
 */
export async function sessionOfCookie(secret: string | null, value: string | undefined, now = Date.now()): Promise<Session | null> {
  if (!secret || !value || value.length > 4096) return null;
  const dot = value.lastIndexOf(".");
  const token = value.slice(0, dot);
  if (dot === -1 || !(await hmacMatches(secret, token, value.slice(dot + 1)))) return null;
  const claims = tokenClaims(token);
  return claims && claims.expiresAt > now ? { collection: claims.collection, token } : null;
}

/** A request to PocketBase as the signed-in account (reports, preview's reads, account checks). */
export function asUser(config: Config, token: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", token);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  return fetch(`${config.pocketbaseUrl}${path}`, { ...init, headers, signal: init.signal ?? AbortSignal.timeout(ORIGIN_TIMEOUT_MS) });
}

/** Content reads as the signed-in account, straight to PocketBase, never through a cache;
 * `showsScheduled` for an editor's preview (ContentClient.showsScheduled). */
export function userContentClient(config: Config, token: string, { showsScheduled = false } = {}): ContentClient {
  return createContentClient({
    baseUrl: config.pocketbaseUrl,
    showsScheduled,
    fetch: (input, init) => asUser(config, token, String(input).slice(config.pocketbaseUrl.length), init),
  });
}

async function verdictKey(config: Config, token: string): Promise<string> {
  return `${config.siteOrigin}${VERDICT_PREFIX}${await sha256Hex(token)}`;
}

/** PocketBase's verdict on a signed token: true while it takes it, false once it refuses it.
 * Throws when PocketBase cannot say (down, or an error): nothing is kept then. */
async function pocketbaseAccepts(c: Context<AppEnv>, token: string): Promise<boolean> {
  const key = await verdictKey(c.var.config, token);
  const held = await caches.default.match(key);
  if (held) return (await held.text()) === "accepted";
  const answer = await asUser(c.var.config, token, ACCOUNT_CHECK_PATH);
  await answer.body?.cancel();
  if (!answer.ok && answer.status !== 401 && answer.status !== 403) throw new Error(`account check: PocketBase answered ${answer.status}`);
  const verdict = answer.ok ? "accepted" : "refused";
  c.executionCtx.waitUntil(caches.default.put(key, new Response(verdict, { headers: { "Cache-Control": `max-age=${VERDICT_TTL_S}` } })));
  return answer.ok;
}

/** Forgets this location's verdict on a token (signing out ends it here at once). */
export async function forgetVerdict(config: Config, token: string): Promise<void> {
  await caches.default.delete(await verdictKey(config, token));
}

export type SessionCheck = { session: Session } | { session: null; reason: "none" | "other account" | "refused" | "unavailable" };

/**
 * The request's session if it is one of `collections` and PocketBase takes its token.
 * "none": no cookie, or one that is not a signed session (no PocketBase request was made);
 * "other account": a session of another collection (none either); "refused": PocketBase no
 * longer takes the token; "unavailable": PocketBase cannot say just now.
 */
export async function checkSession(c: Context<AppEnv>, collections: readonly AccountCollection[]): Promise<SessionCheck> {
  const session = await sessionOfCookie(c.var.config.sessionSecret, readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE));
  if (!session) return { session: null, reason: "none" };
  if (!collections.includes(session.collection)) return { session: null, reason: "other account" };
  try {
    return (await pocketbaseAccepts(c, session.token)) ? { session } : { session: null, reason: "refused" };
  } catch (err) {
    console.error("session check failed", err);
    return { session: null, reason: "unavailable" };
  }
}

/** Set-Cookie values that end the session cookie wherever it may have been set. */
export function endedSessionCookies(c: Context<AppEnv>): string[] {
  const secure = secureCookies(c);
  return ACCOUNT_COLLECTIONS.map((collection) =>
    serializeCookie(ADMIN_SESSION_COOKIE, "", { ...ADMIN_SESSION_COOKIE_ATTRIBUTES, maxAge: 0, secure, path: sessionCookiePath(collection) }),
  );
}

/** The Set-Cookie value that starts a session: scoped to the paths its account uses. */
export async function startedSessionCookie(c: Context<AppEnv>, secret: string, token: string, collection: AccountCollection): Promise<string> {
  const maxAge = Math.max(0, Math.floor((tokenExpiry(token) - Date.now()) / 1000));
  return serializeCookie(ADMIN_SESSION_COOKIE, await signedSessionValue(secret, token), {
    ...ADMIN_SESSION_COOKIE_ATTRIBUTES,
    maxAge: Number.isFinite(maxAge) ? maxAge : 3600,
    secure: secureCookies(c),
    path: sessionCookiePath(collection),
  });
}

/**
 * Guards /admin pages: the signed-in account of one of `collections` goes on (as
 * `c.var.session`); another account is told the page is not for it (403); anyone else gets
 * the sign-in page (a browser) or 401 (`format=csv`), and a refused session's cookie is
 * ended. PocketBase unable to say gets 503.
 */
export function requireSession(collections: readonly AccountCollection[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const check = await checkSession(c, collections);
    if (check.session) {
      c.set("session", check.session);
      return next();
    }
    const nonce = c.var.cspNonce;
    if (check.reason === "unavailable") {
      const message = "Your sign-in cannot be checked just now: PocketBase does not answer. Please try again in a minute.";
      return renderAdminMessage({ title: "Unavailable", message, nonce }, 503);
    }
    if (check.reason === "other account") {
      const message = `This page is for ${collections.join(" and ")}; the account you are signed in with cannot open it.`;
      return renderAdminMessage({ title: "Not for this account", message, nonce }, 403);
    }
    if (readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE) !== undefined)
      for (const cookie of endedSessionCookies(c)) c.header("Set-Cookie", cookie, { append: true });
    if (c.req.query("format") === "csv") {
      c.header("WWW-Authenticate", 'Cookie realm="admin"');
      return c.text(`Sign in at ${SIGN_IN_PATH} first.`, 401);
    }
    const url = new URL(c.req.url);
    return c.redirect(`${SIGN_IN_PATH}?${new URLSearchParams({ next: url.pathname + url.search })}`, 303);
  };
}
