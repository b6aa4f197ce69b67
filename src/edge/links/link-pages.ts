import type { Context } from "hono";
import { html } from "hono/html";
import type { AppEnv } from "../app-env";
import { page } from "../pages/plain-page";

/**
 * What /l/{slug} answers instead of a redirect (docs/links.md): plain pages that never
 * lead anywhere but this site, out of every cache and search engine (resolve.ts sets
 * no-store and noindex).
 */

const WAYS_ON = html`<p>You can still find every store's coupons and deals here: <a href="/stores">all stores</a>, <a href="/offers">today's offers</a>, or search from the homepage.</p>`;

/** An unknown, paused or expired link, or one whose offer is not available: 404, the same
 * page for each. `slug` is shown only when it has a slug's form (`""` otherwise). */
export function linkNotActive(c: Context<AppEnv>, slug: string): Response | Promise<Response> {
  const which = slug ? html`The short link <strong>/l/${slug}</strong>` : html`This short link`;
  return page(
    c,
    404,
    "This link is not active",
    html`<p>${which} does not lead anywhere just now: it may be mistyped, paused, or past its end date, or the offer it was made for may no longer be available.</p>${WAYS_ON}`,
  );
}

/** A deleted link: 410, gone for good. */
export function linkRemoved(c: Context<AppEnv>, slug: string): Response | Promise<Response> {
  return page(c, 410, "This link has been removed", html`<p>The short link <strong>/l/${slug}</strong> has been removed and will not come back.</p>${WAYS_ON}`);
}

/** No copy of the links' index and PocketBase cannot give one. */
export function linksUnavailable(c: Context<AppEnv>): Response | Promise<Response> {
  c.header("Retry-After", "30");
  return page(c, 503, "We could not open this link just now", html`<p>Please try again in a moment.</p>`);
}
