import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import { resolvePublicCollection, WEBSITE_RELATIONS, DEFAULT_PAGE, DEFAULT_PER_PAGE, COLLECTIONS } from "../../data/collections";
import { resolveFileCollection } from "./file-collections";
import { pocketbasePaging, sortedSearch } from "../../lib/query";
import { CACHE_STATUS_HEADER } from "./cache";
import type { AppEnv } from "../app-env";
import { INTERNAL_HEADERS } from "../middleware/internal-headers";
import { freshUntil } from "./offer-schedule";
import { MAX_PARAM_LENGTH } from "./content-params";

/** Query parameters of a list read the Worker forwards (spec section 7); others are dropped. */
const LIST_PARAMS = ["page", "perPage", "filter", "sort", "expand", "fields", "skipTotal"] as const;
const VIEW_PARAMS = ["expand", "fields"] as const;
/** PocketBase's ceiling (tools/search: MaxPerPage); the SDK's getFullList asks for exactly this. */
const MAX_PER_PAGE = 1000;
const RECORD_ID = /^[a-z0-9]{1,32}$/;
const FILE_NAME = /^[\w.-]{1,200}$/;
const THUMB = /^\d{1,4}x\d{1,4}[tbf]?$/;

/** Upstream headers worth passing on; everything else about PocketBase stays behind. */
const PASSED_HEADERS = ["content-type", "content-security-policy", "content-disposition", "etag", "last-modified"];

/** PocketBase's own error shape, so the SDK in the browser reads it as it would PocketBase's. */
export function contentError(c: Context, status: 400 | 404 | 405 | 503, message: string): Response {
  return c.json({ status, message, data: {} }, status);
}

const NOT_FOUND = "The requested resource wasn't found.";
/** PocketBase's answers for a collection it does not have: every collection outside the
 * allow-list looks like that through the Worker. */
const NO_COLLECTION = "Missing collection context.";
const NO_FILE_COLLECTION = "Missing or invalid collection context.";
const UNAVAILABLE = "The content service is unavailable. Please retry shortly.";

