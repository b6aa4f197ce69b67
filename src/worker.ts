import { Hono } from "hono";
import { isbot } from "isbot";
import { SUGGESTIONS_PATH } from "./data/search-kinds";
import { blockAiCrawlers } from "./edge/middleware/ai-crawlers";
import { admin } from "./edge/admin/admin";
import { imports } from "./edge/admin/imports";
import type { AppEnv } from "./edge/app-env";
import { limitBody } from "./edge/middleware/body-limit";
import { consumeQueue } from "./edge/jobs/queues";
import { runScheduled } from "./edge/jobs/scheduled";
import { PURGE_MAX_BODY_BYTES, PURGE_PATH, purgeCache } from "./edge/cache/cache-purge";
import { PAGE_TAG } from "./edge/cache/cache-tags";
import { contentApi } from "./edge/cache/content-api";
import { createContentOrigin } from "./edge/cache/content-origin";
import { contentVersionSource } from "./edge/cache/content-version";
import { goto } from "./edge/events/goto";
import { resolveShortLink } from "./edge/links/resolve";
import { internalHeaders } from "./edge/middleware/internal-headers";
import { mailRoutes } from "./edge/mail/routes";
import { FEEDBACK_MAX_BODY_BYTES, offerFeedback } from "./edge/posts/offer-feedback";
import { cachedPage, pageCacheDeps, pageCacheKey } from "./edge/cache/page-cache";
import { PING_MAX_BODY_BYTES, ping } from "./edge/posts/ping";
import { previewPage } from "./edge/admin/preview";
import { POSTBACK_MAX_BODY_BYTES, postback } from "./edge/events/postback";
import { OPT_OUT_MAX_BODY_BYTES, privacyChoice } from "./edge/posts/privacy-choice";
import { REVEAL_MAX_BODY_BYTES, reveal } from "./edge/events/reveal";
import { robots, ROBOTS_PATH } from "./edge/pages/robots";
import { searchSuggestions } from "./edge/pages/search-suggestions";
import { securityHeaders } from "./edge/middleware/security-headers";
import { movedSitemapChild, sitemapChild, SITEMAP_CHILD_ROUTE, sitemapIndex, SITEMAP_INDEX_PATH } from "./edge/pages/sitemap";
import { DAILY, IMMUTABLE, serveAsset } from "./edge/pages/static-assets";
import { addTrackingCookie } from "./edge/middleware/tracking-capture";
import { COUNTRY_CHOICE_MAX_BODY_BYTES, countryChoice, visitorCountry } from "./edge/pages/visitor-country";
import { forThisVisitor } from "./edge/pages/visitor-page";
import { CONSENT_MAX_BODY_BYTES, consentChoiceHandler } from "./edge/consent/consent-choice";
import { CONSENT_PATH } from "./lib/consent";
import { readConfig, type Env } from "./env";
import { deploymentCheck } from "./edge/ops/deployment-check";
import { healthz } from "./edge/ops/healthz";
import { statusPage } from "./edge/ops/status-page";
import { HOME_SHARE_IMAGE, LOGO_PATH } from "./lib/brand";
import { COUNTRY_PATH } from "./lib/country-page";
import { REVEAL_PATH } from "./lib/outbound";
import { withoutTracking } from "./lib/tracking";
import { renderPage } from "./ssr/render";

const app = new Hono<AppEnv>();

// Outermost, so every answer gets the headers, and pages get this response's CSP nonce.
app.use("*", securityHeaders);
// A deployment without its secrets or origins answers nothing else (docs/operations.md).
app.use("*", deploymentCheck);
// Before any content is read: the terms forbid AI scraping (list in src/lib/ai-crawlers.ts).
app.use("*", blockAiCrawlers);
app.use("*", async (c, next) => {
  const config = readConfig(c.env);
  c.set("config", config);
  const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
  const version = contentVersionSource(config, { cache: caches.default, waitUntil });
  c.set("contentVersion", version);
  c.set("origin", createContentOrigin(config, { cache: caches.default, waitUntil, version, holdMs: config.contentVersionTtl * 1000, flights: new Map() }));
  c.set("readCacheControl", `public, max-age=${config.readTtl.fresh}`);
  await next();
});
// Around every route: the cache's own headers reach the operator only.
app.use("*", internalHeaders);

