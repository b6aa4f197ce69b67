import type { Context } from "hono";
import { html } from "hono/html";
import { listStoreOffers } from "../data/offers";
import { getStore } from "../data/stores";
import { isoDay, mediumDate } from "../lib/dates";
import { OUTBOUND_REL, outboundHref } from "../lib/outbound";
import { storePath } from "../lib/slug";
import type { AppEnv } from "./app-env";

/**
 * The pages /goto answers instead of a redirect. Plain HTML without the site's frame or
 * script: they must render when PocketBase cannot, and stay out of the page cache and
 * search engines (goto.ts sets no-store and noindex). `html` escapes every value put in.
 */
type Html = ReturnType<typeof html>;

function page(c: Context<AppEnv>, status: 400 | 410 | 503, title: string, body: Html): Response | Promise<Response> {
  return c.html(
    html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1>${body}<p><a href="/">Go to homepage</a></p></main></body></html>`,
    status,
  );
}

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
 * store and its offers are the store page's own reads (edge-cached); without them the page
 * still says the offer ended.
 */
export async function offerEnded(c: Context<AppEnv>, endedAt: number, storeId: string): Promise<Response> {
  const ended = new Date(endedAt).toISOString();
  const when = html`<time datetime="${isoDay(ended)}">${mediumDate(ended)}</time>`;
  let more = html``;
  if (storeId) {
    try {
      const pb = c.var.origin.client();
      const [store, offers] = await Promise.all([getStore(pb, storeId), listStoreOffers(pb, storeId, 1)]);
      const live = offers.items.filter((offer) => offer.cta_url).slice(0, ENDED_SUGGESTIONS);
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
