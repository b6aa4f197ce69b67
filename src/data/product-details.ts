import { tagList } from "./articles";
import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { productCard, type ProductCardData } from "./products";
import { sanitizeHtml } from "./sanitize";
import type { Category, Product } from "./types";

/** A product as its own page shows it (issue 53): its card's fields and the rest. */
export interface ProductDetails extends ProductCardData {
  brand: string;
  descriptionHtml: string;
  tags: string[];
  primaryCategory: Pick<Category, "id" | "title"> | null;
}

/** A published product by id (spec: "products by id"), with its categories and the offer its code comes from. */
export async function getProductDetails(pb: ContentClient, id: string): Promise<ProductDetails> {
  const product = await pb.collection(COLLECTIONS.products).getOne<Product>(id, { expand: "categories,primary_category,coupon_offer" });
  const primary = product.expand?.primary_category;
  return {
    ...productCard(product, Date.now()),
    brand: product.brand,
    descriptionHtml: sanitizeHtml(product.description),
    tags: tagList(product.tags, "space"),
    primaryCategory: primary ? { id: primary.id, title: primary.title } : null,
  };
}
