import { ClientResponseError } from "pocketbase";
import type { ListResult } from "./types";

/**
 * The content client: record reads over PocketBase's REST API (spec section 7), nothing
 * else. The site never signs in, writes or subscribes, so it does without the PocketBase
 * SDK's client (~10 KB gzip in every page's JavaScript). Failures are the SDK's own
 * `ClientResponseError` (its class alone is ~1 KB), so they carry the same url, status,
 * response and message ('Something went wrong.' when the answer has none).
 */
export interface ContentClient {
  collection(name: string): RecordReads;
  /** A filter expression with `{:name}` placeholders replaced by escaped literals. */
  filter(expression: string, params?: Record<string, unknown>): string;
  /** An editor's preview (src/edge/admin/preview.ts): offers still to start are listed as if
   * live, to be seen before they go live; never set for visitors. */
  showsScheduled?: boolean;
}

/** The spec's list parameters (section 7) besides page and perPage. */
export interface ReadOptions {
  filter?: string;
  sort?: string;
  expand?: string;
  fields?: string;
  skipTotal?: boolean;
}

export interface RecordReads {
  getList<T>(page?: number, perPage?: number, options?: ReadOptions): Promise<ListResult<T>>;
  /** Every record, read `batch` at a time. */
  getFullList<T>(options?: Omit<ReadOptions, "skipTotal"> & { batch?: number }): Promise<T[]>;
  /** The first record matching `filter`; a 404 error when none does. */
  getFirstListItem<T>(filter: string, options?: Omit<ReadOptions, "filter" | "skipTotal">): Promise<T>;
  getOne<T>(id: string, options?: Pick<ReadOptions, "expand" | "fields">): Promise<T>;
}

/** What a read answers, as the client needs it: the status and the body parsed as JSON
 * (undefined when it is not JSON). */
export interface ContentAnswer {
  status: number;
  body: unknown;
}

export interface ContentClientOptions {
  /** PocketBase origin on the server; the site's own origin in the browser. */
  baseUrl: string;
  /** In the browser: the window's fetch (by default, the global one). */
  fetch?: typeof fetch;
  /** On the server: the edge-cached read of a URL, answered without a Response in between
   * (in workerd each Response and its Headers cost tens of µs, and a page makes several reads). */
  read?: (url: string) => Promise<ContentAnswer>;
  /** See ContentClient.showsScheduled. */
  showsScheduled?: boolean;
}

// Spec section 7: every relative request carries these headers.
const HEADERS = { Authorization: "Bearer ", Accept: "application/json", "Content-Type": "application/json", "Cache-Control": "no-cache" };

const FULL_LIST_BATCH = 1000;

/**
 * One content client per request (server) or per page (browser). Reads go through
 * `/api/collections/...` either on PocketBase itself or on the Worker, which answers
 * the same paths from its edge cache.
 */
export function createContentClient({ baseUrl, fetch: fetchImpl, read: readImpl, showsScheduled }: ContentClientOptions): ContentClient {
  const origin = baseUrl.replace(/\/+$/, "");

  async function fetchAnswer(url: string): Promise<ContentAnswer> {
    // Called unbound: a browser's fetch refuses to run as a method of another object.
    const response = await (fetchImpl ? fetchImpl(url, { headers: HEADERS }) : fetch(url, { headers: HEADERS }));
    return { status: response.status, body: await response.json().catch(() => undefined) };
  }

  async function read<T>(url: string): Promise<T> {
    let answer: ContentAnswer;
    try {
      answer = await (readImpl ?? fetchAnswer)(url);
    } catch (error) {
      throw new ClientResponseError(error);
    }
    const { status, body } = answer;
    if (status >= 400 || body === null || typeof body !== "object") {
      throw new ClientResponseError({ url, status, data: body ?? {} });
    }
    return body as T;
  }

  function collection(name: string): RecordReads {
    const records = `${origin}/api/collections/${encodeURIComponent(name)}/records`;
    const reads: RecordReads = {
      getList: (page = 1, perPage = 30, options = {}) => read(records + queryString({ page, perPage, ...options })),
      async getFullList<T>({ batch = FULL_LIST_BATCH, ...options }: ReadOptions & { batch?: number } = {}) {
        const items: T[] = [];
        for (let page = 1; ; page++) {
          const list = await reads.getList<T>(page, batch, { ...options, skipTotal: true });
          items.push(...list.items);
          if (list.items.length < batch) return items;
        }
      },
      async getFirstListItem<T>(filter: string, options: ReadOptions = {}) {
        const [first] = (await reads.getList<T>(1, 1, { ...options, filter, skipTotal: true })).items;
        if (first === undefined) throw notFound(`${records}?`, "The requested resource wasn't found.");
        return first;
      },
      getOne: (id, options = {}) =>
        id ? read(`${records}/${encodeURIComponent(id)}${queryString(options)}`) : Promise.reject(notFound(`${records}/`, "Missing required record id.")),
    };
    return reads;
  }

  return { collection, filter: bindFilterParams, ...(showsScheduled && { showsScheduled }) };
}

/** Spec section 8: missing id and first-item lookups without a match answer 404. */
function notFound(url: string, message: string): ClientResponseError {
  return new ClientResponseError({ url, status: 404, response: { code: 404, message, data: {} } });
}

function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const pairs = Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
}

/** PocketBase's parameter binding (as its SDK does it): strings become quoted, escaped
 * literals, so input can never close a string and add a condition of its own. */
function bindFilterParams(expression: string, params: Record<string, unknown> = {}): string {
  return expression.replace(/\{:(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(params, name) ? filterLiteral(params[name]) : placeholder));
}

function filterLiteral(value: unknown): string {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString().replace("T", " "));
  const json = JSON.stringify(value);
  return json.startsWith("[") || json.startsWith("{") ? JSON.stringify(json) : json;
}

/** Filter: the multi-relation `field` holds any of `ids`. Values go through the
 * parameter binding. (`field ?= id` matches nothing on PocketBase 0.40; `field.id ?=` does.) */
export function relatesToAny(pb: ContentClient, field: string, ids: readonly string[]): string {
  const params = Object.fromEntries(ids.map((v, i) => [`v${i}`, v]));
  const expr = ids.map((_, i) => `${field}.id ?= {:v${i}}`).join(" || ");
  return pb.filter(expr, params);
}
