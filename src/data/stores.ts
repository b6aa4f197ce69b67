import type { BadgeChip } from "./badges";
import { relatesToAny, type ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { sanitizeHtml } from "./sanitize";
import type { ListResult, Store, StoreFilter } from "./types";

/** Spec section 9: stores 30 per page. */
export const STORES_PER_PAGE = 30;

/** Fields a store card needs; the list never ships HTML bodies to the page. */
export const STORE_CARD_FIELDS = "id,collectionId,collectionName,title,logo,subheading,category_ids,is_featured,rating,reviewers,rating_source";

export type StoreCardRecord = Pick<
  Store,
  "id" | "collectionId" | "collectionName" | "title" | "logo" | "subheading" | "category_ids" | "is_featured" | "rating" | "reviewers" | "rating_source"
>;

/** Which editorial pages exist about a store: its card links only to those. */
export interface StoreEditorials {
  /** At least one comparison names the store (/comparision?store= shows the newest). */
  comparison: boolean;
  /** At least one advertorial names it (/advertorial?store=). */
  review: boolean;
}

export type StoreCard = StoreCardRecord & { editorials: StoreEditorials };

/** PocketBase's largest page: one read per kind covers a page of cards. */
const EDITORIALS_READ = 1000;

/** The stores, among `storeIds`, that a record of `collection` names in its `stores`. */
async function storesNamedBy(pb: ContentClient, collection: string, storeIds: readonly string[]): Promise<Set<string>> {
  const result = await pb.collection(collection).getList<{ stores: string[] }>(1, EDITORIALS_READ, {
    filter: relatesToAny(pb, "stores", storeIds),
    fields: "stores",
    skipTotal: true,
  });
  return new Set(result.items.flatMap((record) => record.stores));
}

/**
 * Adds to each card which editorial pages exist about its store: one cached read per kind
 * for the whole list. When that read fails the cards show no editorial links (a link to
 * a page that may not exist is worse than none), and the page itself still shows.
 */
export async function withEditorials(pb: ContentClient, stores: StoreCardRecord[]): Promise<StoreCard[]> {
  const ids = stores.map((store) => store.id);
  const none = new Set<string>();
  const [compared = none, reviewed = none] = ids.length
    ? await Promise.all(
        [COLLECTIONS.comparisons, COLLECTIONS.advertorials].map((collection) =>
          storesNamedBy(pb, collection, ids).catch((err: unknown) => {
            console.error(`${collection} of store cards read failed`, err);
            return none;
          }),
        ),
      )
    : [none, none];
  return stores.map((store) => ({ ...store, editorials: { comparison: compared.has(store.id), review: reviewed.has(store.id) } }));
}

/** Stores sorted by title, optionally only those in any of the given categories. */
export async function listStores(pb: ContentClient, { categoryIds, page }: { categoryIds: readonly string[]; page: number }): Promise<ListResult<StoreCard>> {
  const result = await pb.collection(COLLECTIONS.stores).getList<StoreCardRecord>(page, STORES_PER_PAGE, {
    sort: "title",
    fields: STORE_CARD_FIELDS,
    filter: categoryIds.length ? relatesToAny(pb, "category_ids", categoryIds) : "",
  });
  return { ...result, items: await withEditorials(pb, result.items) };
}

/** Every category with its store count, for the filter sidebar and list titles. */
export function listStoreFilters(pb: ContentClient): Promise<StoreFilter[]> {
  return pb.collection(COLLECTIONS.storeFilters).getFullList<StoreFilter>({ sort: "title", batch: 200 });
}

/** The filter sidebar's list; spec error catalogue: a failed filtered-store list is logged
 * and shown empty. */
export function listStoreFiltersOrEmpty(pb: ContentClient): Promise<StoreFilter[]> {
  return listStoreFilters(pb).catch((err: unknown) => {
    console.error("store filters read failed", err);
    return [];
  });
}

/** A store as its page shows it: HTML fields sanitized, the badge expanded. */
export type StoreDetails = Omit<Store, "expand"> & { expand?: { badge?: BadgeChip } };

/** One store by id, for its page (spec: fetch a store by id). */
export async function getStore(pb: ContentClient, id: string): Promise<StoreDetails> {
  // No `fields` here: PocketBase re-encodes a JSON field it has to pick through, in random
  // key order, and the keypoints must keep the editor's order.
  const store = await pb.collection(COLLECTIONS.stores).getOne<StoreDetails>(id, { expand: "badge" });
  return { ...store, summery: sanitizeHtml(store.summery), description: sanitizeHtml(store.description) };
}

/** Spec: the 'Similar Stores' strip keeps the first 6. */
export const SIMILAR_STORES = 6;

export type SimilarStore = Pick<Store, "id" | "collectionId" | "collectionName" | "title" | "logo" | "default_action_url">;

/** Stores sharing a category with `store`, without it, by title: the first 6 that have a
 * default action (the strip's logos open it). */
export async function listSimilarStores(pb: ContentClient, store: Pick<Store, "id" | "category_ids">): Promise<SimilarStore[]> {
  if (!store.category_ids.length) return [];
  const result = await pb.collection(COLLECTIONS.stores).getList<SimilarStore>(1, SIMILAR_STORES, {
    filter: `(${relatesToAny(pb, "category_ids", store.category_ids)}) && ${pb.filter("id != {:self} && default_action_url != ''", { self: store.id })}`,
    sort: "title",
    fields: "id,collectionId,collectionName,title,logo,default_action_url",
    skipTotal: true,
  });
  return result.items;
}
