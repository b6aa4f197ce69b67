import type { Context } from "hono";
import { createContentClient, type ContentClient } from "../../data/client";
import type { AppEnv } from "../app-env";
import { SITEMAP_TAG } from "../cache/cache-tags";
import { cachedPage, pageCacheDeps, pageCacheKey } from "../cache/page-cache";
import { CHILD_FILE, CHILD_PREFIX, SITEMAP_COLLECTIONS, sitemapFile, sitemapIndexXml } from "./sitemap-files";

export const SITEMAP_INDEX_PATH = "/sitemap.xml";

const READ_TIMEOUT_MS = 10_000;

/** Reads straight from PocketBase: the finished files are cached, so their record pages
 * would only crowd the read cache. */
function sitemapClient(pocketbaseUrl: string): ContentClient {
  return createContentClient({ baseUrl: pocketbaseUrl, fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(READ_TIMEOUT_MS) }) });
}

const XML_HEADERS = { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" };
const UNAVAILABLE = () =>
  new Response("The sitemap is temporarily unavailable.\n", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "60", "Cache-Control": "no-store" },
  });
const NOT_FOUND = () => new Response("No such sitemap.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** Builds the answer through the page cache (same TTLs), tagged for sitemap purges. */
function serveCached(c: Context<AppEnv>, build: (pb: ContentClient) => Promise<Response>): Promise<Response> {
  const { siteOrigin, pocketbaseUrl } = c.var.config;
  const url = new URL(c.req.url);
  return cachedPage(
    pageCacheKey(siteOrigin, url),
    c.req.raw,
    () =>
      build(sitemapClient(pocketbaseUrl)).catch((error: unknown) => {
        console.error("sitemap read failed", url.pathname, error);
        return UNAVAILABLE();
      }),
    pageCacheDeps(c, [SITEMAP_TAG, ...SITEMAP_COLLECTIONS]),
  );
}

/** GET /sitemap.xml: the index of every child file with its lastmod. */
export function sitemapIndex(c: Context<AppEnv>): Promise<Response> {
  const { siteOrigin, sitemapUrlsPerFile } = c.var.config;
  return serveCached(c, async (pb) => new Response(await sitemapIndexXml(pb, siteOrigin, sitemapUrlsPerFile), { headers: XML_HEADERS }));
}

/** The child files' route: GET /sitemap-{type}-{n}.xml. */
export const SITEMAP_CHILD_ROUTE = `/:file{${CHILD_PREFIX.slice(1)}[a-z]+-[0-9]+\\.xml}`;

/** GET /sitemap-{type}-{n}.xml: one child file. */
export function sitemapChild(c: Context<AppEnv>): Promise<Response> {
  const { siteOrigin, sitemapUrlsPerFile } = c.var.config;
  const name = (c.req.param("file") ?? "").slice(CHILD_PREFIX.length - 1);
  if (!CHILD_FILE.test(name)) return Promise.resolve(NOT_FOUND());
  return serveCached(c, async (pb) => {
    const body = await sitemapFile(pb, siteOrigin, name, sitemapUrlsPerFile);
    return body === null ? NOT_FOUND() : new Response(body, { headers: XML_HEADERS });
  });
}

/** GET /sitemaps/{type}-{n}.xml, where the child files were first served: a permanent
 * redirect, so crawlers that stored those addresses move to the new ones. */
export function movedSitemapChild(c: Context<AppEnv>): Response {
  const name = c.req.param("file") ?? "";
  if (!CHILD_FILE.test(name)) return NOT_FOUND();
  return c.redirect(`${CHILD_PREFIX}${name}`, 301);
}
