import type { LoaderFunctionArgs } from "react-router";
import { listArticleCategories, listArticleItems, type ArticleKind } from "../../../data/articles";
import { positiveInt } from "../../../lib/query";
import { badRequest, requirePageInRange, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { queryRecordId, queryStoreIds } from "./params";

/** The loader of one of the three lists. Query: `id` a category, `stores` store ids, `page`. */
export function articleListLoader(kind: ArticleKind) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const params = new URL(request.url).searchParams;
    const categoryId = queryRecordId(params, "id");
    const storeIds = queryStoreIds(params);
    const page = positiveInt(params.get("page"));
    if (page === null) badRequest("The page number is not valid.");
    const pb = contentFrom(context);
    const filtered = Boolean(categoryId || storeIds.length);
    const [categories, matching] = await Promise.all([
      // The pills help but are not the content: without them the list still shows.
      listArticleCategories(pb, kind).catch((err: unknown) => {
        console.error("article categories read failed", err);
        return [];
      }),
      listArticleItems(pb, kind, { page, categoryIds: categoryId ? [categoryId] : [], storeIds }),
    ]).catch(rethrowContentError);
    // Spec: when a filter returns no items the full list is shown instead.
    const fellBack = filtered && matching.totalItems === 0;
    const list = fellBack ? await listArticleItems(pb, kind, { page }).catch(rethrowContentError) : matching;
    requirePageInRange(list.page, list.items.length);
    return { kind, categories, list, categoryId: fellBack ? "" : categoryId, storeIds: fellBack ? [] : storeIds, fellBack };
  };
}

export type ArticleListData = Awaited<ReturnType<ReturnType<typeof articleListLoader>>>;
