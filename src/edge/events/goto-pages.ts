import type { Context } from "hono";
import { html } from "hono/html";
import { isoDay, mediumDate } from "../../lib/dates";
import { renderPage } from "../../ssr/render";
import type { AppEnv } from "../app-env";
import { page } from "../pages/plain-page";
import { visitorCountry } from "../pages/visitor-country";
import { forThisVisitor } from "../pages/visitor-page";

/**
 * The pages /goto answers instead of a redirect, out of the page cache and search engines
 * (goto.ts sets no-store and noindex): plain pages (plain-page.ts), which render when
 * PocketBase cannot, and the ended offer's page in the site's frame.
 */

export function notPartnerLink(c: Context<AppEnv>): Response | Promise<Response> {
  return page(
    c,
    400,
    "This is not a known partner link",
    html`<p>We only send visitors on to the partner sites that appear in our reviews and offers, and this link does not lead to one of them. Nothing was opened.</p>`,
  );
}

export function unavailable(c: Context<AppEnv>): Response | Promise<Response> {
  c.header("Retry-After", "30");
  return page(c, 503, "We could not check this link just now", html`<p>Please try again in a moment.</p>`);
}

/**
 * The link of an offer that has ended: the page of the route table's `goto` route
 * (src/app/pages/OfferEndedPage.tsx), in the site's frame, 410 with the day it ended and the
 * store's live offers as cards (issue 51). Uncached and unindexed (goto.ts's headers). When
 * that page cannot be rendered (PocketBase down, or the content no longer agrees with the
 * link index), a plain page still says the offer ended.
 */
export async function offerEnded(c: Context<AppEnv>, endedAt: number): Promise<Response> {
  const country = visitorCountry(c.req.raw);
  try {
    const rendered = await renderPage(c.req.raw, {
      content: c.var.origin.client(),
      siteOrigin: c.var.config.siteOrigin,
      country: { country, varies: () => undefined },
      waitForAll: false,
      nonce: c.var.cspNonce,
    });
    if (rendered.status === 410) {
      const headers = new Headers(rendered.headers);
      for (const [name, value] of c.res.headers) headers.set(name, value);
      return forThisVisitor(c, new Response(rendered.body, { status: 410, headers }), country);
    }
    await rendered.body?.cancel();
  } catch (err) {
    console.error("ended offer page: render failed", err);
  }
  const ended = new Date(endedAt).toISOString();
  return page(
    c,
    410,
    "This offer has ended",
    html`<p>This offer ended on <time datetime="${isoDay(ended)}">${mediumDate(ended)}</time>, so we did not send you on to a code that no longer works.</p>`,
  );
}
