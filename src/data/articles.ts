import { relatesToAny, type ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { authorName, leadAuthor, type AuthorProfile } from "./authors";
import { fileUrl } from "./files";
import type { MarkdownBlock } from "./markdown";
import { cardTypeOf, productCard, productExpand, type ProductCardData } from "./products";
import { isoDay } from "../lib/dates";
import { sanitizeHtml } from "./sanitize";
import type { Article, Author, CardType, Category, ListResult } from "./types";

/**
 * The three editorial lists (spec: one article-list screen for advertorials, comparisions
 * and blog), named by their route segment, which is also the first segment of their
 * detail pages.
 */
export type ArticleKind = "advertorials" | "comparisions" | "blog";
const ARTICLE_KINDS: readonly ArticleKind[] = ["advertorials", "comparisions", "blog"];

/** Spec section 9: article, comparison, editorial and list screens default to 10 per page; editorials at most 100. */
const ARTICLES_PER_PAGE = 10;
const ARTICLES_MAX_PER_PAGE = 100;

interface ListSource {
  collection: string;
  /** The field (a PocketBase `fields` entry) shown as the item's subtitle, as plain text. */
  subtitleField: string;
  /** Relation path from the record to its stores, for the `stores` filter. */
  storesPath: string;
  /** The items featuring the product `{:product}`. */
  productFilter: string;
}

const SOURCES: Record<ArticleKind, ListSource> = {
  advertorials: { collection: COLLECTIONS.advertorials, subtitleField: "subtitle", storesPath: "stores", productFilter: "products.id ?= {:product}" },
  comparisions: {
    collection: COLLECTIONS.comparisons,
    subtitleField: "subtitle",
    storesPath: "stores",
    productFilter: "primary_product = {:product} || secondery_product = {:product} || products.id ?= {:product}",
  },
  // A blog article has no subtitle: its summary (HTML) stands in, reduced to text by
  // PocketBase's excerpt modifier. It names stores through its offers.
  blog: { collection: COLLECTIONS.articles, subtitleField: "summary:excerpt(400)", storesPath: "offers.store", productFilter: "product = {:product}" },
};

/** One entry of an article list, a card or the hero. */
export interface ArticleListItem {
  kind: ArticleKind;
  id: string;
  title: string;
  /** Plain text. */
  subtitle: string;
  /** featured_image, else banner_image (spec), scaled for a card; empty when neither. */
  imageUrl: string;
  /** The same image at full size, for the list's hero. */
  largeImageUrl?: string;
  /** Title of the first category; empty when none. */
  category: string;
  /** "{first_name} {last_name}" of the first author; empty when none. */
  author: string;
  /** That author's id, for the byline's link to their page; empty when none. */
  authorId: string;
  publishTime: string;
}

type ListRecord = {
  id: string;
  collectionId: string;
  collectionName: string;
  title: string;
  subtitle?: string;
  summary?: string;
  featured_image: string;
  banner_image: string;
  publish_time: string;
  expand?: { categories?: Pick<Category, "title">[]; authors?: Pick<Author, "id" | "first_name" | "last_name">[] };
};

const LIST_FIELDS = [
  "id",
  "collectionId",
  "collectionName",
  "title",
  "featured_image",
  "banner_image",
  "publish_time",
  "expand.categories.title",
  "expand.authors.id",
  "expand.authors.first_name",
  "expand.authors.last_name",
].join(",");

/** Newest first; the id breaks ties so pages never overlap. */
const NEWEST_FIRST = "-publish_time,id";

function listItem(kind: ArticleKind, record: ListRecord): ArticleListItem {
  const image = record.featured_image || record.banner_image;
  const author = record.expand?.authors?.[0];
  return {
    kind,
    id: record.id,
    title: record.title,
    subtitle: (record.subtitle ?? record.summary ?? "").trim(),
    imageUrl: image ? fileUrl(record, image, "400x0") : "",
    largeImageUrl: image ? fileUrl(record, image) : "",
    category: record.expand?.categories?.[0]?.title ?? "",
    author: author ? authorName(author) : "",
    authorId: author?.id ?? "",
    publishTime: record.publish_time,
  };
}

export interface ArticleListQuery {
  page?: number;
  perPage?: number;
  /** Only items in any of these categories. */
  categoryIds?: readonly string[];
  /** Only items about any of these stores. */
  storeIds?: readonly string[];
  /** Only items by this author. */
  authorId?: string;
  /** Only items featuring this product. */
  productId?: string;
}

/** A page of one list, newest first, with the first category and first author of each item. */
export async function listArticleItems(pb: ContentClient, kind: ArticleKind, query: ArticleListQuery = {}): Promise<ListResult<ArticleListItem>> {
  const source = SOURCES[kind];
  const { page = 1, perPage = ARTICLES_PER_PAGE, categoryIds = [], storeIds = [], authorId = "", productId = "" } = query;
  const filters = [
    categoryIds.length ? relatesToAny(pb, "categories", categoryIds) : "",
    storeIds.length ? relatesToAny(pb, source.storesPath, storeIds) : "",
    authorId ? relatesToAny(pb, "authors", [authorId]) : "",
    productId ? pb.filter(source.productFilter, { product: productId }) : "",
  ].filter(Boolean);
  const result = await pb.collection(source.collection).getList<ListRecord>(page, Math.min(Math.max(1, perPage), ARTICLES_MAX_PER_PAGE), {
    sort: NEWEST_FIRST,
    filter: filters.map((f) => `(${f})`).join(" && "),
    expand: "categories,authors",
    fields: `${LIST_FIELDS},${source.subtitleField}`,
  });
  return { ...result, items: result.items.map((record) => listItem(kind, record)) };
}

export type ArticleCategory = Pick<Category, "id" | "title">;

/** Spec: categories page 1, 30 per page, by title; the lists offer one filter pill per category. */
const ARTICLE_CATEGORY_PILLS = 30;

/** The categories `kind`'s list has items in, by title: a pill never leads to an empty list. */
export async function listArticleCategories(pb: ContentClient, kind: ArticleKind): Promise<ArticleCategory[]> {
  const result = await pb.collection(COLLECTIONS.articleListCategories).getList<{ category: string; title: string }>(1, ARTICLE_CATEGORY_PILLS, {
    filter: pb.filter("kind = {:kind}", { kind }),
    sort: "title",
    fields: "category,title",
    skipTotal: true,
  });
  return result.items.map((row) => ({ id: row.category, title: row.title }));
}

/** Items of the read-more block. */
const READ_MORE_ITEMS = 4;

/** The most pieces `listAcrossKinds` reaches: each list's largest page. */
export const ACROSS_KINDS_MAX = ARTICLES_MAX_PER_PAGE;

/**
 * The newest `count` pieces of the three lists (advertorials, comparisons and blog articles)
 * matching `query`, merged by publish time, and how many match in all: the first `count` of
 * each list hold the first `count` of the merge.
 */
export async function listAcrossKinds(
  pb: ContentClient,
  query: Pick<ArticleListQuery, "authorId" | "productId">,
  count: number,
): Promise<{ items: ArticleListItem[]; totalItems: number }> {
  const lists = await Promise.all(ARTICLE_KINDS.map((kind) => listArticleItems(pb, kind, { ...query, perPage: count })));
  const items = lists
    .flatMap((list) => list.items)
    .sort((a, b) => (a.publishTime === b.publishTime ? a.id.localeCompare(b.id) : a.publishTime < b.publishTime ? 1 : -1))
    .slice(0, count);
  return { items, totalItems: lists.reduce((sum, list) => sum + list.totalItems, 0) };
}

/**
 * The newest pieces across the three lists, without the one being read.
 */
export async function listReadMore(
  pb: ContentClient,
  { exclude = "", limit = READ_MORE_ITEMS }: { exclude?: string; limit?: number } = {},
): Promise<ArticleListItem[]> {
  // One more than needed, in case the excluded piece is among them.
  const { items } = await listAcrossKinds(pb, {}, limit + 1);
  return items.filter((item) => item.id !== exclude).slice(0, limit);
}

/** Tags as editors type them: space separated on blog articles and products, comma separated on comparisons and advertorials. */
export function tagList(text: string, separator: "space" | "comma"): string[] {
  const parts = separator === "space" ? text.split(/\s+/) : text.split(",");
  return [...new Set(parts.map((tag) => tag.trim()).filter(Boolean))];
}

/** What the three detail pages show above their content. */
export interface ArticleHeader {
  id: string;
  title: string;
  category: ArticleCategory | null;
  author: AuthorProfile | null;
  publishTime: string;
  /** "Updated": when what readers read last changed, on a later day than the publication, and
   * the editor's line on what changed; null when it has not changed since (issue 53). */
  revision: { time: string; note: string } | null;
  /** The revision's time, else the publish time: dateModified and article:modified_time. */
  modifiedTime: string;
  bannerUrl: string;
  /** Sharing image. */
  imageUrl: string;
  meta: { title: string; description: string; keywords: string };
}

type HeaderRecord = Pick<
  Article,
  | "id"
  | "collectionId"
  | "collectionName"
  | "title"
  | "featured_image"
  | "banner_image"
  | "publish_time"
  | "revised_at"
  | "revision_note"
  | "meta_title"
  | "meta_description"
  | "meta_keywords"
> & {
  expand?: { authors?: Author[]; categories?: Category[] };
};

/** Whether a piece was revised on a later (UTC) day than it was published: an edit before
 * or on its publication day is part of the piece as published. */
function revisedLater(revised: string | undefined, published: string): boolean {
  const day = isoDay(revised);
  return day !== "" && day > isoDay(published);
}

export function articleHeader(record: HeaderRecord): ArticleHeader {
  const category = record.expand?.categories?.[0];
  const share = record.featured_image || record.banner_image;
  return {
    id: record.id,
    title: record.title,
    category: category ? { id: category.id, title: category.title } : null,
    author: leadAuthor(record.expand?.authors),
    publishTime: record.publish_time,
    revision: revisedLater(record.revised_at, record.publish_time) ? { time: record.revised_at, note: record.revision_note.trim() } : null,
    modifiedTime: revisedLater(record.revised_at, record.publish_time) ? record.revised_at : record.publish_time,
    bannerUrl: record.banner_image ? fileUrl(record, record.banner_image) : "",
    imageUrl: share ? fileUrl(record, share) : "",
    meta: { title: record.meta_title || record.title, description: record.meta_description, keywords: record.meta_keywords },
  };
}

export interface BlogArticle extends ArticleHeader {
  summaryHtml: string;
  content: readonly MarkdownBlock[];
  tags: string[];
  product: ProductCardData | null;
  productCardType: CardType;
}

/** A published blog article with its authors, categories and product; its markdown rendered and sanitized. */
export async function getBlogArticle(pb: ContentClient, id: string): Promise<BlogArticle> {
  // The lists and the read-more block (on many pages) share this module: marked loads
  // only when an article is read, so it stays out of those pages' bundles.
  const [record, { renderMarkdown }] = await Promise.all([
    pb.collection(COLLECTIONS.articles).getOne<Article>(id, { expand: `authors,categories,${productExpand("product")}` }),
    import("./markdown"),
  ]);
  const product = record.expand?.product;
  return {
    ...articleHeader(record),
    summaryHtml: sanitizeHtml(record.summary),
    content: renderMarkdown(record.content),
    tags: tagList(record.tags, "space"),
    product: product ? productCard(product, Date.now()) : null,
    productCardType: cardTypeOf(record.product_cardtype),
  };
}

export { articlePath } from "./article-path";
