import { redirect, type LoaderFunctionArgs } from "react-router";
import { getAdvertorial, getAdvertorialByStore, type AdvertorialView } from "../../../data/advertorials";
import type { ArticleListItem } from "../../../data/articles";
import { loadReadMore } from "../../components/read-more-loader";
import { badRequest, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { inBrowser, redirectToCanonical } from "../articles/detail-loading";
import { pathRecordId, queryRecordId } from "../articles/params";

export interface AdvertorialData {
  /** Null when the store has no advertorial: the page shows its fallback. */
  advertorial: AdvertorialView | null;
  /** /advertorial?store= shows an advertorial whose own address is
   * /advertorials/{title}/{id}: only that one is indexed. */
  alternativeAddress: boolean;
  readMore: Promise<ArticleListItem[]>;
}

/**
 * Spec: on failure the advertorial page sends the browser to /not-found. A client
 * navigation does exactly that. A server render answers in place instead, with the HTTP
 * status a crawler and a cache should see (docs/decisions/004): the not-found page with
 * 404 for a missing advertorial, the retryable error page with 503 when the content
 * service is down (a 404 there would drop a live page from search indexes).
 */
function failed(err: unknown): never {
  if (inBrowser()) {
    console.warn("advertorial read failed", err);
    throw redirect("/not-found");
  }
  return rethrowContentError(err);
}

/** /advertorials/{title}/{id}: the advertorial loads before the screen shows. */
export async function advertorialLoader({ params, request, context }: LoaderFunctionArgs): Promise<AdvertorialData> {
  const id = pathRecordId(params.id);
  const pb = contentFrom(context);
  const advertorial = await getAdvertorial(pb, id).catch(failed);
  redirectToCanonical(request, { kind: "advertorials", title: advertorial.title, id });
  return { advertorial, alternativeAddress: false, readMore: loadReadMore(pb, id) };
}

/** /advertorial?store=…: the newest advertorial about that store, or the fallback when it has none. */
export async function storeAdvertorialLoader({ request, context }: LoaderFunctionArgs): Promise<AdvertorialData> {
  const store = queryRecordId(new URL(request.url).searchParams, "store");
  if (!store) badRequest("Say which store's review to show: /advertorial?store=<store id>.");
  const pb = contentFrom(context);
  const advertorial = await getAdvertorialByStore(pb, store).catch(failed);
  return { advertorial, alternativeAddress: true, readMore: loadReadMore(pb, advertorial?.id) };
}
