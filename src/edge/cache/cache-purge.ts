import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { contentCacheKey } from "./content-origin";
import { purgePage, type PurgeResult } from "./page-cache";

/** Path of the purge endpoint (POST, bearer token CACHE_PURGE_SECRET). */
export const PURGE_PATH = "/_cache/purge";

const MAX_URLS = 100;
const MAX_URL_LENGTH = 2000;
export const PURGE_MAX_BODY_BYTES = 256 * 1024;

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers } });

/** The page addresses to purge: site paths, or absolute URLs on the configured origin. */
function pageUrls(body: unknown, siteOrigin: string): URL[] | string {
  const urls = (body as { urls?: unknown } | null)?.urls;
  if (!Array.isArray(urls) || urls.length === 0 || urls.length > MAX_URLS) return `Expected {"urls": [...]} with 1 to ${MAX_URLS} page addresses.`;
  const parsed: URL[] = [];
  for (const value of urls) {
    if (typeof value !== "string" || value.length > MAX_URL_LENGTH) return "Each address must be a string of at most 2000 characters.";
    let url: URL;
    try {
      url = new URL(value, siteOrigin);
    } catch {
      return `Not an address: ${value}`;
    }
    if (url.origin !== new URL(siteOrigin).origin) return `Not a page of ${siteOrigin}: ${value}`;
    parsed.push(url);
  }
  return parsed;
}

/**
 * POST /_cache/purge {"urls": ["/stores/acme/abc123", …]} with `Authorization: Bearer
 * <CACHE_PURGE_SECRET>`: deletes this location's cached copies of those pages (both
 * variants, tracking parameters and query order ignored) and the content reads they were
 * rendered from. Zone-wide purges go through Cloudflare's purge by tag (README).
 * Without the secret configured the endpoint does not exist. The token is checked by
 * internal-headers.ts (`c.var.operator`).
 */
export async function purgeCache(c: Context<AppEnv>): Promise<Response> {
  const { purgeSecret, siteOrigin } = c.var.config;
  if (!purgeSecret) return json({ message: "Not found" }, 404);
  if (!c.var.operator) return json({ message: "A valid bearer token is required." }, 401, { "WWW-Authenticate": "Bearer" });
  const text = await c.req.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return json({ message: "The request body must be JSON." }, 400);
  }
  const urls = pageUrls(body, siteOrigin);
  if (typeof urls === "string") return json({ message: urls }, 400);
  const purged: Array<{ url: string } & PurgeResult> = [];
  for (const url of urls) purged.push({ url: url.pathname + url.search, ...(await purgeHere(c, url)) });
  return json({ purged }, 200);
}

/** Deletes this location's copy of the page at `url` and the content reads it was built
 * from; of a page that depends on the country, the copies of `countries` (default: all). */
export function purgeHere(c: Context<AppEnv>, url: URL, countries?: readonly (string | null)[]): Promise<PurgeResult> {
  const { siteOrigin, pocketbaseUrl } = c.var.config;
  return purgePage(caches.default, siteOrigin, url, (pathAndQuery) => contentCacheKey(siteOrigin, new URL(pathAndQuery, pocketbaseUrl)), countries);
}
