/**
 * The one list of AI crawlers and agents the site refuses (spec section 1: the terms forbid
 * automated or AI scraping). /robots.txt disallows each token and the Worker answers 403
 * to a user agent that carries one. Search-engine crawlers and social-card fetchers
 * (Googlebot, Bingbot, Applebot, facebookexternalhit, Twitterbot…) are deliberately absent:
 * they index and preview the site, they do not train on it.
 *
 * Sources: the operators' own crawler pages and the ai-robots-txt community list, minus its
 * search engines, link-preview fetchers, generic tool names ("Spider", "Code", "Scrapy") and
 * plain words ("Operator", "Devin"), which would block people rather than AI products.
 */
export const AI_CRAWLER_TOKENS = [
  // OpenAI
  "GPTBot",
  "ChatGPT-User",
  "ChatGPT Agent",
  "OAI-SearchBot",
  // Anthropic
  "ClaudeBot",
  "Claude-User",
  "Claude-SearchBot",
  "Claude-Web",
  "anthropic-ai",
  // Google: Google-Extended is a robots.txt token only (Googlebot fetches); the others fetch.
  "Google-Extended",
  "Google-CloudVertexBot",
  "Gemini-Deep-Research",
  "Google-NotebookLM",
  "NotebookLM",
  // Apple: a robots.txt token only (Applebot, the search crawler, stays allowed).
  "Applebot-Extended",
  // Meta: not facebookexternalhit, which draws the link previews of shared pages.
  "meta-externalagent",
  "meta-externalfetcher",
  "meta-webindexer",
  "FacebookBot",
  // Amazon
  "Amazonbot",
  "bedrockbot",
  "NovaAct",
  // ByteDance
  "Bytespider",
  "TikTokSpider",
  // Perplexity
  "PerplexityBot",
  "Perplexity-User",
  // Common Crawl (the usual training corpus)
  "CCBot",
  // Cohere, Mistral, DeepSeek, Huawei, Microsoft, Yandex, Cloudflare
  "cohere-ai",
  "cohere-training-data-crawler",
  "MistralAI-User",
  "DeepSeekBot",
  "PanguBot",
  "AzureAI-SearchBot",
  "YandexAdditional",
  "YandexAdditionalBot",
  "Cloudflare-AutoRAG",
  // Dataset builders and AI answer engines
  "AI2Bot",
  "Ai2Bot-Dolma",
  "Diffbot",
  "DuckAssistBot",
  "ExaBot",
  "FirecrawlAgent",
  "Crawl4AI",
  "TavilyBot",
  "PhindBot",
  "YouBot",
  "iaskspider",
  "iAskBot",
  "LinerBot",
  "Manus-User",
  "ChatGLM-Spider",
  "img2dataset",
  "ImagesiftBot",
  "LAIONDownloader",
  "laion-huggingface-processor",
  "Timpibot",
  "omgili",
  "omgilibot",
  "Webzio-Extended",
  "Kangaroo Bot",
  "ICC-Crawler",
  "Sidetrade indexer bot",
  "VelenPublicWebCrawler",
  "FriendlyCrawler",
  "Cotoyogi",
  "Brightbot",
  "SBIntuitionsBot",
] as const;

/** RFC 9309 2.2.1: a product token has letters, "_" and "-" only. Parsers take a
 * user-agent line up to the first other character ("ChatGPT Agent" reads as "ChatGPT",
 * "AI2Bot" as "AI"), so a name outside that shape would address some other crawler. */
const PRODUCT_TOKEN = /^[A-Za-z_-]+$/;

/** The names /robots.txt disallows: those that are product tokens. The others (spaces,
 * digits) are refused by their user agent only (src/edge/middleware/ai-crawlers.ts). */
export const AI_ROBOTS_TOKENS = AI_CRAWLER_TOKENS.filter((token) => PRODUCT_TOKEN.test(token));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A token counts only as a whole product name: "Claude-Web" does not match "Claude-WebX",
 * "omgili" does not match inside another word. Names are case-insensitive in practice. */
const AI_CRAWLER_PATTERN = new RegExp(`(?:^|[^a-z0-9_-])(?:${AI_CRAWLER_TOKENS.map(escapeRegExp).join("|")})(?![a-z0-9_-])`, "i");

export function isAiCrawler(userAgent: string | null | undefined): boolean {
  return userAgent ? AI_CRAWLER_PATTERN.test(userAgent) : false;
}
