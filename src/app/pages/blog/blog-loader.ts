import type { LoaderFunctionArgs } from "react-router";
import { getBlogArticle } from "../../../data/articles";
import { loadReadMore } from "../../components/read-more-loader";
import { rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { redirectToCanonical } from "../articles/detail-loading";
import { pathRecordId } from "../articles/params";

/** /blog/{title}/{id}: a missing or unpublished article is not found (404); the content
 * service failing is a retryable 503 (spec: the failure is logged). */
export async function blogArticleLoader({ params, request, context }: LoaderFunctionArgs) {
  const id = pathRecordId(params.id);
  const pb = contentFrom(context);
  const article = await getBlogArticle(pb, id).catch(rethrowContentError);
  redirectToCanonical(request, { kind: "blog", title: article.title, id });
  return { article, readMore: loadReadMore(pb, id) };
}

export type BlogArticleData = Awaited<ReturnType<typeof blogArticleLoader>>;
