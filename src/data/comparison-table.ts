import { COMPARED_MAX, COMPARED_MIN } from "../lib/review-rules";
import type { PlacedProduct, ProductCardData } from "./products";

/** A comparison's table: its products by id, one row each, and the spec labels of its
 * columns. Ids, not copies: the page holds the products already (its cards), and its data
 * travels to the browser once. */
export interface ComparisonTable {
  productIds: string[];
  /** The editor's `comparison_rows`, or without them the specs every compared product states. */
  specs: string[];
}

/** The table of `products` (each once, the first six), or null with fewer than two. */
export function comparisonTable(products: readonly ProductCardData[], rows: readonly string[] | null): ComparisonTable | null {
  const compared = products.filter((product, index) => products.findIndex((other) => other.id === product.id) === index).slice(0, COMPARED_MAX);
  const [first] = compared;
  if (!first || compared.length < COMPARED_MIN) return null;
  const chosen = [...new Set((Array.isArray(rows) ? rows : []).filter((row): row is string => typeof row === "string").map((row) => row.trim()))].filter(
    Boolean,
  );
  const shared = Object.keys(first.specs).filter((label) => compared.every((product) => Object.hasOwn(product.specs, label)));
  return { productIds: compared.map((product) => product.id), specs: chosen.length ? chosen : shared };
}

/** Every product a comparison presents, in its order: primary, secondary, the further ones.
 * A module without reads, so the page's screen finds them without loading the comparison read. */
export function comparedProducts(comparison: {
  primary: PlacedProduct | null;
  secondary: PlacedProduct | null;
  products: readonly ProductCardData[];
}): ProductCardData[] {
  return [comparison.primary?.product, comparison.secondary?.product, ...comparison.products].filter((card) => card !== undefined);
}

/** The table's products, in its order, from the page's products. */
export function tableProducts(table: ComparisonTable, products: readonly ProductCardData[]): ProductCardData[] {
  return table.productIds.map((id) => products.find((product) => product.id === id)).filter((product) => product !== undefined);
}
