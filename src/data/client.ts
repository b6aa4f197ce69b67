import PocketBase from "pocketbase";

export type ContentClient = PocketBase;

export interface ContentClientOptions {
  /** PocketBase origin on the server; the site's own origin in the browser. */
  baseUrl: string;
  /** On the server: the edge-cached read. In the browser: the window's fetch. */
  fetch?: typeof fetch;
}

/**
 * One content client per request (server) or per page (browser). Reads go through
 * `/api/collections/...` either on PocketBase itself or on the Worker, which answers
 * the same paths from its edge cache.
 */
export function createContentClient({ baseUrl, fetch: fetchImpl }: ContentClientOptions): ContentClient {
  const pb = new PocketBase(baseUrl);
  // Several loaders read the same collection at once; the SDK would cancel all but one.
  pb.autoCancellation(false);
  pb.beforeSend = (url, options) => {
    if (fetchImpl) options.fetch = fetchImpl;
    // Spec section 7: every relative request carries these headers.
    options.headers = {
      ...options.headers,
      Authorization: "Bearer ",
      Accept: "application/json",
      "Content-Type": "application/json",
      "Cache-Control": "no-cache",
    };
    return { url, options };
  };
  return pb;
}

/** Filter: the multi-relation `field` holds any of `ids`. Values go through the SDK's
 * parameter binding. (`field ?= id` matches nothing on PocketBase 0.40; `field.id ?=` does.) */
export function relatesToAny(pb: ContentClient, field: string, ids: readonly string[]): string {
  const params = Object.fromEntries(ids.map((v, i) => [`v${i}`, v]));
  const expr = ids.map((_, i) => `${field}.id ?= {:v${i}}`).join(" || ");
  return pb.filter(expr, params);
}
