import type { Context } from "hono";
import { suggest } from "../../data/search";
import { SUGGESTIONS_PATH } from "../../data/search-kinds";
import { SEARCH_MAX_LENGTH, SUGGEST_MIN_LENGTH } from "../../lib/search-limits";
import { foldText } from "../../lib/search-text";
import type { AppEnv } from "../app-env";
import { cachedPage, pageCacheDeps, pageCacheKey } from "../cache/page-cache";
import { visitorCountry } from "./visitor-country";

/** On every stored answer of this route, beside the tags of the records it lists. */
const SUGGESTIONS_TAG = "dp-suggest";

/**
 * The header search's suggestions, `GET /api/search/suggestions?q=…` → `{ items }`.
 * Answers from the page cache (fresh, stale-while-revalidate, stale-if-error, tagged like a
 * page), keyed by the folded query so "VPN" and "vpn" share one copy; a miss ranks the
 * matches of the same edge-cached reads the search page uses. Offers limited to other
 * countries than the visitor's are not suggested; an answer that met one is kept per country.
 */
export async function searchSuggestions(c: Context<AppEnv>): Promise<Response> {
  const text = foldText(c.req.query("q") ?? "")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length > SEARCH_MAX_LENGTH) return c.json({ message: `The search text is too long (at most ${SEARCH_MAX_LENGTH} characters).` }, 400);
  const key = new URL(SUGGESTIONS_PATH, c.var.config.siteOrigin);
  key.searchParams.set("q", text);
  const country = visitorCountry(c.req.raw);
  return cachedPage(
    pageCacheKey(c.var.config.siteOrigin, key),
    c.req.raw,
    async (reads) => {
      const pb = c.var.origin.client(reads);
      try {
        const items = text.length < SUGGEST_MIN_LENGTH ? [] : await suggest(pb, text, reads.countryScope(country));
        return Response.json({ items }, { headers: { "Cache-Control": c.var.readCacheControl } });
      } catch (error) {
        console.error("search suggestions failed", error);
        return Response.json({ items: [], message: "Suggestions are unavailable." }, { status: 503, headers: { "Cache-Control": "no-store" } });
      }
    },
    pageCacheDeps(c, [SUGGESTIONS_TAG], pageCacheKey(c.var.config.siteOrigin, key, country)),
  );
}
