import { badgeChipFields, type BadgeChip } from "./badges";
import { relatesToAny, type ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { expiredFilter, LIFECYCLE_FIELDS, listLive, type LiveList, type OfferLifecycle } from "./live-offers";
import { EXPIRED_SHOWN, EXPIRED_WITHIN_DAYS } from "../lib/offer-labels";
import { OFFER_STORE_FIELDS, type OfferStore } from "./offer-store";
import { sanitizeHtml } from "./sanitize";
import type { BaseRecord, ListResult, Offer, OfferType } from "./types";

/** Spec section 9: offers 30 per page. */
export const OFFERS_PER_PAGE = 30;

/** The offers list order: featured offers first, then the newest (id keeps ties stable). */
export const OFFER_ORDER = "-is_featured,-create_time,id";

/** The store page's order, the best first (docs/decisions/019): featured, then the most
 * recently verified, then those that worked for the most visitors and failed the fewest. */
export const STORE_OFFER_ORDER = "-is_featured,-verified_at,-worked_count,failed_count,-create_time,id";

/**
 * What the deal and coupon card shows. Offers carry `type`, `coupon_code` and `tnc`;
 * top deals (`_zsec_top_deals`) have none of them and render as plain deal cards.
 */
export interface OfferCardData extends BaseRecord, OfferLifecycle {
  heading: string;
  subheading: string;
  thumbnail: string;
  cta_label: string;
  cta_url: string;
  cta_trigger: boolean;
  type?: OfferType;
  coupon_code?: string;
  /** Terms and conditions, already sanitized HTML. */
  tnc?: string;
  expand?: { badges?: BadgeChip[]; store?: OfferStore };
  /** Clicks out in the last 24 hours, added by the page's loader from one usage read. */
  used_today?: number;
  /** The countries it is limited to (empty or absent: worldwide), where the read has them. */
  countries?: string[];
}

/** An offer as the store page and the offers list read it. */
export type ListedOffer = OfferCardData & Pick<Offer, "type" | "coupon_code" | "tnc" | "is_featured" | "store" | "countries">;

const CARD_FIELDS = [
  `id,collectionId,collectionName,heading,subheading,thumbnail,cta_label,cta_url,cta_trigger,type,coupon_code,tnc,is_featured,store,countries,${LIFECYCLE_FIELDS}`,
  badgeChipFields("badges"),
].join(",");

const WITH_STORE_FIELDS = `${CARD_FIELDS},${OFFER_STORE_FIELDS}`;

function sanitizeTerms(result: ListResult<ListedOffer>): ListResult<ListedOffer> {
  return { ...result, items: result.items.map((offer) => ({ ...offer, tnc: sanitizeHtml(offer.tnc) })) };
}

/** The filter of a store's offers. */
export const storeScope = (pb: ContentClient, storeId: string) => pb.filter("store = {:store}", { store: storeId });

/** One page of a store's offers (spec: 30 per page, filtered by store id). */
export async function listStoreOffers(pb: ContentClient, storeId: string, page: number): Promise<ListResult<ListedOffer>> {
  const result = await listLive<ListedOffer>(pb, COLLECTIONS.offers, page, OFFERS_PER_PAGE, {
    filter: storeScope(pb, storeId),
    sort: STORE_OFFER_ORDER,
    expand: "badges",
    fields: CARD_FIELDS,
  });
  return sanitizeTerms(result);
}

/** One live offer by id, with its store (null when there is none, or it is not live): what
 * a coupon code's own page shows. */
export async function getLiveOffer(pb: ContentClient, id: string): Promise<ListedOffer | null> {
  const result = await listLive<ListedOffer>(pb, COLLECTIONS.offers, 1, 1, {
    filter: pb.filter("id = {:id}", { id }),
    expand: "badges,store",
    fields: WITH_STORE_FIELDS,
    skipTotal: true,
  });
  return sanitizeTerms(result).items[0] ?? null;
}

/** An offer whose end has passed, as the page of its ended link names it. */
export type EndedOffer = Pick<Offer, "id" | "store" | "expires_at">;

/** The offers using a partner URL (as written) whose end has passed, the last to end first:
 * what the page of an ended link (/goto) names. */
export async function listEndedOffers(pb: ContentClient, ctaUrl: string): Promise<EndedOffer[]> {
  const result = await pb.collection(COLLECTIONS.offers).getList<EndedOffer>(1, 10, {
    filter: expiredFilter(pb.filter("cta_url = {:url}", { url: ctaUrl })),
    sort: "-expires_at,id",
    fields: "id,store,expires_at",
    skipTotal: true,
  });
  return result.items;
}

/** How many of a store's live offers are deals (for the tab counts when the offers span several pages). */
export async function countStoreDeals(pb: ContentClient, storeId: string): Promise<number> {
  const result = await listLive(pb, COLLECTIONS.offers, 1, 1, {
    filter: pb.filter("store = {:store} && type = 'deal'", { store: storeId }),
    fields: "id",
  });
  return result.totalItems;
}

/** An expired offer as the closed section lists it: no code, no link out. */
export type ExpiredOffer = Pick<Offer, "id" | "collectionId" | "collectionName" | "heading" | "subheading" | "type" | "expires_at">;

/** Up to 5 of a store's offers that expired in the last 30 days (counted in whole UTC days,
 * so the read's address changes once a day), the most recent first. */
export async function listExpiredStoreOffers(pb: ContentClient, storeId: string, now: number): Promise<ExpiredOffer[]> {
  const since = new Date(Math.floor(now / DAY_MS) * DAY_MS - EXPIRED_WITHIN_DAYS * DAY_MS).toISOString().replace("T", " ");
  const result = await pb.collection(COLLECTIONS.offers).getList<ExpiredOffer>(1, EXPIRED_SHOWN, {
    filter: expiredFilter(pb.filter("store = {:store} && expires_at > {:since}", { store: storeId, since })),
    sort: "-expires_at,id",
    fields: "id,collectionId,collectionName,heading,subheading,type,expires_at",
    skipTotal: true,
  });
  return result.items;
}

const DAY_MS = 86_400_000;

/** Most offers read by id at once: a comparison's six products, or an alternatives page's
 * ten, with a few offers each. */
const OFFERS_BY_ID_MAX = 200;

/** The live ones among these offers (products' offers, issue 53), each with its store, in the
 * store page's order: the best first. */
export async function listLiveOffersById(pb: ContentClient, offerIds: readonly string[]): Promise<LiveList<ListedOffer>> {
  const ids = [...new Set(offerIds)].sort().slice(0, OFFERS_BY_ID_MAX);
  if (!ids.length) return { page: 1, perPage: 0, totalItems: 0, totalPages: 0, items: [] };
  const params = Object.fromEntries(ids.map((id, i) => [`id${i}`, id]));
  const result = await listLive<ListedOffer>(pb, COLLECTIONS.offers, 1, ids.length, {
    filter: pb.filter(ids.map((_, i) => `id = {:id${i}}`).join(" || "), params),
    sort: STORE_OFFER_ORDER,
    expand: "badges,store",
    fields: WITH_STORE_FIELDS,
    skipTotal: true,
  });
  return { ...result, items: sanitizeTerms(result).items };
}

export interface OfferQuery {
  page: number;
  perPage?: number;
  type?: OfferType;
  /** Offers in any of these categories. */
  categoryIds?: readonly string[];
  featuredOnly?: boolean;
}

/** Offers across all stores, each with its store's id and title, in `OFFER_ORDER`. */
export async function listOffers(
  pb: ContentClient,
  { page, perPage = OFFERS_PER_PAGE, type, categoryIds = [], featuredOnly = false }: OfferQuery,
): Promise<ListResult<ListedOffer>> {
  const clauses = [
    type ? pb.filter("type = {:type}", { type }) : "",
    categoryIds.length ? `(${relatesToAny(pb, "categories", categoryIds)})` : "",
    featuredOnly ? "is_featured = true" : "",
  ].filter(Boolean);
  const result = await listLive<ListedOffer>(pb, COLLECTIONS.offers, page, perPage, {
    filter: clauses.join(" && "),
    sort: OFFER_ORDER,
    expand: "badges,store",
    fields: WITH_STORE_FIELDS,
  });
  return sanitizeTerms(result);
}
