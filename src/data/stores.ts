import { relatesToAny, type ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import type { ListResult, Store, StoreFilter } from "./types";

/** Spec section 9: stores 30 per page. */
export const STORES_PER_PAGE = 30;

/** Fields a store card needs; the list never ships HTML bodies to the page. */
const STORE_CARD_FIELDS = "id,collectionId,collectionName,title,logo,subheading,category_ids,is_featured";

export type StoreCard = Pick<Store, "id" | "collectionId" | "collectionName" | "title" | "logo" | "subheading" | "category_ids" | "is_featured">;

/** Stores sorted by title, optionally only those in any of the given categories. */
export function listStores(
  pb: ContentClient,
  { categoryIds, page }: { categoryIds: readonly string[]; page: number },
): Promise<ListResult<StoreCard>> {
  return pb.collection(COLLECTIONS.stores).getList<StoreCard>(page, STORES_PER_PAGE, {
    sort: "title",
    fields: STORE_CARD_FIELDS,
    filter: categoryIds.length ? relatesToAny(pb, "category_ids", categoryIds) : "",
  });
}

/** Every category with its store count, for the filter sidebar and list titles. */
export function listStoreFilters(pb: ContentClient): Promise<StoreFilter[]> {
  return pb.collection(COLLECTIONS.storeFilters).getFullList<StoreFilter>({ sort: "title", batch: 200 });
}
