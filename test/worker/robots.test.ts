import { describe, expect, it } from "vitest";
import robotsParser from "robots-parser";
import { AI_CRAWLER_TOKENS, AI_ROBOTS_TOKENS } from "../../src/lib/ai-crawlers";
import { testEnv, visit } from "./helpers";

/** User agents as the operators document them. */
const AI_CRAWLERS: Record<string, string> = {
  GPTBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
  "ChatGPT-User": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
  "OAI-SearchBot": "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot",
  ClaudeBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
  "anthropic-ai": "anthropic-ai",
  CCBot: "CCBot/2.0 (https://commoncrawl.org/faq/)",
  PerplexityBot: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
  Bytespider:
    "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
  Amazonbot:
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
  "meta-externalagent": "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
};

/** Search engines and link-preview fetchers: they index and share the site. */
const ALLOWED: Record<string, string> = {
  Googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  Bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  Applebot:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
  DuckDuckBot: "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
  YandexBot: "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
  facebookexternalhit: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  Twitterbot: "Twitterbot/1.0",
  Chrome: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
};

/** A route of each kind the Worker answers: pages, the sitemap, the API, files, redirects, assets. */
const ROUTES = [
  "/",
  "/stores",
  "/blog",
  "/not-a-page",
  "/sitemap.xml",
  "/api/collections/_zdata_stores/records",
  "/api/websites/9?populate=*",
  "/goto?url=https%3A%2F%2Fexample.com%2F",
  "/favicon.svg",
];

describe("robots.txt", () => {
  it("disallows every AI crawler of the list, allows the rest except non-pages, and names the sitemap on the site origin", async () => {
    const response = await visit("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    const [aiGroup, everyone, sitemap] = text.trim().split(/\n\n/);
    const aiLines = aiGroup!.split("\n").filter((line) => !line.startsWith("#"));
    expect(aiLines).toEqual([...AI_ROBOTS_TOKENS.map((token) => `User-agent: ${token}`), "Disallow: /"]);
    for (const name of [
      "GPTBot",
      "ChatGPT-User",
      "OAI-SearchBot",
      "CCBot",
      "ClaudeBot",
      "anthropic-ai",
      "Google-Extended",
      "PerplexityBot",
      "Bytespider",
      "Amazonbot",
      "Applebot-Extended",
      "meta-externalagent",
    ]) {
      expect(aiLines).toContain(`User-agent: ${name}`);
    }
    expect(everyone!.split("\n")).toEqual([
      "User-agent: *",
      "Allow: /",
      "Disallow: /goto",
      "Disallow: /api/collections/",
      "Disallow: /api/websites/",
      "Disallow: /api/status/",
      "Disallow: /_cache/",
    ]);
    expect(sitemap).toBe(`Sitemap: ${testEnv.SITE_ORIGIN}/sitemap.xml`);
  });

  it("is read as intended by an RFC 9309 parser (robots-parser): product tokens only, AI agents out, the rest in", async () => {
    const text = await (await visit("/robots.txt")).text();
    const url = `${testEnv.SITE_ORIGIN}/robots.txt`;
    const robots = robotsParser(url, text);
    const agents = [...text.matchAll(/^User-agent: (.*)$/gm)].map((m) => m[1]!);
    // RFC 9309 2.2.1: parsers match only letters, "_" and "-"; anything else names another agent.
    expect(agents.filter((agent) => agent !== "*" && !/^[A-Za-z_-]+$/.test(agent))).toEqual([]);
    const page = `${testEnv.SITE_ORIGIN}/stores`;
    for (const token of AI_ROBOTS_TOKENS) expect(robots.isDisallowed(page, token), token).toBe(true);
    // Names that cannot be product tokens ("ChatGPT Agent", "AI2Bot") are refused by user
    // agent only: see "get 403 for every token of the list" below.
    for (const token of ["Googlebot", "bingbot", "Applebot", "DuckDuckBot", "facebookexternalhit", "Twitterbot"]) {
      expect(robots.isAllowed(page, token), token).toBe(true);
      expect(robots.isAllowed(`${testEnv.SITE_ORIGIN}/api/files/_zdata_stores/abc/logo.svg`, token), token).toBe(true);
      expect(robots.isDisallowed(`${testEnv.SITE_ORIGIN}/goto?url=https%3A%2F%2Fa.example`, token), token).toBe(true);
      expect(robots.isDisallowed(`${testEnv.SITE_ORIGIN}/api/collections/_zdata_stores/records`, token), token).toBe(true);
    }
    expect(robots.getSitemaps()).toEqual([`${testEnv.SITE_ORIGIN}/sitemap.xml`]);
  });

  it("takes the sitemap address from SITE_ORIGIN, not from the Host the request names", async () => {
    const text = await (await visit("/robots.txt", { headers: { Host: "evil.example" } })).text();
    expect(text).toContain(`Sitemap: ${testEnv.SITE_ORIGIN}/sitemap.xml\n`);
    expect(text).not.toContain("evil.example");
  });

  it("is readable by the AI crawlers too, so they learn they may fetch nothing", async () => {
    for (const userAgent of Object.values(AI_CRAWLERS)) {
      const response = await visit("/robots.txt", { headers: { "User-Agent": userAgent } });
      expect(response.status, userAgent).toBe(200);
      expect(await response.text()).toContain("Disallow: /\n");
    }
  });
});

describe("AI crawlers", () => {
  it("get 403 on every kind of route, before anything is read", async () => {
    for (const [name, userAgent] of Object.entries(AI_CRAWLERS)) {
      for (const route of ROUTES) {
        const response = await visit(route, { headers: { "User-Agent": userAgent } });
        expect(response.status, `${name} ${route}`).toBe(403);
        expect(await response.text()).toBe("Automated or AI scraping of this site is forbidden by its terms of use.\n");
        expect(response.headers.get("Cache-Control")).toBe("no-store");
      }
    }
  });

  it("get 403 for every token of the list, on pages and on writes", async () => {
    for (const token of AI_CRAWLER_TOKENS) {
      const userAgent = `Mozilla/5.0 (compatible; ${token}/1.0; +https://example.com/bot)`;
      expect((await visit("/offers", { headers: { "User-Agent": userAgent } })).status, token).toBe(403);
    }
    const post = await visit("/privacy/opt-out", {
      method: "POST",
      headers: { "User-Agent": AI_CRAWLERS.GPTBot!, "Content-Type": "application/x-www-form-urlencoded" },
      body: "choice=opt-out",
    });
    expect(post.status).toBe(403);
  });

  it("match whole product names only, case-insensitively", async () => {
    expect((await visit("/favicon.svg", { headers: { "User-Agent": "gptbot/1.0" } })).status).toBe(403);
    expect((await visit("/favicon.svg", { headers: { "User-Agent": "Mozilla/5.0 (compatible; Claude-WebKitTester/1.0)" } })).status).toBe(200);
    expect((await visit("/favicon.svg", { headers: { "User-Agent": "Mozilla/5.0 (compatible; MyCCBotanics/1.0)" } })).status).toBe(200);
  });
});

describe("search engines and browsers", () => {
  it("get 200 and the complete page", async () => {
    for (const [name, userAgent] of Object.entries(ALLOWED)) {
      for (const route of ["/", "/stores", "/robots.txt", "/sitemap.xml"]) {
        const response = await visit(route, { headers: { "User-Agent": userAgent } });
        expect(response.status, `${name} ${route}`).toBe(200);
        await response.body?.cancel();
      }
    }
  });
});
