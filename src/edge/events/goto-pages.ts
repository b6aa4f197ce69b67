import type { Context } from "hono";
import { html } from "hono/html";
import { offeredIn } from "../../data/offer-countries";
import { listStoreOffers } from "../../data/offers";
import { getStore } from "../../data/stores";
import { isoDay, mediumDate } from "../../lib/dates";
import { OUTBOUND_REL, outboundHref } from "../../lib/outbound";
import { storePath } from "../../lib/slug";
import type { AppEnv } from "../app-env";
import { page } from "../pages/plain-page";
import { visitorCountry } from "../pages/visitor-country";

/**
 * The pages /goto answers instead of a redirect: plain pages (plain-page.ts), which render
 * when PocketBase cannot and stay out of the page cache and search engines (goto.ts sets
 * no-store and noindex).
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

/** Live offers the ended offer's page suggests; the store page lists them all. */
const ENDED_SUGGESTIONS = 5;

/**
 * The link of an offer that has ended: 410, since the redirect is gone for good, with the
 * day it ended and the store's live offers instead of a partner page with a dead code. The
 * store and its offers are the store page's own reads (edge-cached), those offered in the
 * visitor's country; without them the page still says the offer ended.
 */
export async function offerEnded(c: Context<AppEnv>, endedAt: number, storeId: string): Promise<Response> {
  const ended = new Date(endedAt).toISOString();
  const when = html`<time datetime="${isoDay(ended)}">${mediumDate(ended)}</time>`;
  let more = html``;
  if (storeId) {
    try {
      const pb = c.var.origin.client();
      const [store, offers] = await Promise.all([getStore(pb, storeId), listStoreOffers(pb, storeId, 1)]);
      const country = visitorCountry(c.req.raw);
      const live = offers.items.filter((offer) => offer.cta_url && offeredIn(offer.countries, country)).slice(0, ENDED_SUGGESTIONS);
      more = html`<h2>${live.length ? `Live offers at ${store.title}` : `${store.title} has no live offers just now`}</h2>${
        live.length
          ? html`<ul>${live.map((offer) => html`<li><a href="${outboundHref(offer.cta_url)}" rel="${OUTBOUND_REL}">${offer.heading}</a></li>`)}</ul>`
          : ""
      }<p><a href="${storePath(store)}">All ${store.title} offers</a></p>`;
    } catch (err) {
      console.error("ended offer page: store offers unavailable", err);
    }
  }
  return page(c, 410, "This offer has ended", html`<p>This offer ended on ${when}, so we did not send you on to a code that no longer works.</p>${more}`);
}