app.get(ROBOTS_PATH, robots);
app.get(SITEMAP_INDEX_PATH, sitemapIndex);
app.get(SITEMAP_CHILD_ROUTE, sitemapChild);
app.get("/sitemaps/:file", movedSitemapChild);
app.post(PURGE_PATH, limitBody(PURGE_MAX_BODY_BYTES), purgeCache);
app.post(
  "/api/status/ping",
  limitBody(PING_MAX_BODY_BYTES, (c, message) => c.json({ success: false, message }, 413)),
  ping,
);
app.get(SUGGESTIONS_PATH, searchSuggestions);
app.route("/", contentApi);
app.get("/goto", goto);
app.get("/l/:slug", resolveShortLink);
// Networks' postbacks and the marketers' reports: never cached, so before the page handler.
app.on(["GET", "POST"], "/postback/:token", limitBody(POSTBACK_MAX_BODY_BYTES), postback);
app.route("/", imports);
app.get("/healthz", healthz);
app.route("/", statusPage);
app.route("/", admin);
// Sign-ups, the pages our emails link to, and the relay's notifications: never cached.
app.route("/", mailRoutes);
app.get("/build/*", serveAsset(IMMUTABLE));
// Unhashed public files: the favicon, and the raster logo and sharing image (scripts/brand-images.mjs).
for (const path of ["/favicon.svg", LOGO_PATH, HOME_SHARE_IMAGE.path]) app.get(path, serveAsset(DAILY));

app.get("*", async (c) => {
  // Pages never see the tracking parameters: one page for every visitor (ARCHITECTURE rule 5).
  const url = new URL(c.req.url);
  const request = withoutTracking(url) === url ? c.req.raw : new Request(withoutTracking(url), c.req.raw);
  // A signed-in editor's preview shows drafts: rendered for that request alone, past every cache.
  const preview = await previewPage(c, request);
  // Crawlers too: they get what a visitor from their country gets, at the same address.
  const country = visitorCountry(c.req.raw);
  if (preview) return addTrackingCookie(c, forThisVisitor(c, preview, country));
  const crawler = isbot(c.req.header("User-Agent") ?? "");
  const { siteOrigin } = c.var.config;
  // The cache wraps the render only: what is this visitor's (their country, the consent
  // choice, the tracking cookie) is added to what it answers.
  const page = await cachedPage(
    pageCacheKey(siteOrigin, url),
    request,
    (reads, pageRequest, complete) =>
      renderPage(pageRequest, {
        content: c.var.origin.client(reads),
        siteOrigin,
        country: reads.countryScope(country),
        waitForAll: complete,
        nonce: c.var.cspNonce,
      }),
    pageCacheDeps(c, [PAGE_TAG], pageCacheKey(siteOrigin, url, country)),
    crawler ? "complete" : "streamed",
  );
  return addTrackingCookie(c, forThisVisitor(c, page, country));
});

app.post("/offers/:id/feedback", limitBody(FEEDBACK_MAX_BODY_BYTES), offerFeedback);
app.post("/privacy/opt-out", limitBody(OPT_OUT_MAX_BODY_BYTES), privacyChoice);
app.post(REVEAL_PATH, limitBody(REVEAL_MAX_BODY_BYTES), reveal);
app.post(COUNTRY_PATH, limitBody(COUNTRY_CHOICE_MAX_BODY_BYTES), countryChoice);
app.post(CONSENT_PATH, limitBody(CONSENT_MAX_BODY_BYTES), consentChoiceHandler);

app.all("*", (c) => {
  c.header("Allow", "GET, HEAD");
  return c.text("Method not allowed", 405);
});

export default { fetch: app.fetch, queue: consumeQueue, scheduled: runScheduled } satisfies ExportedHandler<Env>;
