/** Base collections in PocketBase, named as the spec writes them. */
export const COLLECTIONS = {
  stores: "_zdata_stores",
  categories: "_zdata_categories",
  badges: "_zdata_badges",
  offers: "_zdata_offers",
  banners: "_zdata_banners",
  authors: "_zdata_authors",
  articles: "_zdata_articles",
  comparisons: "_zdata_comparisons",
  advertorials: "_zdata_advertorials",
  products: "Products",
  storeFilters: "_zsec_store_filters",
  topDeals: "_zsec_top_deals",
  /** Clicks out per offer in the last 24 hours (a view over outbound_events). */
  offerUsage: "_zsec_offer_usage",
  /** The categories each article list has items in (a view). */
  articleListCategories: "_zsec_article_list_categories",
  /** Each published product with how many alternatives it has (a view; the sitemap's alternatives pages). */
  productAlternatives: "_zsec_product_alternatives",
  websites: "websites",
  /** The published content's words, for the search's typos (a view over an FTS5 vocabulary). */
  searchTerms: "_zsec_search_terms",
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/**
 * Every collection the spec's section 7 reads, mapped to the PocketBase collection that
 * holds it. `Stores` and `Editorials` are edge aliases of `_zdata_stores` and
 * `_zdata_advertorials` (one entity, two names; see docs/decisions/002).
 * Anything not listed here is not reachable through the Worker.
 */
export const PUBLIC_COLLECTIONS: Readonly<Record<string, CollectionName>> = {
  _zdata_stores: COLLECTIONS.stores,
  Stores: COLLECTIONS.stores,
  _zdata_categories: COLLECTIONS.categories,
  _zdata_badges: COLLECTIONS.badges,
  _zdata_offers: COLLECTIONS.offers,
  _zdata_banners: COLLECTIONS.banners,
  _zdata_authors: COLLECTIONS.authors,
  _zsec_top_deals: COLLECTIONS.topDeals,
  _zdata_articles: COLLECTIONS.articles,
  _zdata_comparisons: COLLECTIONS.comparisons,
  _zdata_advertorials: COLLECTIONS.advertorials,
  Editorials: COLLECTIONS.advertorials,
  Products: COLLECTIONS.products,
  _zsec_store_filters: COLLECTIONS.storeFilters,
  // Not in the spec: the cards' "Used N times today", read by the same loaders in the browser.
  _zsec_offer_usage: COLLECTIONS.offerUsage,
  // Not in the spec: the article lists' pills, only for categories with items in the list.
  _zsec_article_list_categories: COLLECTIONS.articleListCategories,
  // Not in the spec: the words of the published content, read by the search in the browser too.
  _zsec_search_terms: COLLECTIONS.searchTerms,
};

export function resolvePublicCollection(name: string): CollectionName | undefined {
  return Object.hasOwn(PUBLIC_COLLECTIONS, name) ? PUBLIC_COLLECTIONS[name] : undefined;
}

/** Relation fields of the site-settings record, expanded for `populate=*`. */
export const WEBSITE_RELATIONS = ["footer_categories", "featured_stores"] as const;

/** The site-settings record the spec fetches (section 9: website id 9). */
export const WEBSITE_ID = "9";

/** Content-service list defaults (spec section 9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PER_PAGE = 30;
