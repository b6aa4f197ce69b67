import { COLLECTIONS, PUBLIC_COLLECTIONS, resolvePublicCollection, type CollectionName } from "../../data/collections";
import { crc32 } from "../../lib/crc32";

// Worker only: the browser never builds file URLs from collection ids, so neither the
// checksum nor the table below belongs in its bundle.

/** The view collections (pb_migrations/1767225700_view_collections.js, 1767226100_offer_lifecycle.js,
 * 1767226700_article_list_categories.js, 1767227400_search_terms.js); the others are base. */
const VIEW_COLLECTIONS: ReadonlySet<CollectionName> = new Set([
  COLLECTIONS.storeFilters,
  COLLECTIONS.topDeals,
  COLLECTIONS.offerUsage,
  COLLECTIONS.articleListCategories,
  COLLECTIONS.searchTerms,
]);

/**
 * PocketBase's id of a collection created without an explicit id, as PocketBase derives
 * it: "pbc_" and the CRC-32 of type and name (core/collection_model.go). Records carry it
 * as `collectionId`, and the SDK's `files.getURL` puts it in file URLs.
 * test/worker/pocketbase-sdk.test.ts checks it against the server's own records.
 */
export function collectionId(name: CollectionName): string {
  return `pbc_${crc32((VIEW_COLLECTIONS.has(name) ? "view" : "base") + name)}`;
}

/** Collections whose files the Worker serves: the public ones and the site settings. */
const FILE_COLLECTIONS: ReadonlyMap<string, CollectionName> = new Map(
  [...Object.values(PUBLIC_COLLECTIONS), COLLECTIONS.websites].flatMap((name) => [
    [name, name],
    [collectionId(name), name],
  ]),
);

/** The collection of a file URL, named as the spec names it or by its PocketBase id. */
export function resolveFileCollection(nameOrId: string): CollectionName | undefined {
  return FILE_COLLECTIONS.get(nameOrId) ?? resolvePublicCollection(nameOrId);
}
