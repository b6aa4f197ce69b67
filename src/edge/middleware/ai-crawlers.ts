import type { MiddlewareHandler } from "hono";
import { isAiCrawler } from "../../lib/ai-crawlers";
import type { AppEnv } from "../app-env";
import { ROBOTS_PATH } from "../pages/robots";

const REFUSAL = "Automated or AI scraping of this site is forbidden by its terms of use.\n";

/**
 * Answers 403 to the AI crawlers of src/lib/ai-crawlers.ts on every route, before any
 * content is read. /robots.txt stays readable: a crawler that cannot fetch it may take
 * the site as unrestricted (RFC 9309, 2.3.1.3), while reading it tells it to stay away.
 */
export const blockAiCrawlers: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.path === ROBOTS_PATH || !isAiCrawler(c.req.header("User-Agent"))) return next();
  return new Response(REFUSAL, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Vary: "User-Agent" },
  });
};
