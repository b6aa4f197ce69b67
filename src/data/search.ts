import { htmlToText, likePattern, looseLikePattern, matchScore, searchPhrase, searchWords } from "../lib/search-text";
import { isCorrectable, joinLookup, type Term, type TypoVariant, typoVariants, type VocabularyLookup, variantPhrase, wordLookup } from "../lib/search-typos";
import { productPath, storePath } from "../lib/slug";
import { truncateChars } from "../lib/text";
import { articlePath } from "./article-path";
import type { ArticleKind } from "./articles";
import type { ContentClient } from "./client";
import { COLLECTIONS } from "./collections";
import { fileUrl } from "./files";
import { listLive } from "./live-offers";
import { isOffered, type CountryScope } from "./offer-countries";
import { OFFER_STORE_FIELDS, type OfferStore, storeLogoUrl } from "./offer-store";
import type { ListResult } from "./types";
import { SEARCH_KINDS, type SearchHit, type SearchKind, type Suggestion } from "./search-kinds";

export { SEARCH_KINDS, type SearchHit, type SearchKind, type Suggestion };

export const SEARCH_PER_PAGE = 12;
/** Candidates read per kind (the most popular or newest first). Ranking happens in the
 * Worker over these; a kind with more matching records says so ("100+"). */
export const SEARCH_CANDIDATES = 100;
const SNIPPET_MAX = 140;

export interface SearchQuery {
  /** What the visitor typed, trimmed. */
  text: string;
  /** A category title the visitor prefers, or null. Its matches come first; it never hides others. */
  category: string | null;
}

/**
 * A record as read for ranking. Of up to 100 candidates a kind, a page shows 12: the hit
 * (slugs, file URLs, snippets) is built for those only, and the description is converted
 * to plain text only when the title and the short fields do not settle the score.
 */
interface Candidate {
  kind: SearchKind;
  id: string;
  title: string;
  /** Its short texts (subheading, tags…), where its words are also looked for, as in its categories' titles. */
  texts: string[];
  /** Its long text as plain text, looked in last: converted from HTML only when needed. */
  description: () => string;
  categories: string[];
  /** Popularity within its kind (higher first) for equal scores. */
  popularity: number;
  hit: () => Omit<SearchHit, "kind" | "inCategory">;
}

interface CandidateList {
  items: Candidate[];
  /** More records matched the filter than were read. */
  truncated: boolean;
}

/** Where a kind's words are looked for: title fields weigh more than body fields. */
interface SearchedFields {
  title: readonly string[];
  body: readonly string[];
}

/**
 * Every word of a query must appear in one of the fields (any order): AND over words, OR
 * over fields (and, when `loose`, over the word's strict and loose patterns); a record
 * matching any of the `queries` (the typed one, or the typos' variants) is read. Values are
 * bound by `pb.filter`. Multi-relation paths use `?~` (any related record).
 */
export function candidateFilter(pb: ContentClient, queries: readonly (readonly string[])[], { title, body }: SearchedFields, loose: boolean): string {
  const params: Record<string, string> = {};
  const anyQuery = queries.map((words, q) => {
    const clauses = words.map((word, w) => {
      const patterns = [likePattern(word), loose ? looseLikePattern(word) : null].filter((p) => p !== null);
      const alternatives = patterns.flatMap((pattern, p) => {
        const name = `q${q}w${w}p${p}`;
        params[name] = pattern;
        return [...title, ...body].map((field) => `${field} {:${name}}`);
      });
      return `(${alternatives.join(" || ")})`;
    });
    return clauses.join(" && ");
  });
  return pb.filter(anyQuery.length > 1 ? anyQuery.map((clause) => `(${clause})`).join(" || ") : (anyQuery[0] ?? ""), params);
}

type Read<R> = (filter: string) => Promise<ListResult<R>>;

/**
 * The records whose fields hold every word of one of `queries`: first as typed (folded),
 * then, when that read was not already full and a word could be accented in the content,
 * the loose patterns' extra records. Two reads so that the loose patterns' near misses
 * never crowd true matches out of the bounded set.
 */
