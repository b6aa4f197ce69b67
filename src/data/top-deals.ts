import { badgeChipFields } from "./badges";
import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { LIFECYCLE_FIELDS, listLive } from "./live-offers";
import { OFFER_STORE_FIELDS } from "./offer-store";
import type { OfferCardData } from "./offers";

const FIELDS = [
  `id,collectionId,collectionName,heading,subheading,thumbnail,cta_label,cta_url,cta_trigger,${LIFECYCLE_FIELDS}`,
  badgeChipFields("badges"),
  OFFER_STORE_FIELDS,
].join(",");

/** The most clicked live deals, as deal cards. `_zsec_top_deals` is ranked by clicks already;
 * the sort keeps that order explicit, ties broken by id. */
export async function listTopDeals(pb: ContentClient, { page, perPage }: { page: number; perPage: number }): Promise<OfferCardData[]> {
  const result = await listLive<OfferCardData>(pb, COLLECTIONS.topDeals, page, perPage, {
    sort: "-click_count,id",
    expand: "badges,store",
    fields: FIELDS,
    skipTotal: true,
  });
  return result.items;
}
