import type { ContentClient } from "./client";
import { COLLECTIONS, DEFAULT_PER_PAGE } from "./collections";
import type { Banner } from "./types";

export type HomeBanner = Pick<Banner, "id" | "collectionId" | "collectionName" | "name" | "image" | "url">;

/** Every banner (up to the content service's page size), newest campaign first: the
 * home page's top-offers slider and part of its Popular articles pool. */
export async function listBanners(pb: ContentClient): Promise<HomeBanner[]> {
  const result = await pb.collection(COLLECTIONS.banners).getList<HomeBanner>(1, DEFAULT_PER_PAGE, {
    sort: "-create_time,id",
    fields: "id,collectionId,collectionName,name,image,url",
    skipTotal: true,
  });
  return result.items;
}
