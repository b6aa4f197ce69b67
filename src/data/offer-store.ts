import { fileUrl } from "./files";
import type { Store } from "./types";

/**
 * The store an offer names wherever offers from several stores are listed (home, /offers,
 * search and its suggestions): two stores can have the same "80% off the family plan".
 * Expanded by the read that lists the offers, never read per offer. A module of its own so
 * the search reads name the store without loading the offer reads' sanitizer.
 */
export type OfferStore = Pick<Store, "id" | "collectionName" | "title" | "logo">;

/** The fields of `OfferStore`, for a read that expands `store`. */
export const OFFER_STORE_FIELDS = "expand.store.id,expand.store.collectionName,expand.store.title,expand.store.logo";

/** The store's logo as the small thumbnail shown beside its name; "" when it has none. */
export function storeLogoUrl(store: OfferStore): string {
  return store.logo ? fileUrl(store, store.logo, "100x100") : "";
}
