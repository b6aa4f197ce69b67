import { redirect, type LoaderFunctionArgs } from "react-router";
import type { ContentClient } from "../../../data/client";
import { classifyContentError } from "../../../data/errors";
import { countElsewhere, listLimitedOffers, splitByCountry, type CountryScope } from "../../../data/offer-countries";
import { countStoreDeals, listExpiredStoreOffers, listStoreOffers, storeScope, type ExpiredOffer, type ListedOffer } from "../../../data/offers";
import { readUsage, withUsage } from "../../../data/offer-usage";
import { getStore, listSimilarStores, listStoreFiltersOrEmpty, type StoreDetails } from "../../../data/stores";
import type { ListResult } from "../../../data/types";
import { hasCanonicalTitleSegment, storePath } from "../../../lib/slug";
import { resolveStoreId } from "../../../lib/store-id";
import { defer } from "../../deferred";
import { notFound, requirePageInRange, rethrowContentError } from "../../http-errors";
import { contentFrom, loadEnvFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";
import { pageFrom } from "./filter-params";
import { forgetStoreId, rememberedStoreId, rememberStoreId } from "./remembered-store";
import { countryName } from "../../../lib/country-name";
import { monthAndYear } from "./store-heading";

export interface StoreOffers {
  /** The offers offered in the visitor's country; `totalItems` counts those of every page. */
  page: ListResult<ListedOffer>;
  /** Deals among all the store's offers offered (every page), for the tab counts. */
  dealTotal: number;
}

/** The page's offers not offered in the visitor's country (issue 36), listed last. */
export interface OffersElsewhere {
  elsewhere: ElsewhereOffer[];
  /** The name of the visitor's country; null when every offer is offered. */
  countryName: string | null;
}

/** What the closed lists at the page's end show: offers not offered here, and those expired lately. */
export interface ClosedOffersData extends OffersElsewhere {
  expired: ExpiredOffer[];
}

/** An offer not available in the visitor's country, as its closed section lists it: no code, no link out. */
export interface ElsewhereOffer {
  id: string;
  heading: string;
  subheading: string;
  type: ListedOffer["type"];
  /** The names of the countries it is offered in. */
  offeredIn: string[];
}

/** An offer of other countries, as the closed list names it. */
export function elsewhereOffer({ id, heading, subheading, type, countries = [] }: ListedOffer): ElsewhereOffer {
  return { id, heading, subheading, type, offeredIn: countries.map(countryName) };
}

const NO_OFFERS: StoreOffers & OffersElsewhere = {
  page: { page: 1, perPage: 0, totalItems: 0, totalPages: 0, items: [] },
  dealTotal: 0,
  elsewhere: [],
  countryName: null,
};

const isDeal = (offer: { type: string }) => offer.type === "deal";

async function readOffers(pb: ContentClient, storeId: string, page: number, scope: CountryScope): Promise<StoreOffers & OffersElsewhere> {
  const offers = await listStoreOffers(pb, storeId, page);
  const { offered, elsewhere } = splitByCountry(scope, offers.items, (offer) => offer.countries);
  // One page holds every offer in the usual case; only then can the page count them itself.
  // Otherwise the counts of every page, less the limited offers not offered here.
  let total = offered.length;
  let dealTotal = offered.filter(isDeal).length;
  if (offers.totalPages > 1) {
    const [deals, limited] = await Promise.all([countStoreDeals(pb, storeId), listLimitedOffers(pb, storeScope(pb, storeId))]);
    total = offers.totalItems - countElsewhere(scope, limited.values());
    dealTotal = deals - countElsewhere(scope, limited.values(), isDeal);
  }
  const usage = await readUsage(
    pb,
    offered.map((offer) => offer.id),
  );
  return {
    page: { ...offers, items: withUsage(offered, usage), totalItems: total },
    dealTotal,
    elsewhere: elsewhere.map(elsewhereOffer),
    countryName: elsewhere.length && scope.country ? countryName(scope.country) : null,
  };
}

/** The id of the store to show, in the spec's order: on a client navigation the
 * navigation state, then the id session storage remembers for this title segment; then
 * the route's id, then the `id` query parameter. The server only has the address. */
function storeIdFor(url: URL, routeId: string | undefined, context: unknown): string | undefined {
  const inBrowser = typeof document !== "undefined";
  return resolveStoreId({
    navigationState: inBrowser ? loadEnvFrom(context).navigationState?.() : undefined,
    remembered: inBrowser ? rememberedStoreId(titleSegmentOf(url)) : null,
    routeId,
    queryId: url.searchParams.get("id"),
  });
}

/** The title segment as written in the address (never decoded; see hasCanonicalTitleSegment). */
const titleSegmentOf = (url: URL) => url.pathname.split("/")[2] ?? "";

/**
 * The store page's data. The store comes by the id storeIdFor finds; when that is not the
 * address's own id, the loader redirects to the address of that id, so the address always
 * names the store on screen (and is the one a visitor shares). On the server the store read
 * is awaited, so an unknown id answers 404 and any title segment other than the canonical
 * one a 301 to it, before anything streams; in the browser nothing is awaited, so a client
 * navigation shows the page skeleton at once and fills it in.
 * Offers, similar stores, the category list and the recently expired offers stream after
 * the shell; their failures follow the error catalogue (logged; empty list, empty strip).
 */
export async function storeLoader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const id = storeIdFor(url, params.id, context);
  if (!id) notFound();
  if (id !== params.id) {
    // Remembered before leaving, so the redirected navigation (which carries no state)
    // resolves to this same id rather than to an older memory of the title segment.
    rememberStoreId(titleSegmentOf(url), id);
    url.searchParams.delete("id");
    throw redirect(`/stores/${titleSegmentOf(url)}/${id}${url.search}`, 301);
  }
  const page = pageFrom(url.searchParams);
  const pb = contentFrom(context);

  const store: Promise<StoreDetails | null> = defer(
    getStore(pb, id).catch((err: unknown) => {
      if (classifyContentError(err) !== "not-found") throw err;
      // A remembered id whose store is gone must not keep sending this title to not-found.
      forgetStoreId(titleSegmentOf(url), id);
      return null;
    }),
  );
  const read = readOffers(pb, id, page, countryFrom(context)).catch((err: unknown) => {
    console.error("store offers read failed", err);
    return NO_OFFERS;
  });
  const offers: Promise<StoreOffers> = defer(read.then(({ page, dealTotal }) => ({ page, dealTotal })));
  const similar = defer(
    store
      .then((found) => (found ? listSimilarStores(pb, found) : []))
      .catch((err: unknown) => {
        console.error("similar stores read failed", err);
        return [];
      }),
  );
  const categories = defer(listStoreFiltersOrEmpty(pb));
  const expired = listExpiredStoreOffers(pb, id, Date.now()).catch((err: unknown): ExpiredOffer[] => {
    console.error("expired offers read failed", err);
    return [];
  });
  // One boundary for both closed lists: their code loads once, with their data.
  const closed: Promise<ClosedOffersData> = defer(
    Promise.all([read, expired]).then(([{ elsewhere, countryName }, expired]) => ({ elsewhere, countryName, expired })),
  );
  if (typeof document === "undefined") {
    const found = await store.catch(rethrowContentError);
    if (!found) notFound();
    // The raw segment, not the decoded parameter: React Router leaves '%2F' and malformed
    // encodings undecoded, and comparing those would redirect to the same address forever.
    if (!hasCanonicalTitleSegment(url.pathname, found.title)) throw redirect(`${storePath(found)}${url.search}`, 301);
    // Only a later page of offers waits for them: it may not exist (the list rule, a 404).
    // A failed read is not an empty page: it keeps the catalogue's "logged only".
    const shown = page > 1 ? await read : NO_OFFERS;
    if (shown !== NO_OFFERS) requirePageInRange(page, shown.page.items.length + shown.elsewhere.length);
  }
  return { id, titleParam: params.title ?? "", monthYear: monthAndYear(new Date()), store, offers, similar, categories, closed };
}

export type StoreLoaderData = Awaited<ReturnType<typeof storeLoader>>;
