/** What a search can list, in the order the result tabs show them. A module of its own so
 * the search screen does not load the search reads (and their sanitizer) with its code. */
export const SEARCH_KINDS = ["stores", "offers", "articles"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
