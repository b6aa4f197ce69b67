/**
 * The sitemap's files, built from PocketBase page by page: an index, a file of the fixed
 * pages, and per content type files of at most `perFile` URLs (records in id order).
 */
import { articlePath, type ArticleKind } from "../../data/articles";
import { authorName } from "../../data/authors";
import type { ContentClient } from "../../data/client";
import { COLLECTIONS, type CollectionName } from "../../data/collections";
import { HOW_WE_RATE, HOW_WE_VERIFY_CODES } from "../../lib/method-pages";
import { MIN_ALTERNATIVES } from "../../lib/review-rules";
import { alternativesPath, authorPath, productPath, storePath } from "../../lib/slug";
import { INDEX_CLOSE, INDEX_OPEN, newest, sitemapChunks, sitemapEntry, urlEntry, URLSET_CLOSE, URLSET_OPEN, type SitemapChunk } from "../../lib/sitemap";

/** Child files sit at the root beside /sitemap.xml: the protocol lets a sitemap list only
 * URLs under its own directory, and the pages are all over the site. */
export const CHILD_PREFIX = "/sitemap-";

/** Records read per PocketBase request while a child file streams (PocketBase's maximum page size). */
export const READ_PAGE_SIZE = 1000;

/** A record as a sitemap file reads it: its id, update time and the fields its address needs. */
type SitemapRecord = { id: string; update_time: string } & Record<string, string>;

interface RecordSource {
  collection: CollectionName;
  /** The fields its address is made of (id and update_time are always read). */
  fields: string;
  /** Which of the collection's records have a page; "" for all. */
  filter: string;
  path(record: SitemapRecord): string;
}

const articleSource = (kind: ArticleKind, collection: CollectionName): RecordSource => ({
  collection,
  fields: "title",
  filter: "",
  path: (record) => articlePath({ kind, title: record.title ?? "", id: record.id }),
});

/** One child sitemap series per content type with its own addresses. Only published records
 * have pages, and the collection rules answer nothing else to the Worker; an alternatives page
 * is published with enough alternatives (issue 53), which the view counts. */
const RECORD_SOURCES = {
  stores: { collection: COLLECTIONS.stores, fields: "title", filter: "", path: (record) => storePath({ id: record.id, title: record.title ?? "" }) },
  advertorials: articleSource("advertorials", COLLECTIONS.advertorials),
  comparisions: articleSource("comparisions", COLLECTIONS.comparisons),
  blog: articleSource("blog", COLLECTIONS.articles),
  products: { collection: COLLECTIONS.products, fields: "name", filter: "", path: (record) => productPath({ id: record.id, name: record.name ?? "" }) },
  alternatives: {
    collection: COLLECTIONS.productAlternatives,
    fields: "name",
    filter: `alternatives >= ${MIN_ALTERNATIVES}`,
    path: (record) => alternativesPath({ id: record.id, name: record.name ?? "" }),
  },
  authors: {
    collection: COLLECTIONS.authors,
    fields: "first_name,last_name",
    filter: "",
    path: (record) => authorPath({ id: record.id, name: authorName({ first_name: record.first_name ?? "", last_name: record.last_name ?? "" }) }),
  },
} satisfies Record<string, RecordSource>;

type RecordType = keyof typeof RECORD_SOURCES;
const RECORD_TYPES = Object.keys(RECORD_SOURCES) as RecordType[];

/** The fixed pages, each with the collections whose updates change it (its lastmod). */
export const STATIC_PAGES: ReadonlyArray<{ path: string; shows: readonly CollectionName[] }> = [
  {
    path: "/",
    shows: [
      COLLECTIONS.stores,
      COLLECTIONS.offers,
      COLLECTIONS.categories,
      COLLECTIONS.banners,
      COLLECTIONS.advertorials,
      COLLECTIONS.comparisons,
      COLLECTIONS.articles,
    ],
  },
  { path: "/offers", shows: [COLLECTIONS.offers] },
  { path: "/stores", shows: [COLLECTIONS.stores] },
  { path: "/advertorials", shows: [COLLECTIONS.advertorials] },
  { path: "/comparisions", shows: [COLLECTIONS.comparisons] },
  { path: "/blog", shows: [COLLECTIONS.articles] },
  // Fixed text: no update time to report.
  { path: "/about-us", shows: [] },
  { path: HOW_WE_VERIFY_CODES, shows: [] },
  { path: HOW_WE_RATE, shows: [] },
  { path: "/contact-us", shows: [] },
  { path: "/privacy-policy", shows: [] },
  { path: "/terms-of-use", shows: [] },
  { path: "/cookie-policy", shows: [] },
  { path: "/do-not-sell-or-share", shows: [] },
];

const childPath = (type: RecordType | "static", file: number) => `${CHILD_PREFIX}${type}-${file}.xml`;
export const CHILD_FILE = /^(static|stores|advertorials|comparisions|blog|products|alternatives|authors)-([1-9]\d{0,5})\.xml$/;

/** Clauses joined with &&, empty ones left out: each is one comparison, none needs parentheses. */
const both = (...clauses: string[]) => clauses.filter(Boolean).join(" && ");

async function countRecords(pb: ContentClient, source: RecordSource): Promise<number> {
  return (await pb.collection(source.collection).getList(1, 1, { fields: "id", filter: source.filter })).totalItems;
}

/** Files split the records in id order; a file starts at the id found at its offset. */
async function idAt(pb: ContentClient, source: RecordSource, offset: number): Promise<string | undefined> {
  const list = await pb
    .collection(source.collection)
    .getList<{ id: string }>(offset + 1, 1, { sort: "id", fields: "id", filter: source.filter, skipTotal: true });
  return list.items[0]?.id;
}

