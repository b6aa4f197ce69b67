import type { LoaderFunctionArgs } from "react-router";
import type { ContentClient } from "../../../data/client";
import { comparedProducts, tableProducts } from "../../../data/comparison-table";
import { getComparison, getComparisonByStore, type ComparisonView } from "../../../data/comparisons";
import { classifyContentError } from "../../../data/errors";
import type { CountryScope } from "../../../data/offer-countries";
import { bestOffers, readProductOffers, type BestOffer } from "../../../data/product-offers";
import { badRequest, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";
import { inBrowser, redirectToCanonical } from "../articles/detail-loading";
import { pathRecordId, queryRecordId } from "../articles/params";

export interface ComparisonData {
  /** Null only after a failed read in the browser: the page keeps its skeleton. */
  comparison: ComparisonView | null;
  /** /comparision shows a comparison whose own address is /comparisions/{title}/{id}:
   * only that one is indexed. */
  alternativeAddress: boolean;
  /** The best live offer of each product of its table, for the visitor's country (issue 53). */
  offers: Record<string, BestOffer>;
  /** When one of the table's products' offers is still to start: the open page reloads then. */
  next_start?: string;
}

/** The table's best offers; a failed read leaves the table without them (the catalogue's
 * "offer fetch fails: logged only"). */
async function tableOffers(pb: ContentClient, comparison: ComparisonView, scope: CountryScope): Promise<Pick<ComparisonData, "offers" | "next_start">> {
  const products = comparison.table ? tableProducts(comparison.table, comparedProducts(comparison)) : [];
  if (!products.length) return { offers: {} };
  try {
    const { offered, next_start } = await readProductOffers(
      pb,
      products.flatMap((product) => product.offerIds),
      scope,
    );
    return { offers: bestOffers(products, offered), ...(next_start && { next_start }) };
  } catch (err) {
    console.error("comparison offers read failed", err);
    return { offers: {} };
  }
}

/**
 * Spec: a failed comparison read logs a warning and leaves the skeleton in place. That is
 * what a client navigation does when the content service cannot answer. A server render
 * answers with an HTTP status instead (docs/decisions/004): 404 with the not-found page
 * for a missing comparison, 503 with the retryable error page when the service is down.
 * A missing comparison is not found in the browser too: there is nothing to wait for.
 */
async function load(read: () => Promise<ComparisonView>, alternativeAddress: boolean, context: unknown): Promise<ComparisonData> {
  try {
    const comparison = await read();
    return { comparison, alternativeAddress, ...(await tableOffers(contentFrom(context), comparison, countryFrom(context))) };
  } catch (err) {
    if (inBrowser() && classifyContentError(err) === "unavailable") {
      console.warn("comparison read failed", err);
      return { comparison: null, alternativeAddress, offers: {} };
    }
    return rethrowContentError(err);
  }
}

/** /comparisions/{title}/{id}: the comparison loads before the screen shows. */
export async function comparisonLoader({ params, request, context }: LoaderFunctionArgs): Promise<ComparisonData> {
  const id = pathRecordId(params.id);
  const data = await load(() => getComparison(contentFrom(context), id), false, context);
  if (data.comparison) redirectToCanonical(request, { kind: "comparisions", title: data.comparison.title, id });
  return data;
}

/** /comparision/{id}, /comparision?id=… or /comparision?store=… (the newest comparison about that store). */
export async function singleComparisonLoader({ params, request, context }: LoaderFunctionArgs): Promise<ComparisonData> {
  const query = new URL(request.url).searchParams;
  const id = params.id !== undefined ? pathRecordId(params.id) : queryRecordId(query, "id");
  const store = queryRecordId(query, "store");
  const pb = contentFrom(context);
  if (id) return load(() => getComparison(pb, id), true, context);
  if (store) return load(() => getComparisonByStore(pb, store), true, context);
  return badRequest("Say which comparison to show: /comparision?store=<store id>.");
}
