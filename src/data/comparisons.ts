import { relatesToAny, type ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { articleHeader, tagList, type ArticleHeader } from "./articles";
import { comparedProducts, comparisonTable, type ComparisonTable } from "./comparison-table";
import { placedProduct, productCard, productExpand, type PlacedProduct, type ProductCardData } from "./products";
import { sanitizeHtml } from "./sanitize";
import type { Comparison } from "./types";

export interface ComparisonView extends ArticleHeader {
  subtitle: string;
  introHtml: string;
  outroHtml: string;
  primary: PlacedProduct | null;
  secondary: PlacedProduct | null;
  /** The further products, after the primary and secondary ones. */
  products: ProductCardData[];
  ctaLabel: string;
  tags: string[];
  /** Its products side by side (issue 53); null with fewer than two. */
  table: ComparisonTable | null;
}

/** Editorial reads expand authors, categories and products (and here the products' badges). */
const EXPAND = [
  "authors",
  "categories",
  productExpand("primary_product", true),
  "primary_product_badges",
  productExpand("secondery_product", true),
  "secondery_product_badges",
  productExpand("products", true),
].join(",");

function comparisonView(record: Comparison, now: number): ComparisonView {
  const x = record.expand ?? {};
  const primary = placedProduct(x.primary_product, record.primary_product_cardtype, x.primary_product_badges, now);
  const secondary = placedProduct(x.secondery_product, record.secondery_product_cardtype, x.secondery_product_badges, now);
  // Products that are not published are absent from the expand (collection rule).
  const products = (x.products ?? []).map((product) => productCard(product, now));
  return {
    ...articleHeader(record),
    subtitle: record.subtitle,
    introHtml: sanitizeHtml(record.intro),
    outroHtml: sanitizeHtml(record.outro),
    primary,
    secondary,
    products,
    ctaLabel: record.cta_label,
    tags: tagList(record.tags, "comma"),
    table: comparisonTable(comparedProducts({ primary, secondary, products }), record.comparison_rows),
  };
}

export async function getComparison(pb: ContentClient, id: string): Promise<ComparisonView> {
  return comparisonView(await pb.collection(COLLECTIONS.comparisons).getOne<Comparison>(id, { expand: EXPAND }), Date.now());
}

/** The newest comparison about a store; a 404 error when the store has none. */
export async function getComparisonByStore(pb: ContentClient, storeId: string): Promise<ComparisonView> {
  const record = await pb.collection(COLLECTIONS.comparisons).getFirstListItem<Comparison>(relatesToAny(pb, "stores", [storeId]), {
    sort: "-publish_time,id",
    expand: EXPAND,
  });
  return comparisonView(record, Date.now());
}