async function newestUpdate(pb: ContentClient, collection: string, filter = ""): Promise<string | undefined> {
  const list = await pb.collection(collection).getList<{ update_time: string }>(1, 1, { sort: "-update_time", fields: "update_time", filter, skipTotal: true });
  return list.items[0]?.update_time;
}

function idRange(pb: ContentClient, from: string | undefined, to: string | undefined): string {
  const parts = [from ? pb.filter("id >= {:from}", { from }) : "", to ? pb.filter("id < {:to}", { to }) : ""].filter(Boolean);
  return parts.join(" && ");
}

async function staticLastmods(pb: ContentClient): Promise<Map<string, string | undefined>> {
  const collections = [...new Set(STATIC_PAGES.flatMap((page) => page.shows))];
  const updates = new Map(await Promise.all(collections.map(async (c) => [c, await newestUpdate(pb, c)] as const)));
  return new Map(STATIC_PAGES.map((page) => [page.path, page.shows.map((c) => updates.get(c)).reduce(newest, undefined)]));
}

/** A type's files with their lastmod: the newest update among each file's records. */
async function recordFiles(pb: ContentClient, type: RecordType, perFile: number): Promise<Array<{ file: number; lastmod: string | undefined }>> {
  const source: RecordSource = RECORD_SOURCES[type];
  const chunks = sitemapChunks(await countRecords(pb, source), perFile);
  const starts = await Promise.all(chunks.map((chunk) => (chunk.offset === 0 ? undefined : idAt(pb, source, chunk.offset))));
  return Promise.all(
    chunks.map(async (chunk, i) => ({
      file: chunk.file,
      lastmod: await newestUpdate(pb, source.collection, both(source.filter, idRange(pb, starts[i], starts[i + 1]))),
    })),
  );
}

/** The sitemap index: the static file, then each content type's files, with their lastmod. */
export async function sitemapIndexXml(pb: ContentClient, siteOrigin: string, perFile: number): Promise<string> {
  const [lastmods, ...typeFiles] = await Promise.all([staticLastmods(pb), ...RECORD_TYPES.map((type) => recordFiles(pb, type, perFile))]);
  const staticLastmod = [...lastmods.values()].reduce(newest, undefined);
  let xml = INDEX_OPEN + sitemapEntry(`${siteOrigin}${childPath("static", 1)}`, staticLastmod);
  RECORD_TYPES.forEach((type, i) => {
    for (const { file, lastmod } of typeFiles[i] ?? []) xml += sitemapEntry(`${siteOrigin}${childPath(type, file)}`, lastmod);
  });
  return xml + INDEX_CLOSE;
}

async function staticFileXml(pb: ContentClient, siteOrigin: string): Promise<string> {
  const lastmods = await staticLastmods(pb);
  return URLSET_OPEN + STATIC_PAGES.map((page) => urlEntry(`${siteOrigin}${page.path}`, lastmods.get(page.path))).join("") + URLSET_CLOSE;
}

/**
 * One child file, streamed: the records of `chunk` in id order, read `READ_PAGE_SIZE` at
 * a time as the client takes the text, so no more than one page of records is held. The
 * first page is read before the answer starts, so an unreachable PocketBase is a 503,
 * not a truncated file; a later failure errors the stream (and nothing is cached).
 */
async function streamRecordFile(pb: ContentClient, siteOrigin: string, source: RecordSource, chunk: SitemapChunk): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder();
  const start = chunk.offset === 0 ? undefined : await idAt(pb, source, chunk.offset);
  let remaining = chunk.size;
  let lastId = "";
  const readPage = (filter: string) =>
    pb.collection(source.collection).getList<SitemapRecord>(1, Math.min(READ_PAGE_SIZE, remaining), {
      sort: "id",
      filter: both(source.filter, filter),
      fields: `id,update_time,${source.fields}`,
      skipTotal: true,
    });
  let page: SitemapRecord[] | undefined = (await readPage(idRange(pb, start, undefined))).items;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(URLSET_OPEN));
    },
    async pull(controller) {
      const records = page ?? (await readPage(pb.filter("id > {:last}", { last: lastId }))).items;
      page = undefined;
      remaining -= records.length;
      controller.enqueue(encoder.encode(records.map((record) => urlEntry(`${siteOrigin}${source.path(record)}`, record.update_time)).join("")));
      lastId = records.at(-1)?.id ?? lastId;
      if (remaining <= 0 || records.length < READ_PAGE_SIZE) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
      }
    },
  });
}

/**
 * The child file named `name` ("stores-2.xml"): text for the static pages, a stream for a
 * content type's records; null when there is no such file.
 */
export async function sitemapFile(pb: ContentClient, siteOrigin: string, name: string, perFile: number): Promise<string | ReadableStream<Uint8Array> | null> {
  const match = CHILD_FILE.exec(name);
  if (!match) return null;
  const type = match[1] as RecordType | "static";
  const file = Number(match[2]);
  if (type === "static") return file === 1 ? staticFileXml(pb, siteOrigin) : null;
  const source: RecordSource = RECORD_SOURCES[type];
  const chunk = sitemapChunks(await countRecords(pb, source), perFile)[file - 1];
  return chunk ? streamRecordFile(pb, siteOrigin, source, chunk) : null;
}

/** Every collection a sitemap file reads: their tags go on the cached files. */
export const SITEMAP_COLLECTIONS = [...new Set([...Object.values(RECORD_SOURCES).map((s) => s.collection), ...STATIC_PAGES.flatMap((page) => page.shows)])];
