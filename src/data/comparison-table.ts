import { COMPARED_MAX, COMPARED_MIN } from "../lib/review-rules";
import type { ProductCardData } from "./products";

/** A comparison's table: its products, one row each, and the spec labels of its columns. */
export interface ComparisonTable {
  products: ProductCardData[];
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
  return { products: compared, specs: chosen.length ? chosen : shared };
}