async function matchingRecords<R extends { id: string }>(
  pb: ContentClient,
  queries: readonly (readonly string[])[],
  fields: SearchedFields,
  read: Read<R>,
): Promise<{ records: R[]; truncated: boolean }> {
  const strict = await read(candidateFilter(pb, queries, fields, false));
  const truncated = strict.totalItems > strict.items.length;
  if (truncated || !queries.some((words) => words.some((word) => looseLikePattern(word) !== null))) return { records: strict.items, truncated };
  const loose = await read(candidateFilter(pb, queries, fields, true));
  const seen = new Set(strict.items.map((r) => r.id));
  return { records: [...strict.items, ...loose.items.filter((r) => !seen.has(r.id))], truncated };
}

/** `field ~` for a field of the record, `field ?~` for a path through a multi-relation. */
const like = (field: string) => (field.includes("[]") ? `${field.replace("[]", "")} ?~` : `${field} ~`);

function fieldsOf(searched: { title: readonly string[]; body: readonly string[] }): SearchedFields {
  return { title: searched.title.map(like), body: searched.body.map(like) };
}

type Titled = { title: string };
type Files = { id: string; collectionId: string; collectionName: string };

interface StoreRecord extends Files {
  title: string;
  subheading: string;
  description: string;
  logo: string;
  rating: number;
  reviewers: number;
  rating_source: string;
  expand?: { category_ids?: Titled[] };
}

interface OfferRecord extends Files {
  heading: string;
  subheading: string;
  coupon_code: string;
  description: string;
  thumbnail: string;
  click_count: number;
  countries: string[];
  expand?: { store?: OfferStore; categories?: Titled[] };
}

interface PublishedRecord extends Files {
  title: string;
  subtitle?: string;
  summary?: string;
  tags: string;
  featured_image: string;
  banner_image: string;
  publish_time: string;
  expand?: { categories?: Titled[] };
}

interface ProductRecord extends Files {
  name: string;
  brand: string;
  headline: string;
  summary: string;
  tags: string;
  featured_image: string;
  click_count: number;
  expand?: { categories?: Titled[] };
}

/** One bounded read of a kind's candidates. */
function candidateReader<R>(pb: ContentClient, collection: string, options: { sort: string; fields: string; expand: string }): Read<R> {
  return (filter) => pb.collection(collection).getList<R>(1, SEARCH_CANDIDATES, { filter, ...options });
}

const titles = (records: Titled[] | undefined) => (records ?? []).map((r) => r.title);

const STORE_FIELDS = { title: ["title"], body: ["subheading", "description", "category_ids[].title"] };

async function storeCandidates(pb: ContentClient, queries: Queries): Promise<CandidateList> {
  const read = candidateReader<StoreRecord>(pb, COLLECTIONS.stores, {
    sort: "-reviewers,title",
    expand: "category_ids",
    fields: "id,collectionId,collectionName,title,subheading,description,logo,rating,reviewers,rating_source,expand.category_ids.title",
  });
  const { records, truncated } = await matchingRecords(pb, queries, fieldsOf(STORE_FIELDS), read);
  const items = records.map((store) => ({
    kind: "stores" as const,
    id: store.id,
    hit: () => ({
      id: store.id,
      title: store.title,
      snippet: store.subheading,
      href: storePath(store),
      imageUrl: store.logo ? fileUrl(store, store.logo, "100x100") : "",
      ...(store.rating > 0 && store.reviewers > 0 ? { rating: { value: store.rating, count: store.reviewers, source: store.rating_source } } : {}),
    }),
    title: store.title,
    texts: [store.subheading],
    description: () => htmlToText(store.description),
    categories: titles(store.expand?.category_ids),
    popularity: store.reviewers,
  }));
  return { items, truncated };
}

/** A coupon is found by its code too (visitors paste codes they saw elsewhere); the code is
 * matched, never shown: a hit shows the heading and subheading only. */
const OFFER_FIELDS = { title: ["heading"], body: ["subheading", "coupon_code", "description", "store.title", "categories[].title"] };

/**
 * The offers a search may show, matching `filter`. The one read of offers for search (and
 * the header's suggestions): a rule on which offers are live belongs here.
 */
export function readSearchOffers(pb: ContentClient, filter: string): Promise<ListResult<OfferRecord>> {
  // Live offers only; their dates are read so the edge ends the read's freshness at the next
  // start or expiry (src/edge/cache/offer-schedule.ts).
  return listLive<OfferRecord>(pb, COLLECTIONS.offers, 1, SEARCH_CANDIDATES, {
    filter,
    sort: "-click_count,id",
    expand: "store,categories",
    fields: `id,collectionId,collectionName,heading,subheading,coupon_code,description,thumbnail,click_count,countries,starts_at,expires_at,${OFFER_STORE_FIELDS},expand.categories.title`,
  });
}

