import { redirect, type LoaderFunctionArgs } from "react-router";
import type { ContentClient } from "../../../data/client";
import { classifyContentError } from "../../../data/errors";
import { countStoreDeals, listStoreOffers, type ListedOffer } from "../../../data/offers";
import { getStore, listSimilarStores, listStoreFiltersOrEmpty, type StoreDetails } from "../../../data/stores";
import type { ListResult } from "../../../data/types";
import { hasCanonicalTitleSegment, storePath } from "../../../lib/slug";
import { defer } from "../../deferred";
import { notFound, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { pageFrom, RECORD_ID } from "./filter-params";
import { monthAndYear } from "./store-heading";

export interface StoreOffers {
  page: ListResult<ListedOffer>;
  /** Deals among all the store's offers (every page), for the tab counts. */
  dealTotal: number;
}

const NO_OFFERS: StoreOffers = { page: { page: 1, perPage: 0, totalItems: 0, totalPages: 0, items: [] }, dealTotal: 0 };

async function readOffers(pb: ContentClient, storeId: string, page: number): Promise<StoreOffers> {
  const offers = await listStoreOffers(pb, storeId, page);
  // One page holds every offer in the usual case; only then can the page count them itself.
  const dealTotal = offers.totalPages > 1 ? await countStoreDeals(pb, storeId) : offers.items.filter((o) => o.type === "deal").length;
  return { page: offers, dealTotal };
}

/**
 * The store page's data. The store comes by the route's id. On the server the store read
 * is awaited, so an unknown id answers 404 and any title segment other than the canonical
 * one a 301 to it, before anything streams; in the browser nothing is awaited, so a client
 * navigation shows the page skeleton at once and fills it in.
 * Offers, similar stores and the category list stream after the shell; their failures
 * follow the error catalogue (logged; empty list, empty strip).
 */
export async function storeLoader({ params, request, context }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!RECORD_ID.test(id)) notFound();
  const page = pageFrom(new URL(request.url).searchParams);
  const pb = contentFrom(context);

  const store: Promise<StoreDetails | null> = defer(
    getStore(pb, id).catch((err: unknown) => {
      if (classifyContentError(err) === "not-found") return null;
      throw err;
    }),
  );
  const offers = defer(
    readOffers(pb, id, page).catch((err: unknown) => {
      console.error("store offers read failed", err);
      return NO_OFFERS;
    }),
  );
  const similar = defer(
    store
      .then((found) => (found ? listSimilarStores(pb, found) : []))
      .catch((err: unknown) => {
        console.error("similar stores read failed", err);
        return [];
      }),
  );
  const categories = defer(listStoreFiltersOrEmpty(pb));
  if (typeof document === "undefined") {
    const found = await store.catch(rethrowContentError);
    if (!found) notFound();
    // The raw segment, not the decoded parameter: React Router leaves '%2F' and malformed
    // encodings undecoded, and comparing those would redirect to the same address forever.
    const url = new URL(request.url);
    if (!hasCanonicalTitleSegment(url.pathname, found.title)) throw redirect(`${storePath(found)}${url.search}`, 301);
  }
  return { id, titleParam: params.title ?? "", monthYear: monthAndYear(new Date()), store, offers, similar, categories };
}

export type StoreLoaderData = Awaited<ReturnType<typeof storeLoader>>;
