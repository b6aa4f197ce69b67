/** Record ids are PocketBase's: lowercase letters and digits. */
const RECORD_ID = /^[a-z0-9]{1,32}$/;

/** Where the store page can learn which store to show, in the spec's order of precedence. */
export interface StoreIdSources {
  /** The state the client navigation carries (store cards pass `{ storeId }`). */
  navigationState?: unknown;
  /** The id session storage remembers for the address's title segment. */
  remembered?: string | null;
  /** The route's `:id`. */
  routeId?: string;
  /** The `id` query parameter. */
  queryId?: string | null;
}

const idFromState = (state: unknown): unknown => (typeof state === "object" && state !== null && "storeId" in state ? state.storeId : undefined);

/**
 * Spec, Store page: "the store id comes from navigation state, else session storage, else
 * route parameter id or query parameter id". A source holding anything but a record id is
 * skipped, so a stale or hand-made value can never reach a query.
 */
export function resolveStoreId({ navigationState, remembered, routeId, queryId }: StoreIdSources): string | undefined {
  const candidates = [idFromState(navigationState), remembered, routeId, queryId];
  return candidates.find((id): id is string => typeof id === "string" && RECORD_ID.test(id));
}
