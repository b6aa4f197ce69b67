/** What a search can list, in the order the result tabs show them and ties are broken. A
 * module of its own so the search screen does not load the search reads with its code. */
export const SEARCH_KINDS = ["stores", "offers", "comparisons", "advertorials", "articles", "products"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  stores: "Stores",
  offers: "Offers",
  comparisons: "Comparisons",
  advertorials: "Advertorials",
  articles: "Blog articles",
  products: "Products",
};

/** One search result as every list of results shows it (the results page and the header's
 * suggestions). */
export interface SearchHit {
  kind: SearchKind;
  id: string;
  title: string;
  /** Plain text: a store's subheading, an offer's subheading, an article's subtitle… */
  snippet: string;
  /** An offer's store (offers of several stores can share a heading): its title and small logo ("" without one). */
  store?: { title: string; logoUrl: string };
  /** The page of the site where it lives. */
  href: string;
  /** Thumbnail; empty when the record has none. */
  imageUrl: string;
  /** A store's rating, with the number of reviewers (the figures of its structured data) and their source ("" when unstated). */
  rating?: { value: number; count: number; source: string };
  /** In the category the visitor chose. */
  inCategory: boolean;
}

/** The Worker's route answering `?q=` with `{ items: Suggestion[] }` (src/edge/pages/search-suggestions.ts). */
export const SUGGESTIONS_PATH = "/api/search/suggestions";

/** What the header's search suggests: a few hits, named and linked; an offer with its store's title. */
export type Suggestion = Pick<SearchHit, "kind" | "title" | "href"> & { store?: string };
