import type { LoaderFunctionArgs } from "react-router";
import { search, SEARCH_KINDS, type SearchKind, type SearchQuery } from "../../../data/search";
import { positiveInt } from "../../../lib/query";
import { badRequest, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { SEARCH_MAX_LENGTH } from "../home/home-content";

/** Longer than any category title; anything longer is not a category. */
const CATEGORY_MAX_LENGTH = 60;

function isSearchKind(value: string): value is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(value);
}

/** /search?q=…&category=…[&type=stores|offers|articles&page=N]: what the hero's search form submits. */
export async function searchLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const text = (params.get("q") ?? "").trim();
  if (text.length > SEARCH_MAX_LENGTH) badRequest(`The search text is too long (at most ${SEARCH_MAX_LENGTH} characters).`);
  const category = (params.get("category") ?? "").trim() || null;
  if (category && category.length > CATEGORY_MAX_LENGTH) badRequest("The category is not valid.");
  const type = params.get("type") || null;
  if (type !== null && !isSearchKind(type)) badRequest("The result type is not valid: use stores, offers or articles.");
  const page = positiveInt(params.get("page"));
  if (page === null) badRequest("The page number is not valid.");
  if (page !== undefined && type === null) badRequest("A page number needs a result type (stores, offers or articles).");
  const query: SearchQuery = { text, category };
  if (!text) return { query, results: null };
  const results = await search(contentFrom(context), query, { kind: type, page: page ?? 1 }).catch(rethrowContentError);
  // Without a chosen type, show the first kind that has matches.
  const shown = type ?? SEARCH_KINDS.find((kind) => results[kind].totalItems > 0) ?? "stores";
  return { query, results: { ...results, shown } };
}
