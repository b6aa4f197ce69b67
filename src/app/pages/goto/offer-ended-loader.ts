import { data, type LoaderFunctionArgs } from "react-router";
import { splitByCountry } from "../../../data/offer-countries";
import { listEndedOffers, listStoreOffers, type ListedOffer } from "../../../data/offers";
import { getStore, type StoreDetails } from "../../../data/stores";
import { notFound, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";

/** Live offers the page suggests instead; the store page lists them all. */
export const ENDED_SUGGESTIONS = 6;

export interface OfferEndedData {
  /** When the last offer using the link ended (a PocketBase date). */
  endedAt: string;
  store: StoreDetails | null;
  /** The store's live offers offered in the visitor's country, the best first. */
  alternatives: ListedOffer[];
}

/**
 * The page /goto answers for the link of an offer that has ended (src/edge/events/goto.ts,
 * which answers every other /goto itself): 410, since the redirect is gone for good, with
 * the day it ended and the store's live offers as cards, instead of a partner page with a
 * dead code. The store and its offers are the store page's own reads; without them the
 * page still says the offer ended.
 */
export async function offerEndedLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url).searchParams.get("url") ?? "";
  const pb = contentFrom(context);
  const [last] = url ? await listEndedOffers(pb, url).catch(rethrowContentError) : [];
  if (!last) notFound();
  let store: StoreDetails | null = null;
  let alternatives: ListedOffer[] = [];
  try {
    const [found, offers] = await Promise.all([getStore(pb, last.store), listStoreOffers(pb, last.store, 1)]);
    store = found;
    alternatives = splitByCountry(countryFrom(context), offers.items, (offer) => offer.countries).offered.slice(0, ENDED_SUGGESTIONS);
  } catch (err) {
    console.error("ended offer page: store offers unavailable", err);
  }
  return data<OfferEndedData>({ endedAt: last.expires_at, store, alternatives }, { status: 410 });
}
