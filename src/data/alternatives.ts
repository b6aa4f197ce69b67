import { ALTERNATIVES_SHOWN } from "../lib/review-rules";
import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { productCard, type ProductCardData } from "./products";
import type { ListResult, Product } from "./types";

/** Best first: rating, then number of reviews; the id keeps ties stable. */
const RANKING = "-rating,-review_count,id";

/**
 * The other published products of `product`'s primary category, ranked, the first `limit`;
 * `totalItems` counts them all. None for a product without a primary category.
 */
export async function listAlternatives(
  pb: ContentClient,
  product: { id: string; primaryCategoryId: string },
  limit = ALTERNATIVES_SHOWN,
): Promise<ListResult<ProductCardData>> {
  if (!product.primaryCategoryId) return { page: 1, perPage: limit, totalItems: 0, totalPages: 0, items: [] };
  const result = await pb.collection(COLLECTIONS.products).getList<Product>(1, limit, {
    filter: pb.filter("primary_category = {:category} && id != {:id}", { category: product.primaryCategoryId, id: product.id }),
    sort: RANKING,
    expand: "coupon_offer,categories",
  });
  const now = Date.now();
  return { ...result, items: result.items.map((item) => productCard(item, now)) };
}
