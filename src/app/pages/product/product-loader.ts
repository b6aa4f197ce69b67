import { redirect, type LoaderFunctionArgs } from "react-router";
import { listAlternatives } from "../../../data/alternatives";
import { listAcrossKinds, type ArticleListItem } from "../../../data/articles";
import type { ContentClient } from "../../../data/client";
import { getProductDetails, type ProductDetails } from "../../../data/product-details";
import { readProductOfferCards, type ProductOffers } from "../../../data/product-offers";
import type { ListedOffer } from "../../../data/offers";
import type { ProductCardData } from "../../../data/products";
import { countryName } from "../../../lib/country-name";
import { hasCanonicalTitleSegment, productPath } from "../../../lib/slug";
import { rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";
import { pathRecordId } from "../articles/params";
import { elsewhereOffer, type OffersElsewhere } from "../store/store-loader";

/** Pieces listed as featuring the product, the newest first, across the three lists. */
export const FEATURES_SHOWN = 6;
/** Alternatives the product page names before linking their page. */
export const ALTERNATIVES_PREVIEWED = 3;

/** A product by the address's id, its name segment made canonical (301), else 404 / 503. */
export async function loadProduct(pb: ContentClient, params: LoaderFunctionArgs["params"], request: Request, suffix = ""): Promise<ProductDetails> {
  const id = pathRecordId(params.id);
  const product = await getProductDetails(pb, id).catch(rethrowContentError);
  const url = new URL(request.url);
  if (!hasCanonicalTitleSegment(url.pathname, product.name)) throw redirect(`${productPath(product)}${suffix}${url.search}`, 301);
  return product;
}

/** A section's read that failed: logged, and the section shows nothing (the catalogue's "logged only"). */
export function orEmpty<T>(what: string, empty: T) {
  return (err: unknown): T => {
    console.error(`${what} read failed`, err);
    return empty;
  };
}

export const NO_OFFERS: ProductOffers = { offered: [], elsewhere: [] };

export interface ProductPageData {
  product: ProductDetails;
  /** Its live offers for the visitor's country, best first. */
  offers: ListedOffer[];
  /** When one of its offers is still to start: the open page reloads then. */
  next_start?: string;
  /** Its live offers valid in other countries only (issue 36), with the visitor's country's name. */
  elsewhere: OffersElsewhere;
  /** The comparisons, advertorials and articles featuring it. */
  features: ArticleListItem[];
  /** Its best alternatives and how many it has (an alternatives page needs three). */
  alternatives: { items: ProductCardData[]; total: number };
}

/** /products/{name}/{id} (issue 53): the product, its offers, where it is featured and its best alternatives. */
export async function productLoader({ params, request, context }: LoaderFunctionArgs): Promise<ProductPageData> {
  const pb = contentFrom(context);
  const product = await loadProduct(pb, params, request);
  const scope = countryFrom(context);
  const [offers, features, alternatives] = await Promise.all([
    readProductOfferCards(pb, product.offerIds, scope).catch(orEmpty("product offers", NO_OFFERS)),
    listAcrossKinds(pb, { productId: product.id }, FEATURES_SHOWN)
      .then((list) => list.items)
      .catch(orEmpty("product features", [])),
    listAlternatives(pb, { id: product.id, primaryCategoryId: product.primaryCategory?.id ?? "" }, ALTERNATIVES_PREVIEWED)
      .then((list) => ({ items: list.items, total: list.totalItems }))
      .catch(orEmpty("product alternatives", { items: [], total: 0 })),
  ]);
  return {
    product,
    offers: offers.offered,
    ...(offers.next_start && { next_start: offers.next_start }),
    elsewhere: {
      elsewhere: offers.elsewhere.map(elsewhereOffer),
      countryName: offers.elsewhere.length && scope.country ? countryName(scope.country) : null,
    },
    features,
    alternatives,
  };
}
