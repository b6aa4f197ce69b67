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

export type HeaderStore = Pick<Store, "id" | "title" | "category_ids">;

/** The first stores by title, for the header's 'Coupon & Deals' dropdown. */
export async function listHeaderStores(pb: ContentClient): Promise<HeaderStore[]> {
  const result = await pb.collection(COLLECTIONS.stores).getList<HeaderStore>(1, HEADER_STORES, {
    sort: "title",
    fields: "id,title,category_ids",
    skipTotal: true,
  });
  return result.items;
}
