import { fileUrl } from "./files";
import { isLive } from "./live-offers";
import { sanitizeHtml } from "./sanitize";
import type { Badge, CardType, Offer, Product } from "./types";

/** A product as its cards show it; every HTML field sanitized. */
export interface ProductCardData {
  id: string;
  name: string;
  headline: string;
  summaryHtml: string;
  prosHtml: string;
  consHtml: string;
  rating: number;
  reviewCount: number;
  /** Where the rating comes from; "" when unstated. */
  ratingSource: string;
  /** The code of the product's coupon offer while that offer is live; null otherwise. */
  coupon: ProductCoupon | null;
  ctaLabel: string;
  ctaUrl: string;
  /** false: no affiliate ping for this product (spec section 4). */
  ctaTrigger: boolean;
  imageUrl: string;
  /** Screenshots for the large card's slider. */
  imageUrls: string[];
  /** The plan price, when the editor set both amount and currency. */
  price: Price | null;
  /** Label → value, text only (issue 53); the comparison table's cells. */
  specs: Record<string, string>;
  /** Titles of its categories, where the read expanded them (productExpand's `withCategories`). */
  categories: string[];
  /** Its offers' ids: the best live one is the comparison table's (src/data/product-offers.ts). */
  offerIds: string[];
}

/** Its `expires_at` lets an open page drop the code when the offer ends (client/schedule.ts). */
export type ProductCoupon = Pick<Offer, "id" | "coupon_code" | "expires_at">;

/** A read's `expand` of the products under `relation`, with the offer each one's code comes
 * from and, for a comparison table, their categories. */
export const productExpand = (relation: string, withCategories = false) =>
  `${relation},${relation}.coupon_offer${withCategories ? `,${relation}.categories` : ""}`;

export interface Price {
  amount: number;
  /** ISO 4217 code. */
  currency: string;
}

/** A product placed on a comparison: its card type and the badges the editor gave it there. */
export interface PlacedProduct {
  product: ProductCardData;
  cardType: CardType;
  badges: Pick<Badge, "id" | "title" | "icon_class" | "style">[];
}

/** The product's code at `now`: its coupon offer's, while that offer is live (issue 34). */
function couponOf(product: Product, now: number): ProductCoupon | null {
  const offer = product.expand?.coupon_offer;
  if (!offer?.coupon_code || !isLive(offer, now)) return null;
  return { id: offer.id, coupon_code: offer.coupon_code, expires_at: offer.expires_at ?? "" };
}

/** `now` (ms since the epoch) decides whether the product's coupon offer is still live. */
export function productCard(product: Product, now: number): ProductCardData {
  return {
    id: product.id,
    name: product.name,
    headline: product.headline,
    summaryHtml: sanitizeHtml(product.summary),
    prosHtml: sanitizeHtml(product.pros),
    consHtml: sanitizeHtml(product.cons),
    rating: product.rating,
    reviewCount: product.review_count,
    ratingSource: product.rating_source,
    coupon: couponOf(product, now),
    ctaLabel: product.cta_label,
    ctaUrl: product.cta_url,
    ctaTrigger: product.cta_trigger !== false,
    imageUrl: product.featured_image ? fileUrl(product, product.featured_image, "400x0") : "",
    imageUrls: product.images.map((name) => fileUrl(product, name, "400x0")),
    price: product.price > 0 && /^[A-Z]{3}$/.test(product.price_currency ?? "") ? { amount: product.price, currency: product.price_currency } : null,
    specs: textSpecs(product.specs),
    categories: (product.expand?.categories ?? []).map((category) => category.title),
    offerIds: product.offers ?? [],
  };
}

/** The specs whose label and value are text: PocketBase's hook refuses anything else
 * (pb_hooks/review-fields.js), and a read must not trust a record stored before it. */
function textSpecs(specs: unknown): Record<string, string> {
  if (typeof specs !== "object" || specs === null || Array.isArray(specs)) return {};
  return Object.fromEntries(
    Object.entries(specs).filter((entry): entry is [string, string] => entry[0].trim() !== "" && typeof entry[1] === "string" && entry[1].trim() !== ""),
  );
}

/** Spec: card type is 'medium' (large listing card) or 'small' (compact card); an unset one is medium. */
export function cardTypeOf(value: CardType | ""): CardType {
  return value === "small" ? "small" : "medium";
}

export function placedProduct(product: Product | undefined, cardType: CardType | "", badges: Badge[] | undefined, now: number): PlacedProduct | null {
  if (!product) return null;
  return {
    product: productCard(product, now),
    cardType: cardTypeOf(cardType),
    badges: (badges ?? []).map(({ id, title, icon_class, style }) => ({ id, title, icon_class, style })),
  };
}
