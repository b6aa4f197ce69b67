/**
 * Cache-Tag values of stored copies, for purges by tag on a Cloudflare zone (README
 * "Crawlers and caching"). A content read is tagged with its collection and with
 * `{collection}:{id}` for every record in its answer; a page carries the tags of every
 * read it was rendered from, so purging one record's tag drops each page and read that
 * shows it.
 */

/** On every stored page, every sitemap file and every stored content read. */
export const PAGE_TAG = "dp-page";
export const SITEMAP_TAG = "dp-sitemap";
export const READ_TAG = "dp-read";

export const CACHE_TAG_HEADER = "Cache-Tag";

/** Cloudflare keeps at most 16 KB of tags per response; stay clear of it. */
const MAX_HEADER_LENGTH = 15_000;

/** Tags are comma separated and may not contain spaces: anything else is not a tag of ours. */
const TAG_PART = /^[A-Za-z0-9_-]{1,64}$/;

const COLLECTION_PATH = /^\/api\/collections\/([^/]+)\/records(?:\/|$)/;

/** The collection a PocketBase read addresses, from its path; null for other paths (files). */
export function readCollection(pathname: string): string | null {
  const name = COLLECTION_PATH.exec(pathname)?.[1];
  if (!name) return null;
  try {
    const decoded = decodeURIComponent(name);
    return TAG_PART.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

function addRecord(tags: Set<string>, record: unknown, fallbackCollection: string | null): void {
  if (typeof record !== "object" || record === null || Array.isArray(record)) return;
  const { id, collectionName, expand } = record as { id?: unknown; collectionName?: unknown; expand?: unknown };
  // A `fields` selection can leave out collectionName; the read's own collection stands in
  // for its top-level records, never for expanded ones (they belong to other collections).
  const collection = typeof collectionName === "string" ? collectionName : fallbackCollection;
  if (typeof id === "string" && collection && TAG_PART.test(id) && TAG_PART.test(collection)) {
    tags.add(collection);
    tags.add(`${collection}:${id}`);
  }
  if (typeof expand !== "object" || expand === null) return;
  for (const related of Object.values(expand)) {
    for (const item of Array.isArray(related) ? related : [related]) addRecord(tags, item, null);
  }
}

/** Tags of a PocketBase records answer (a list or one record, with expanded relations). */
export function recordTags(collection: string, body: unknown): string[] {
  const tags = new Set<string>([READ_TAG, collection]);
  const items = (body as { items?: unknown } | null)?.items;
  if (Array.isArray(items)) for (const item of items) addRecord(tags, item, collection);
  else addRecord(tags, body, collection);
  return [...tags];
}

export function parseCacheTags(header: string | null): string[] {
  return header
    ? header
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [];
}

/**
 * The header value: sorted, without duplicates. A page showing so many records that their
 * tags would pass the limit keeps its collection tags only (README: purge the collection).
 */
export function formatCacheTags(tags: Iterable<string>): string {
  const unique = [...new Set(tags)].sort();
  const value = unique.join(",");
  if (value.length <= MAX_HEADER_LENGTH) return value;
  return unique.filter((tag) => !tag.includes(":")).join(",");
}

/** The origin answer of a records read of `collection` (readCollection's) with its
 * Cache-Tag header added; other reads (null) unchanged. */
export async function withRecordTags(response: Response, collection: string | null): Promise<Response> {
  if (!collection || !response.ok) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  try {
    headers.set(CACHE_TAG_HEADER, formatCacheTags(recordTags(collection, JSON.parse(text))));
  } catch {
    // Not JSON: stored untagged, the content client reports it as it would anyway.
  }
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}
