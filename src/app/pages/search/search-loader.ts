import type { LoaderFunctionArgs } from "react-router";
import { search, SEARCH_KINDS, type SearchKind, type SearchQuery } from "../../../data/search";
import { positiveInt } from "../../../lib/query";
import { badRequest, requirePageInRange, rethrowContentError } from "../../http-errors";
import { contentFrom } from "../../load-context";
import { countryFrom } from "../../visitor-country";
import { SEARCH_MAX_LENGTH } from "../home/home-content";

/** Longer than any category title; anything longer is not a category. */
const CATEGORY_MAX_LENGTH = 60;

function isSearchKind(value: string): value is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(value);
}

/** The first `SEARCH_MAX_LENGTH` characters, cut at a word boundary when there is one. */
function shortened(text: string): string {
  const cut = text.slice(0, SEARCH_MAX_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > SEARCH_MAX_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trim();
}

/** /search?q=…[&category=…][&type=stores|offers|…][&page=N]: what the hero's and the
 * header's search forms submit. The category puts its matches first; it never hides others. */
export async function searchLoader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const typed = (params.get("q") ?? "").trim();
  // A text pasted past the field's limit is searched on its start, and the page says so.
  const text = typed.length > SEARCH_MAX_LENGTH ? shortened(typed) : typed;
  const category = (params.get("category") ?? "").trim() || null;
  if (category && category.length > CATEGORY_MAX_LENGTH) badRequest("The category is not valid.");
  const type = params.get("type") || null;
  if (type !== null && !isSearchKind(type)) badRequest(`The result type is not valid: use ${SEARCH_KINDS.join(", ")}.`);
  const page = positiveInt(params.get("page"));
  if (page === null) badRequest("The page number is not valid.");
  const query: SearchQuery = { text, category };
  const shortenedFrom = text === typed ? null : typed.length;
  if (!text) return { query, shortenedFrom, results: null };
  const results = await search(contentFrom(context), query, { kind: type, page: page ?? 1, scope: countryFrom(context) }).catch(rethrowContentError);
  requirePageInRange(results.page, results.hits.length);
  return { query, shortenedFrom, results };
}
