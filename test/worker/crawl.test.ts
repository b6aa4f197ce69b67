/**
 * A crawler's walk of the site: from `/`, breadth-first, every same-site `href`, `src` and
 * `srcset` of every page reached must answer 2xx or 3xx (redirects followed), so no page
 * can link to a 404 or an error. Run as a search engine's crawler: it gets the complete
 * documents, and its /goto visits are not counted as clicks.
 */
import { describe, expect, it } from "vitest";
import { visit } from "./helpers";

const SITE = "http://127.0.0.1:8787";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/** Bounds of the walk, per kind of address (a screen with its query names): links of one
 * kind are made by one piece of code, so a few of each show a broken kind. Every kind
 * found is requested; a whole crawl of the demo content (870 addresses) takes minutes. */
const REQUESTS_PER_SHAPE = 8;
const PAGES_PER_SHAPE = 3;

/** The kind of address: record ids and the title segment before them replaced (a file's
 * record and name), query values dropped. /stores/acme/abc123def456ghi and
 * /stores/zeta/xyz… are one shape. */
function shapeOf(address: string): string {
  const url = new URL(address, SITE);
  const keys = [...new Set(url.searchParams.keys())].sort().join("&");
  const path = url.pathname.startsWith("/api/files/")
    ? url.pathname.replace(/^(\/api\/files\/[^/]+)\/.*$/, "$1/:id/:file")
    : url.pathname.replace(/\/[^/]+\/[a-z0-9]{15}$/, "/:title/:id").replace(/[a-z0-9]{15}/g, ":id");
  return `${path}?${keys}`;
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** Same-site URLs (path and query) an HTML document links to or loads. */
function linksOf(html: string, base: string): string[] {
  const found: string[] = [];
  for (const [, name, raw] of html.matchAll(/\s(href|src|srcset)="([^"]*)"/g)) {
    const value = decodeAttribute(raw!);
    const candidates = name === "srcset" ? value.split(",").map((part) => part.trim().split(/\s+/)[0]!) : [value];
    for (const candidate of candidates) {
      if (!candidate || /^(#|mailto:|tel:|javascript:|data:)/i.test(candidate)) continue;
      const url = new URL(candidate, base);
      if (url.origin !== SITE) continue;
      found.push(url.pathname + url.search);
    }
  }
  return found;
}

describe("crawl from /", () => {
  it(
    "every same-site link and resource answers 2xx or 3xx",
    async () => {
      const seen = new Set<string>(["/"]);
      const queue = ["/"];
      const broken: string[] = [];
      const linkedFrom = new Map<string, string>();
      const parsedPerShape = new Map<string, number>();
      const requestedPerShape = new Map<string, number>();
      while (queue.length) {
        const path = queue.shift()!;
        const response = await visit(path, { headers: { "User-Agent": CRAWLER }, redirect: "manual" });
        const { status } = response;
        const type = response.headers.get("Content-Type") ?? "";
        // A redirect's target is always followed: the link that led there must work.
        const enqueue = (target: string, bounded = true) => {
          const requested = requestedPerShape.get(shapeOf(target)) ?? 0;
          if (seen.has(target) || (bounded && requested >= REQUESTS_PER_SHAPE)) return;
          requestedPerShape.set(shapeOf(target), requested + 1);
          seen.add(target);
          linkedFrom.set(target, path);
          queue.push(target);
        };
        if (status >= 300 && status < 400) {
          await response.arrayBuffer();
          const location = new URL(response.headers.get("Location") ?? "", SITE + path);
          if (location.origin === SITE) enqueue(location.pathname + location.search, false);
          continue;
        }
        if (status >= 400) {
          await response.arrayBuffer();
          broken.push(`${status} ${path} (linked from ${linkedFrom.get(path)})`);
          continue;
        }
        const parsed = parsedPerShape.get(shapeOf(path)) ?? 0;
        if (!type.startsWith("text/html") || parsed >= PAGES_PER_SHAPE) {
          await response.arrayBuffer();
          continue;
        }
        parsedPerShape.set(shapeOf(path), parsed + 1);
        for (const link of linksOf(await response.text(), SITE + path)) enqueue(link);
      }
      expect(broken).toEqual([]);
      // The walk reached every kind of screen, not just the home page.
      expect(parsedPerShape.size).toBeGreaterThan(20);
      for (const prefix of ["/stores/", "/comparision", "/advertorial", "/blog/", "/offers", "/about", "/build/", "/api/files/"]) {
        expect(
          [...seen].some((p) => p.startsWith(prefix)),
          prefix,
        ).toBe(true);
      }
    },
    10 * 60_000,
  );
});
