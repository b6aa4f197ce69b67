import type { LoaderFunctionArgs } from "react-router";
import { listCategoryNames } from "../../../data/categories";
import { listStoreFiltersOrEmpty, listStores } from "../../../data/stores";
import { defer } from "../../deferred";
import { requirePageInRange, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { categoryIdsFrom, pageFrom } from "./filter-params";

export async function storesLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const categoryIds = categoryIdsFrom(params);
  const page = pageFrom(params);
  const pb = contentFrom(context);
  // The category list with store counts is the slowest read and not the page's content:
  // it streams after the shell. Spec: a failed filtered-store list is logged and empty.
  const categories = defer(listStoreFiltersOrEmpty(pb));
  const [stores, selected] = await Promise.all([listStores(pb, { categoryIds, page }), listCategoryNames(pb, categoryIds)]).catch(rethrowContentError);
  requirePageInRange(page, stores.items.length);
  return { stores, categoryIds, selected, categories };
}
