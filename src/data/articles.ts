import { relatesToAny, type ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { authorName, leadAuthor, type AuthorProfile } from "./authors";
import { fileUrl } from "./files";
import type { MarkdownBlock } from "./markdown";
import { cardTypeOf, productCard, productExpand, type ProductCardData } from "./products";
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
}

const SOURCES: Record<ArticleKind, ListSource> = {
  advertorials: { collection: COLLECTIONS.advertorials, subtitleField: "subtitle", storesPath: "stores" },
  comparisions: { collection: COLLECTIONS.comparisons, subtitleField: "subtitle", storesPath: "stores" },
  // A blog article has no subtitle: its summary (HTML) stands in, reduced to text by
  // PocketBase's excerpt modifier. It names stores through its offers.
  blog: { collection: COLLECTIONS.articles, subtitleField: "summary:excerpt(400)", storesPath: "offers.store" },
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
  expand?: { categories?: Pick<Category, "title">[]; authors?: Pick<Author, "first_name" | "last_name">[] };
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
}

/** A page of one list, newest first, with the first category and first author of each item. */
export async function listArticleItems(pb: ContentClient, kind: ArticleKind, query: ArticleListQuery = {}): Promise<ListResult<ArticleListItem>> {
  const source = SOURCES[kind];
  const { page = 1, perPage = ARTICLES_PER_PAGE, categoryIds = [], storeIds = [] } = query;
  const filters = [
    categoryIds.length ? relatesToAny(pb, "categories", categoryIds) : "",
    storeIds.length ? relatesToAny(pb, source.storesPath, storeIds) : "",
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

/**
 * The newest pieces across the three lists (advertorials, comparisons and blog articles
 * merged by publish time), without the one being read.
 */
export async function listReadMore(
  pb: ContentClient,
  { exclude = "", limit = READ_MORE_ITEMS }: { exclude?: string; limit?: number } = {},
): Promise<ArticleListItem[]> {
  // One more than needed from each list, in case the excluded piece is among them.
  const lists = await Promise.all(ARTICLE_KINDS.map((kind) => listArticleItems(pb, kind, { perPage: limit + 1 })));
  return lists
    .flatMap((list) => list.items)
    .filter((item) => item.id !== exclude)
    .sort((a, b) => (a.publishTime === b.publishTime ? a.id.localeCompare(b.id) : a.publishTime < b.publishTime ? 1 : -1))
    .slice(0, limit);
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
  /** Last edit (PocketBase's update_time), for structured data and sharing tags. */
  updateTime: string;
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
  | "update_time"
  | "meta_title"
  | "meta_description"
  | "meta_keywords"
> & {
  expand?: { authors?: Author[]; categories?: Category[] };
};

export function articleHeader(record: HeaderRecord): ArticleHeader {
  const category = record.expand?.categories?.[0];
  const share = record.featured_image || record.banner_image;
  return {
    id: record.id,
    title: record.title,
    category: category ? { id: category.id, title: category.title } : null,
    author: leadAuthor(record.expand?.authors),
    publishTime: record.publish_time,
    updateTime: record.update_time,
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
