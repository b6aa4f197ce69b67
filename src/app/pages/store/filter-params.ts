import { badRequest } from "../../http-errors";
import { positiveInt } from "../../../lib/query";

/** Query parameter of the category filter, repeated once per selected category. */
export const CATEGORY_PARAM = "catID";

/** Record ids are PocketBase's: lowercase letters and digits. */
export const RECORD_ID = /^[a-z0-9]{1,32}$/;

/** More filters than any visitor would tick; keeps the content query small. */
const MAX_CATEGORY_FILTERS = 50;

/** The selected category ids (deduplicated, empty values ignored); anything that is not a
 * record id answers 400, so hostile input never reaches a query. */
export function categoryIdsFrom(params: URLSearchParams): string[] {
  const ids = [...new Set(params.getAll(CATEGORY_PARAM).filter(Boolean))];
  if (ids.length > MAX_CATEGORY_FILTERS || !ids.every((id) => RECORD_ID.test(id))) {
    badRequest("The category filter (catID) is not valid.");
  }
  return ids;
}

/** The `page` parameter: 1 when absent, 400 when not a positive integer. */
export function pageFrom(params: URLSearchParams): number {
  const page = positiveInt(params.get("page"));
  if (page === null) badRequest("The page number is not valid.");
  return page ?? 1;
}

/** A list address with its filters: `/stores?catID=a&catID=b&page=2`. */
export function listHref(
  path: string,
  { categoryIds = [], page = 1, extra = {} }: { categoryIds?: readonly string[]; page?: number; extra?: Record<string, string> },
): string {
  const query = new URLSearchParams([...Object.entries(extra), ...categoryIds.map((id) => [CATEGORY_PARAM, id] as [string, string])]);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Spec: 'No Offer Yet, We are working hard to bring {category or these} offers for you.' */
export function noOffersMessage(selected: readonly { title: string }[]): string {
  return `No Offer Yet, We are working hard to bring ${selected.length === 1 && selected[0] ? selected[0].title : "these"} offers for you.`;
}
