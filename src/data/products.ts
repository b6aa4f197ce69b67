import { fileUrl } from "./files";
import { sanitizeHtml } from "./sanitize";
import type { Badge, CardType, Product } from "./types";

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
  couponCode: string;
  ctaLabel: string;
  ctaUrl: string;
  /** false: no affiliate ping for this product (spec section 4). */
  ctaTrigger: boolean;
  imageUrl: string;
  /** Screenshots for the large card's slider. */
  imageUrls: string[];
  /** The plan price, when the editor set both amount and currency. */
  price: Price | null;
}

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

export function productCard(product: Product): ProductCardData {
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
    couponCode: product.coupon_code,
    ctaLabel: product.cta_label,
    ctaUrl: product.cta_url,
    ctaTrigger: product.cta_trigger !== false,
    imageUrl: product.featured_image ? fileUrl(product, product.featured_image, "400x0") : "",
    imageUrls: product.images.map((name) => fileUrl(product, name, "400x0")),
    price: product.price > 0 && /^[A-Z]{3}$/.test(product.price_currency ?? "") ? { amount: product.price, currency: product.price_currency } : null,
  };
}

/** Spec: card type is 'medium' (large listing card) or 'small' (compact card); an unset one is medium. */
export function cardTypeOf(value: CardType | ""): CardType {
  return value === "small" ? "small" : "medium";
}

export function placedProduct(product: Product | undefined, cardType: CardType | "", badges: Badge[] | undefined): PlacedProduct | null {
  if (!product) return null;
  return {
    product: productCard(product),
    cardType: cardTypeOf(cardType),
    badges: (badges ?? []).map(({ id, title, icon_class, style }) => ({ id, title, icon_class, style })),
  };
}
