import { splitByCountry, type CountryScope } from "./offer-countries";
import { listLiveOffersById, type ListedOffer } from "./offers";
import { readUsage, withUsage } from "./offer-usage";
import type { ContentClient } from "./client";

/** What a comparison table or an alternatives list shows of a product's best offer. */
export type BestOffer = Pick<ListedOffer, "id" | "heading" | "type" | "cta_label" | "cta_url" | "cta_trigger" | "starts_at" | "expires_at">;

/** Products' live offers for the visitor's country, best first (the store page's order), and
 * those offered only elsewhere; `next_start` when one of them is still to start (an open
 * page reloads then, src/lib/schedule.ts). */
export interface ProductOffers {
  offered: ListedOffer[];
  elsewhere: ListedOffer[];
  next_start?: string;
}

/**
 * The live offers among `offerIds`, split by the visitor's country (decision 042): one read,
 * the same for every visitor. A page showing one of them limited to some countries is cached
 * per country (the scope is told).
 */
export async function readProductOffers(pb: ContentClient, offerIds: readonly string[], scope: CountryScope): Promise<ProductOffers> {
  const live = await listLiveOffersById(pb, offerIds);
  const { offered, elsewhere } = splitByCountry(scope, live.items, (offer) => offer.countries);
  return { offered, elsewhere, ...(live.next_start && { next_start: live.next_start }) };
}

/** The same with each offered one's "used today" count, for a page that lists their cards. */
export async function readProductOfferCards(pb: ContentClient, offerIds: readonly string[], scope: CountryScope): Promise<ProductOffers> {
  const offers = await readProductOffers(pb, offerIds, scope);
  const usage = await readUsage(
    pb,
    offers.offered.map((offer) => offer.id),
  );
  return { ...offers, offered: withUsage(offers.offered, usage) };
}

/** Each product's best offer: the first of `offered` (best first) among its own offers. */
export function bestOffers(products: readonly { id: string; offerIds: readonly string[] }[], offered: readonly ListedOffer[]): Record<string, BestOffer> {
  const best: Record<string, BestOffer> = {};
  for (const product of products) {
    const offer = offered.find((candidate) => product.offerIds.includes(candidate.id));
    if (offer) {
      const { id, heading, type, cta_label, cta_url, cta_trigger, starts_at, expires_at } = offer;
      best[product.id] = { id, heading, type, cta_label, cta_url, cta_trigger, starts_at, expires_at };
    }
  }
  return best;
}
