import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/**
 * How long a visitor's post may wait for PocketBase in all (its reads, the service
 * account's sign-in, the write): past it the visitor is told plainly that it could not be
 * saved, instead of waiting on a hung origin.
 */
export const VISITOR_POST_TIMEOUT_MS = 3_000;

/** Rate-limit key of a client: Cloudflare's connecting IP; one shared key where there is none (local runs). */
const LOCAL_CLIENT = "local";

/**
 * Whether this client may post once more under `limiter` (a Rate Limiting binding), keyed
 * by `purpose` and the client (its IP unless the caller names it otherwise, as postbacks name
 * their network). No binding, or a failing one, lets the post through: a broken limiter must
 * not turn visitors away.
 */
export async function withinRateLimit(
  c: Context<AppEnv>,
  limiter: RateLimit | undefined,
  purpose: string,
  client = c.req.header("CF-Connecting-IP") || LOCAL_CLIENT,
): Promise<boolean> {
  if (!limiter) return true;
  try {
    return (await limiter.limit({ key: `${purpose}:${client}` })).success;
  } catch (err) {
    console.error(`${purpose} rate limiter failed`, err);
    return true;
  }
}

/** Whether a visitor's post comes from this site's own pages (or from no page at all, a plain client). */
export function fromThisSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header("Origin");
  return origin === undefined || origin === c.var.config.siteOrigin || origin === new URL(c.req.url).origin;
}