/** The offers matching `words` and offered in the scope's country (the read is every country's). */
async function offerCandidates(pb: ContentClient, queries: Queries, scope: CountryScope): Promise<CandidateList> {
  const { records, truncated } = await matchingRecords(pb, queries, fieldsOf(OFFER_FIELDS), (filter) => readSearchOffers(pb, filter));
  const items = records.flatMap((offer) => {
    const store = offer.expand?.store;
    // An offer is shown on its store's page; without a store it has nowhere to link.
    if (!store || !isOffered(scope, offer.countries)) return [];
    return [
      {
        kind: "offers" as const,
        id: offer.id,
        hit: () => ({
          id: offer.id,
          title: offer.heading,
          snippet: offer.subheading,
          store: { title: store.title, logoUrl: storeLogoUrl(store) },
          href: storePath(store),
          imageUrl: offer.thumbnail ? fileUrl(offer, offer.thumbnail, "400x0") : "",
        }),
        title: offer.heading,
        texts: [offer.subheading, offer.coupon_code, store.title],
        description: () => htmlToText(offer.description),
        categories: titles(offer.expand?.categories),
        popularity: offer.click_count,
      },
    ];
  });
  return { items, truncated };
}

/** The three published kinds, by their collection and the route segment of their pages. */
const PUBLISHED: Record<"comparisons" | "advertorials" | "articles", { collection: string; route: ArticleKind; fields: SearchedFields; text: string }> = {
  comparisons: {
    collection: COLLECTIONS.comparisons,
    route: "comparisions",
    fields: { title: ["title"], body: ["subtitle", "tags", "categories[].title"] },
    text: "subtitle",
  },
  advertorials: {
    collection: COLLECTIONS.advertorials,
    route: "advertorials",
    fields: { title: ["title"], body: ["subtitle", "summary", "tags", "categories[].title"] },
    text: "subtitle,summary",
  },
  articles: { collection: COLLECTIONS.articles, route: "blog", fields: { title: ["title"], body: ["summary", "tags", "categories[].title"] }, text: "summary" },
};

async function publishedCandidates(pb: ContentClient, kind: keyof typeof PUBLISHED, queries: Queries): Promise<CandidateList> {
  const source = PUBLISHED[kind];
  const read = candidateReader<PublishedRecord>(pb, source.collection, {
    sort: "-publish_time,id",
    expand: "categories",
    fields: `id,collectionId,collectionName,title,${source.text},tags,featured_image,banner_image,publish_time,expand.categories.title`,
  });
  const { records, truncated } = await matchingRecords(pb, queries, fieldsOf(source.fields), read);
  const items = records.map((record) => {
    const text = () => [record.subtitle ?? "", htmlToText(record.summary ?? "")].filter(Boolean).join(" · ");
    return {
      kind,
      id: record.id,
      hit: () => {
        const image = record.featured_image || record.banner_image;
        return {
          id: record.id,
          title: record.title,
          snippet: truncateChars(text(), SNIPPET_MAX),
          href: articlePath({ kind: source.route, title: record.title, id: record.id }),
          imageUrl: image ? fileUrl(record, image, "400x0") : "",
        };
      },
      title: record.title,
      texts: [record.subtitle ?? "", record.tags],
      description: () => htmlToText(record.summary ?? ""),
      categories: titles(record.expand?.categories),
      popularity: Date.parse(record.publish_time) || 0,
    };
  });
  return { items, truncated };
}

const PRODUCT_FIELDS = { title: ["name"], body: ["brand", "headline", "summary", "tags", "categories[].title"] };

async function productCandidates(pb: ContentClient, queries: Queries): Promise<CandidateList> {
  const read = candidateReader<ProductRecord>(pb, COLLECTIONS.products, {
    sort: "-click_count,id",
    expand: "categories",
    fields: "id,collectionId,collectionName,name,brand,headline,summary,tags,featured_image,click_count,expand.categories.title",
  });
  const { records, truncated } = await matchingRecords(pb, queries, fieldsOf(PRODUCT_FIELDS), read);
  // Its result leads to its page (issue 53).
  const items = records.map((product) => ({
    kind: "products" as const,
    id: product.id,
    hit: () => ({
      id: product.id,
      title: product.name,
      snippet: truncateChars([product.brand, product.headline].filter(Boolean).join(" · "), SNIPPET_MAX),
      href: productPath(product),
      imageUrl: product.featured_image ? fileUrl(product, product.featured_image, "400x0") : "",
    }),
    title: product.name,
    texts: [product.brand, product.headline, product.tags],
    description: () => htmlToText(product.summary),
    categories: titles(product.expand?.categories),
    popularity: product.click_count,
  }));
  return { items, truncated };
}