/** The answer to the browser; the operator also gets the copy's internal headers. */
function relay(upstream: Response, cacheControl: string, operator: boolean): Response {
  const headers = new Headers();
  for (const name of operator ? [...PASSED_HEADERS, ...INTERNAL_HEADERS] : PASSED_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set(CACHE_STATUS_HEADER, upstream.headers.get(CACHE_STATUS_HEADER) ?? "MISS");
  headers.set("Cache-Control", upstream.ok ? withinOfferSchedule(cacheControl, freshUntil(upstream.headers)) : "no-store");
  return new Response(upstream.body, { status: upstream.status, headers });
}

/** A browser keeps a read no longer than until the next start or expiry of the offers in it. */
function withinOfferSchedule(cacheControl: string, until: number | null): string {
  if (until === null) return cacheControl;
  const left = Math.max(0, Math.floor((until - Date.now()) / 1000));
  return cacheControl.replace(/max-age=(\d+)/, (_, age: string) => `max-age=${Math.min(Number(age), left)}`);
}

/** Copies the allowed parameters; a message instead when one is too long to be a real query. */
function forwardParams(source: URLSearchParams, allowed: readonly string[], withDefaults: boolean): URLSearchParams | string {
  const out = new URLSearchParams();
  for (const name of allowed) {
    const value = source.get(name);
    if (value === null) continue;
    if (value.length > MAX_PARAM_LENGTH) return `Invalid ${name}: too long.`;
    out.set(name, value);
  }
  if (withDefaults) {
    out.set("page", pocketbasePaging(out.get("page"), DEFAULT_PAGE));
    out.set("perPage", pocketbasePaging(out.get("perPage"), DEFAULT_PER_PAGE, MAX_PER_PAGE));
  }
  return out;
}

async function readOrFail(
  c: Context<AppEnv>,
  path: string,
  params: URLSearchParams,
  cacheControl: string,
  ttl?: { fresh: number; stale: number },
): Promise<Response> {
  try {
    return relay(await c.var.origin.read(path + sortedSearch(params.toString()), ttl), cacheControl, c.var.operator);
  } catch (err) {
    console.error("content read failed", path, err);
    return contentError(c, 503, UNAVAILABLE);
  }
}

export const contentApi = new Hono<AppEnv>();

/**
 * Public reads answer CORS as PocketBase does (any origin; the SDK's JSON content type
 * makes every call preflighted), but grant GET and HEAD only: writes stay refused. No
 * credentials: nothing here depends on who asks. POST /api/status/ping is first-party
 * and stays out.
 */
const publicCors = cors({ origin: "*", allowMethods: ["GET", "HEAD"], maxAge: 86_400 });
for (const path of ["/api/collections/*", "/api/files/*", "/api/health", "/api/websites/*"]) contentApi.use(path, publicCors);

const methodNotAllowed = (c: Context) => {
  c.header("Allow", "GET, HEAD");
  return contentError(c, 405, "Method not allowed: the content API is read-only.");
};

/** A liveness answer like PocketBase's own: PocketBase's, read through the cache for a few
 * seconds (so probes cannot load it), never stale, and never naming the origin. */
const HEALTH_TTL = { fresh: 5, stale: 0 };
contentApi.get("/api/health", (c) => {
  const params = new URLSearchParams();
  const fields = c.req.query("fields");
  if (fields !== undefined && fields.length <= MAX_PARAM_LENGTH) params.set("fields", fields);
  return readOrFail(c, "/api/health", params, `public, max-age=${HEALTH_TTL.fresh}`, HEALTH_TTL);
});
contentApi.all("/api/health", methodNotAllowed);

contentApi.get("/api/collections/:name/records", (c) => {
  const target = resolvePublicCollection(c.req.param("name"));
  if (!target) return contentError(c, 404, NO_COLLECTION);
  const params = forwardParams(new URL(c.req.url).searchParams, LIST_PARAMS, true);
  if (typeof params === "string") return contentError(c, 400, params);
  return readOrFail(c, `/api/collections/${target}/records`, params, c.var.readCacheControl);
});

contentApi.get("/api/collections/:name/records/", (c) =>
  resolvePublicCollection(c.req.param("name")) ? contentError(c, 404, "Missing required record id.") : contentError(c, 404, NO_COLLECTION),
);

contentApi.get("/api/collections/:name/records/:id", (c) => {
  const target = resolvePublicCollection(c.req.param("name"));
  const id = c.req.param("id");
  if (!target) return contentError(c, 404, NO_COLLECTION);
  if (!RECORD_ID.test(id)) return contentError(c, 404, NOT_FOUND);
  const params = forwardParams(new URL(c.req.url).searchParams, VIEW_PARAMS, false);
  if (typeof params === "string") return contentError(c, 400, params);
  return readOrFail(c, `/api/collections/${target}/records/${id}`, params, c.var.readCacheControl);
});

contentApi.all("/api/collections/:name/records", methodNotAllowed);
contentApi.all("/api/collections/:name/records/*", methodNotAllowed);

/** PocketBase reads these `download` values as "send as an attachment". */
const DOWNLOAD_VALUES = new Set(["1", "t", "true"]);

contentApi.get("/api/files/:collection/:id/:filename", (c) => {
  // By name or by id (the SDK's files.getURL uses the id): one cache entry either way.
  const target = resolveFileCollection(c.req.param("collection"));
  const { id, filename } = c.req.param();
  if (!target) return contentError(c, 404, NO_FILE_COLLECTION);
  if (!RECORD_ID.test(id) || !FILE_NAME.test(filename)) return contentError(c, 404, NOT_FOUND);
  const params = new URLSearchParams();
  // PocketBase serves the original for a malformed thumb: dropped here, so both share an entry.
  const thumb = c.req.query("thumb");
  if (thumb !== undefined && THUMB.test(thumb)) params.set("thumb", thumb);
  if (DOWNLOAD_VALUES.has(c.req.query("download") ?? "")) params.set("download", "1");
  const { fileTtl } = c.var.config;
  return readOrFail(c, `/api/files/${target}/${id}/${filename}`, params, `public, max-age=${fileTtl.fresh}, immutable`, fileTtl);
});
contentApi.all("/api/files/*", methodNotAllowed);

/** Spec section 7: GET /websites/9?populate=* reads the site settings with related data. */
contentApi.get("/api/websites/:id", (c) => {
  const id = c.req.param("id");
  if (!RECORD_ID.test(id)) return contentError(c, 404, NOT_FOUND);
  const params = new URLSearchParams();
  if (c.req.query("populate") === "*") params.set("expand", WEBSITE_RELATIONS.join(","));
  return readOrFail(c, `/api/collections/${COLLECTIONS.websites}/records/${id}`, params, c.var.readCacheControl);
});
contentApi.all("/api/websites/*", methodNotAllowed);

/** Nothing else under /api exists: PocketBase's admin, auth, settings, logs, batch and realtime stay unreachable. */
contentApi.all("/api/*", (c) => contentError(c, 404, NOT_FOUND));
