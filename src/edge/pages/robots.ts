import type { Context } from "hono";
import { AI_ROBOTS_TOKENS } from "../../lib/ai-crawlers";
import type { AppEnv } from "../app-env";
import { SITEMAP_INDEX_PATH } from "./sitemap";

export const ROBOTS_PATH = "/robots.txt";

/** Addresses that are not pages: partner redirects and the JSON API. Files under
 * /api/files stay crawlable, so sharing cards and image search can fetch the images. */
const NOT_PAGES = ["/goto", "/api/collections/", "/api/websites/", "/api/status/", "/_cache/"];

/** robots.txt: the AI crawlers may fetch nothing; everyone else every page; where the sitemap is. */
export function robotsTxt(siteOrigin: string): string {
  return [
    "# Automated or AI scraping of this site is forbidden by its terms of use.",
    ...AI_ROBOTS_TOKENS.map((token) => `User-agent: ${token}`),
    "Disallow: /",
    "",
    "User-agent: *",
    "Allow: /",
    ...NOT_PAGES.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteOrigin}${SITEMAP_INDEX_PATH}`,
    "",
  ].join("\n");
}

export function robots(c: Context<AppEnv>): Response {
  return new Response(robotsTxt(c.var.config.siteOrigin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
