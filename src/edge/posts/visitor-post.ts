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

/**
 * Whether a post comes from this site's own pages, by its Origin (or, where a browser sends
 * none, its Referer). A post that names no page at all is a plain client's: let through
 * unless `page` is "required" (the sign-in form, which only a page of ours sends).
 */
export function fromThisSite(c: Context<AppEnv>, page: "optional" | "required" = "optional"): boolean {
  const ours = [c.var.config.siteOrigin, new URL(c.req.url).origin];
  const origin = c.req.header("Origin");
  if (origin !== undefined) return ours.includes(origin);
  const referer = c.req.header("Referer");
  if (referer === undefined) return page === "optional";
  try {
    return ours.includes(new URL(referer).origin);
  } catch {
    return false;
  }
}

/**
 * The fields of a form posted from one of the site's pages (never cached), or the 403 that
 * answers a cross-site post. A body that cannot be read has no fields: the handler then
 * answers the 400 of a missing one.
 */
export async function siteFormPost(c: Context<AppEnv>): Promise<Record<string, unknown> | Response> {
  c.header("Cache-Control", "no-store");
  if (!fromThisSite(c)) return c.text("Cross-site form posts are not accepted.", 403);
  try {
    return await c.req.parseBody();
  } catch {
    return {};
  }
}
