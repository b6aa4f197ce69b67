import { seededShuffle } from "../lib/shuffle";
import type { HomeBanner } from "./banners";
import { badgeChipFields } from "./badges";
import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { BEST_DEAL_CANDIDATES } from "./home-offers";
import { BEST_STORES, POPULAR_ARTICLES } from "./home-sizes";
import { LIFECYCLE_FIELDS, listLive } from "./live-offers";
import { OFFER_STORE_FIELDS } from "./offer-store";
import type { OfferCardData } from "./offers";
import { sanitizeHtml } from "./sanitize";
import { STORE_CARD_FIELDS, withEditorials, type StoreCard, type StoreCardRecord } from "./stores";
import type { Category, Comparison, Editorial } from "./types";

/** Spec section 7: home reads categories page 1, size 30, sorted by title. */
export const HOME_CATEGORIES_PAGE_SIZE = 30;
export { BEST_STORES, POPULAR_ARTICLES };
/** Spec section 9: editorial, comparison and article lists default to 10 per page. */
const FEATURED_PER_KIND = 10;

export type HomeCategory = Pick<Category, "id" | "collectionId" | "collectionName" | "title" | "icon_image" | "icon_code" | "color_hex">;

export async function listHomeCategories(pb: ContentClient): Promise<HomeCategory[]> {
  const result = await pb.collection(COLLECTIONS.categories).getList<HomeCategory>(1, HOME_CATEGORIES_PAGE_SIZE, {
    sort: "title",
    fields: "id,collectionId,collectionName,title,icon_image,icon_code,color_hex",
    skipTotal: true,
  });
  return result.items;
}

type FeaturedPiece = Pick<Editorial | Comparison, "id" | "collectionId" | "collectionName" | "title" | "subtitle" | "featured_image" | "banner_image">;

/** A card of the Popular articles grid: an advertorial or a comparison (each named by its
 * route's first segment, as the spec labels list items) or a banner. */
export type PopularItem = (FeaturedPiece & { kind: "advertorials" | "comparisions" }) | (HomeBanner & { kind: "banner" });

export interface PopularArticles {
  /** The shuffle's seed: the same seed and content give the same cards (a page can be reproduced). */
  seed: number;
  items: PopularItem[];
}

async function listFeatured(pb: ContentClient, collection: string): Promise<FeaturedPiece[]> {
  const result = await pb.collection(collection).getList<FeaturedPiece>(1, FEATURED_PER_KIND, {
    filter: "is_featured = true",
    sort: "-publish_time,id",
    fields: "id,collectionId,collectionName,title,subtitle,featured_image,banner_image",
    skipTotal: true,
  });
  return result.items;
}

/** Spec Home: featured editorials, featured comparisons and all banners, merged and
 * shuffled; the first 6. */
export async function listPopularArticles(pb: ContentClient, { seed, banners }: { seed: number; banners: Promise<HomeBanner[]> }): Promise<PopularArticles> {
  const [editorials, comparisons, bannerList] = await Promise.all([
    listFeatured(pb, COLLECTIONS.advertorials),
    listFeatured(pb, COLLECTIONS.comparisons),
    banners,
  ]);
  const pool: PopularItem[] = [
    ...editorials.map((e) => ({ ...e, kind: "advertorials" as const })),
    ...comparisons.map((c) => ({ ...c, kind: "comparisions" as const })),
    ...bannerList.map((b) => ({ ...b, kind: "banner" as const })),
  ];
  return { seed, items: seededShuffle(pool, seed).slice(0, POPULAR_ARTICLES) };
}

/** Fields of an offer's deal or coupon card, with its store. */
const DEAL_CARD_FIELDS = [
  `id,collectionId,collectionName,heading,subheading,thumbnail,cta_label,cta_url,cta_trigger,type,coupon_code,tnc,${LIFECYCLE_FIELDS}`,
  badgeChipFields("badges"),
  OFFER_STORE_FIELDS,
].join(",");

/** Spec Home, Best deals: live featured offers of type deal; the most clicked are the best.
 * Read beyond the 3 shown: those Top Deals already shows give way (src/data/home-offers.ts). */
export async function listBestDeals(pb: ContentClient): Promise<OfferCardData[]> {
  const result = await listLive<OfferCardData>(pb, COLLECTIONS.offers, 1, BEST_DEAL_CANDIDATES, {
    filter: 'is_featured = true && type = "deal"',
    sort: "-click_count,id",
    expand: "badges,store",
    fields: DEAL_CARD_FIELDS,
    skipTotal: true,
  });
  return result.items.map((offer) => ({ ...offer, tnc: sanitizeHtml(offer.tnc) }));
}

/** Spec Home, Popular offers: best stores are featured stores (sorted by title, like every store list). */
export async function listBestStores(pb: ContentClient): Promise<StoreCard[]> {
  const result = await pb.collection(COLLECTIONS.stores).getList<StoreCardRecord>(1, BEST_STORES, {
    filter: "is_featured_store = true",
    sort: "title",
    fields: STORE_CARD_FIELDS,
    skipTotal: true,
  });
  return withEditorials(pb, result.items);
}
