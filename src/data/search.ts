import type { ArticleListItem } from "./articles";
import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { fileUrl } from "./files";
import { DEAL_CARD_FIELDS } from "./home";
import type { OfferCardData } from "./offers";
import { sanitizeHtml } from "./sanitize";
import { STORE_CARD_FIELDS, withEditorials, type StoreCard, type StoreCardRecord } from "./stores";
import { SEARCH_KINDS, type SearchKind } from "./search-kinds";
import type { Article, Category, ListResult } from "./types";

export { SEARCH_KINDS, type SearchKind };

export const SEARCH_PER_PAGE = 12;

export interface SearchQuery {
  /** What the visitor typed, trimmed. */
  text: string;
  /** A category title, or null for every category. */
  category: string | null;
}

export interface SearchResults {
  stores: ListResult<StoreCard>;
  offers: ListResult<OfferCardData>;
  articles: ListResult<ArticleListItem>;
}

/** Text fields searched per kind, and the relation holding the kind's categories. */
const SEARCHED: Record<SearchKind, { collection: string; fields: readonly string[]; categories: string }> = {
  stores: { collection: COLLECTIONS.stores, fields: ["title", "subheading"], categories: "category_ids" },
  offers: { collection: COLLECTIONS.offers, fields: ["heading", "subheading"], categories: "categories" },
  articles: { collection: COLLECTIONS.articles, fields: ["title"], categories: "categories" },
};

/** PocketBase's `~` reads `%` as a wildcard (and then stops adding its own around the
 * text); escaped, a typed "50%" matches the text "50%" anywhere. */
function likeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/%/g, "\\%");
}

function searchFilter(pb: ContentClient, kind: SearchKind, { text, category }: SearchQuery): string {
  const { fields, categories } = SEARCHED[kind];
  const matches = `(${fields.map((field) => `${field} ~ {:text}`).join(" || ")})`;
  return pb.filter(category === null ? matches : `${matches} && ${categories}.title ?= {:category}`, { text: likeText(text), category });
}

function searchList<T>(pb: ContentClient, kind: SearchKind, query: SearchQuery, page: number, options: { sort: string; fields: string; expand?: string }): Promise<ListResult<T>> {
  return pb.collection(SEARCHED[kind].collection).getList<T>(page, SEARCH_PER_PAGE, { filter: searchFilter(pb, kind, query), ...options });
}

type ArticleRecord = Pick<Article, "id" | "collectionId" | "collectionName" | "title" | "featured_image" | "banner_image" | "publish_time"> & {
  expand?: { categories?: Pick<Category, "title">[] };
};

function articleItem(record: ArticleRecord): ArticleListItem {
  const image = record.featured_image || record.banner_image;
  return {
    kind: "blog",
    id: record.id,
    title: record.title,
    subtitle: "",
    imageUrl: image ? fileUrl(record, image, "400x0") : "",
    category: record.expand?.categories?.[0]?.title ?? "",
    author: "",
    publishTime: record.publish_time,
  };
}

/** Stores, offers and articles matching the query: `page` of the shown kind, the first
 * page of the other two (their counts, and the choice of a kind when none is given). */
export async function search(pb: ContentClient, query: SearchQuery, { kind, page }: { kind: SearchKind | null; page: number }): Promise<SearchResults> {
  const pageOf = (k: SearchKind) => (k === kind ? page : 1);
  const [stores, offers, articles] = await Promise.all([
    searchList<StoreCardRecord>(pb, "stores", query, pageOf("stores"), { sort: "title", fields: STORE_CARD_FIELDS }),
    searchList<OfferCardData>(pb, "offers", query, pageOf("offers"), { sort: "-click_count,id", expand: "badges", fields: DEAL_CARD_FIELDS }),
    searchList<ArticleRecord>(pb, "articles", query, pageOf("articles"), {
      sort: "-publish_time,id",
      expand: "categories",
      fields: "id,collectionId,collectionName,title,featured_image,banner_image,publish_time,expand.categories.title",
    }),
  ]);
  return {
    stores: { ...stores, items: await withEditorials(pb, stores.items) },
    offers: { ...offers, items: offers.items.map((offer) => ({ ...offer, tnc: sanitizeHtml(offer.tnc) })) },
    articles: { ...articles, items: articles.items.map(articleItem) },
  };
}