/** What a kind's read looks for: the typed words, or the typos' variants (each a list of words). */
type Queries = readonly (readonly string[])[];

function readKind(pb: ContentClient, kind: SearchKind, queries: Queries, scope: CountryScope): Promise<CandidateList> {
  switch (kind) {
    case "stores":
      return storeCandidates(pb, queries);
    case "offers":
      return offerCandidates(pb, queries, scope);
    case "products":
      return productCandidates(pb, queries);
    default:
      return publishedCandidates(pb, kind, queries);
  }
}

/** The filter of a lookup of the vocabulary (pb_migrations/1767227400_search_terms.js):
 * its words as they are, and each `_` pattern wrapped in `%` (so PocketBase passes it as
 * written) with the length of the words it stands for, so that it matches whole words only. */
export function termFilter(pb: ContentClient, { exact, like }: VocabularyLookup): string {
  const params: Record<string, string> = {};
  const clauses = [
    ...exact.map((word, i) => {
      params[`e${i}`] = word;
      return `id={:e${i}}`;
    }),
    ...like.map(({ pattern, chars }, i) => {
      params[`l${i}`] = `%${pattern}%`;
      return `(id~{:l${i}}&&chars=${chars})`;
    }),
  ];
  return pb.filter(clauses.join("||"), params);
}

/** The words of the vocabulary a lookup finds: at most a few dozen. */
async function lookUpTerms(pb: ContentClient, lookup: VocabularyLookup): Promise<Term[]> {
  const list = await pb
    .collection(COLLECTIONS.searchTerms)
    .getList<Term>(1, TERM_LOOKUP_SIZE, { filter: termFilter(pb, lookup), fields: "id,records", skipTotal: true });
  return list.items;
}

const TERM_LOOKUP_SIZE = 100;

/** The variants a search also runs for the typos in `words` (src/lib/search-typos.ts): one
 * lookup of the vocabulary per correctable word and one of the pairs joined, in parallel. */
async function variantsFor(pb: ContentClient, words: readonly string[]): Promise<TypoVariant[]> {
  const correctable = words.filter(isCorrectable);
  const pairs = joinLookup(words);
  if (!correctable.length && !pairs) return [];
  const [found, joined] = await Promise.all([
    Promise.all(correctable.map(async (word) => [word, await lookUpTerms(pb, wordLookup(word))] as const)),
    pairs ? lookUpTerms(pb, pairs) : [],
  ]);
  return typoVariants(words, new Map(found), new Set(joined.map((term) => term.id)));
}

/** A candidate that matched, with its score. */
interface Match {
  candidate: Candidate;
  score: number;
  /** Matched as typed; false when only a typo's variant matched. */
  exact: boolean;
  inCategory: boolean;
}

const KIND_ORDER = Object.fromEntries(SEARCH_KINDS.map((kind, i) => [kind, i])) as Record<SearchKind, number>;

/** Chosen category first (when there is one), then matches as typed before typos' matches,
 * then score, then kind order, popularity, title. */
function compareMatches(a: Match, b: Match): number {
  return (
    Number(b.inCategory) - Number(a.inCategory) ||
    Number(b.exact) - Number(a.exact) ||
    b.score - a.score ||
    KIND_ORDER[a.candidate.kind] - KIND_ORDER[b.candidate.kind] ||
    b.candidate.popularity - a.candidate.popularity ||
    a.candidate.title.localeCompare(b.candidate.title)
  );
}

/** A match as a list of results shows it: built only for the matches shown. */
function shownHit({ candidate, inCategory }: Match): SearchHit {
  return { kind: candidate.kind, ...candidate.hit(), inCategory };
}

interface RankedResults {
  /** Every match, best first. */
  matches: Match[];
  counts: Record<SearchKind, number>;
  /** Kinds with more matching records than were read. */
  truncated: SearchKind[];
}

