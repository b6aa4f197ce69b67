import type { LoaderFunctionArgs } from "react-router";
import { listAlternatives } from "../../../data/alternatives";
import { comparisonTable, type ComparisonTable } from "../../../data/comparison-table";
import { COMPARED_MAX, MIN_ALTERNATIVES } from "../../../lib/review-rules";
import type { ProductDetails } from "../../../data/product-details";
import { bestOffers, readProductOffers, type BestOffer } from "../../../data/product-offers";
import type { ProductCardData } from "../../../data/products";
import { notFound, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";
import { loadProduct, NO_OFFERS, orEmpty } from "./product-loader";

export interface AlternativesData {
  product: ProductDetails;
  /** The other published products of its primary category, best first (at most ALTERNATIVES_SHOWN). */
  alternatives: ProductCardData[];
  /** How many there are in all. */
  total: number;
  /** The product beside its best alternatives. */
  table: ComparisonTable | null;
  /** The best live offer of the product and of each alternative, for the visitor's country. */
  offers: Record<string, BestOffer>;
  next_start?: string;
}

/**
 * /products/{name}/{id}/alternatives (issue 53): withheld (404) with fewer than three
 * alternatives, so no thin page is ever published; the sitemap lists the same pages.
 */
export async function alternativesLoader({ params, request, context }: LoaderFunctionArgs): Promise<AlternativesData> {
  const pb = contentFrom(context);
  const product = await loadProduct(pb, params, request, "/alternatives");
  const list = await listAlternatives(pb, { id: product.id, primaryCategoryId: product.primaryCategory?.id ?? "" }).catch(rethrowContentError);
  if (list.totalItems < MIN_ALTERNATIVES) notFound();
  const compared = [product, ...list.items];
  const offers = await readProductOffers(
    pb,
    compared.flatMap((item) => item.offerIds),
    countryFrom(context),
  ).catch(orEmpty("alternatives' offers", NO_OFFERS));
  return {
    product,
    alternatives: list.items,
    total: list.totalItems,
    table: comparisonTable(compared.slice(0, COMPARED_MAX), null),
    offers: bestOffers(compared, offers.offered),
    ...(offers.next_start && { next_start: offers.next_start }),
  };
}
