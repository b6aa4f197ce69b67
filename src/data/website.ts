import type { ContentClient } from "./client";
import { COLLECTIONS, WEBSITE_ID, type WEBSITE_RELATIONS } from "./collections";
import type { Store, Website } from "./types";

/** The site-settings record with the one relation the frame shows, the footer's
 * categories. Every page render reads it: its other relation, the featured stores (whole
 * store records, 22 KiB of the 24 KiB read at scale 1), is for the content API's
 * `populate=*` (src/edge/cache/content-api.ts), never shown by the frame. */
export function getWebsite(pb: ContentClient): Promise<Website> {
  return pb.collection(COLLECTIONS.websites).getOne<Website>(WEBSITE_ID, { expand: "footer_categories" satisfies (typeof WEBSITE_RELATIONS)[number] });
}

/** Spec: the header dropdown lists at most the first 10 stores. */
export const HEADER_STORES = 10;

/** A store of the header's dropdown: it links to its first category's store list, which it names. */
export interface HeaderStore {
  id: string;
  title: string;
  category: { id: string; title: string } | null;
}

type HeaderStoreRecord = Pick<Store, "id" | "title" | "category_ids"> & { expand?: { category_ids?: { id: string; title: string }[] } };

/** The first stores by title, for the header's 'Coupon & Deals' dropdown, each with its first category. */
export async function listHeaderStores(pb: ContentClient): Promise<HeaderStore[]> {
  const result = await pb.collection(COLLECTIONS.stores).getList<HeaderStoreRecord>(1, HEADER_STORES, {
    sort: "title",
    expand: "category_ids",
    fields: "id,title,category_ids,expand.category_ids.id,expand.category_ids.title",
    skipTotal: true,
  });
  return result.items.map(({ id, title, category_ids, expand }) => {
    const category = expand?.category_ids?.find((candidate) => candidate.id === category_ids[0]);
    return { id, title, category: category ? { id: category.id, title: category.title } : null };
  });
}