/**
 * Every kind's matches for `query`, ranked together by relevance; offers only those offered
 * in the scope's country. When the words as typed match fewer than `enough` records, the
 * typos' variants are searched too (src/lib/search-typos.ts) and their matches follow.
 */
async function rankedSearch(
  pb: ContentClient,
  { text, category }: SearchQuery,
  scope: CountryScope,
  { kinds = SEARCH_KINDS, enough }: { kinds?: readonly SearchKind[]; enough: number },
): Promise<RankedResults> {
  const words = searchWords(text);
  const counts = Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, 0])) as Record<SearchKind, number>;
  if (!words.length) return { matches: [], counts, truncated: [] };
  const truncated = new Set<SearchKind>();
  const matches: Match[] = [];
  const matched = new Set<string>();
  const collect = async (queries: Queries, score: (candidate: Candidate) => number, exact: boolean) => {
    const lists = await Promise.all(kinds.map((kind) => readKind(pb, kind, queries, scope)));
    lists.forEach((list, i) => {
      if (list.truncated) truncated.add(kinds[i] as SearchKind);
      for (const candidate of list.items) {
        const key = `${candidate.kind}:${candidate.id}`;
        if (matched.has(key)) continue;
        const points = score(candidate);
        if (!points) continue;
        matched.add(key);
        matches.push({ candidate, score: points, exact, inCategory: category !== null && candidate.categories.includes(category) });
        counts[candidate.kind]++;
      }
    });
  };
  // Cheap parts first: the description is converted only if they leave a word unsettled.
  const scoreFor = (queryWords: readonly string[], phrase: string) => (candidate: Candidate) =>
    matchScore(queryWords, candidate.title, [...candidate.texts, ...candidate.categories, candidate.description], phrase);
  const phrase = searchPhrase(text);
  await collect([words], scoreFor(words, phrase), true);
  if (matches.length < enough) {
    const variants = await variantsFor(pb, words);
    if (variants.length) {
      const scorers = variants.map((variant) => scoreFor(variant.words, variantPhrase(phrase, variant)));
      await collect(
        variants.map((variant) => variant.words),
        (candidate) => Math.max(...scorers.map((score) => score(candidate))),
        false,
      );
    }
  }
  matches.sort(compareMatches);
  return { matches, counts, truncated: kinds.filter((kind) => truncated.has(kind)) };
}

export interface SearchPageResults {
  /** This page's hits. */
  hits: SearchHit[];
  /** The kind shown, or null for all kinds together. */
  kind: SearchKind | null;
  page: number;
  totalPages: number;
  /** Matches of the shown kind(s). */
  total: number;
  counts: Record<SearchKind, number>;
  truncated: SearchKind[];
  /** Of the shown matches, how many are in the chosen category (they come first). */
  inCategory: number;
}

/** One page of the ranked matches, of one kind or of all. */
export async function search(
  pb: ContentClient,
  query: SearchQuery,
  { kind, page, scope }: { kind: SearchKind | null; page: number; scope: CountryScope },
): Promise<SearchPageResults> {
  const ranked = await rankedSearch(pb, query, scope, { enough: SEARCH_PER_PAGE });
  const shown = kind ? ranked.matches.filter((match) => match.candidate.kind === kind) : ranked.matches;
  const totalPages = Math.ceil(shown.length / SEARCH_PER_PAGE);
  return {
    hits: shown.slice((page - 1) * SEARCH_PER_PAGE, page * SEARCH_PER_PAGE).map(shownHit),
    kind,
    page,
    totalPages,
    total: shown.length,
    counts: ranked.counts,
    truncated: ranked.truncated,
    inCategory: shown.filter((match) => match.inCategory).length,
  };
}

/** What the header suggests while the visitor types: the best few stores, offers and articles. */
export const SUGGESTION_KINDS: readonly SearchKind[] = ["stores", "offers", "comparisons", "advertorials", "articles"];
export const MAX_SUGGESTIONS = 8;

export async function suggest(pb: ContentClient, text: string, scope: CountryScope): Promise<Suggestion[]> {
  const { matches } = await rankedSearch(pb, { text, category: null }, scope, { kinds: SUGGESTION_KINDS, enough: MAX_SUGGESTIONS });
  return matches.slice(0, MAX_SUGGESTIONS).map((match) => {
    const { kind, title, href, store } = shownHit(match);
    return store ? { kind, title, href, store: store.title } : { kind, title, href };
  });
}
