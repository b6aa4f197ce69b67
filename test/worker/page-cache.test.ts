import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getBlogArticle } from "../../src/data/articles";
import { listStoreOffers } from "../../src/data/offers";
import type { ListResult, Offer, Store, StoreFilter } from "../../src/data/types";
import manifest from "../../public/build/manifest.json";
import { cachedPage, PageReads, pageCacheKey, type PageCacheDeps } from "../../src/edge/cache/page-cache";
import app from "../../src/worker";
import { parsePage, textIn } from "./dom";
import { delayOrigin, evictReads, OPERATOR, originRequests, pocketbase, setPocketBase, sleep, testEnv } from "./helpers";

/** vitest.worker.config.ts turns the page cache off for the other tests; these requests
 * go through the same Worker with it on: fresh for 1 s, then stale for an hour. */
const PURGE_SECRET = testEnv.CACHE_PURGE_SECRET!;
const CACHED_ENV = { ...testEnv, PAGE_CACHE_FRESH_S: "1", PAGE_CACHE_STALE_S: "3600" };
const PAST_FRESH_MS = 1_200;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

interface Visit {
  response: Response;
  html: string;
  cache: string | null;
}

/** A request to the Worker with the page cache on; returns once its background work (the
 * stored copy, a revalidation) is done, so the next request sees its effect. */
async function cachedVisit(path: string, init: RequestInit = {}, env: Record<string, unknown> = CACHED_ENV): Promise<Visit> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), init), env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html, cache: response.headers.get("X-Edge-Cache") };
}

/** A query parameter no page reads: a fresh cache entry for a test, the page unchanged. */
const fresh = () => `t=${crypto.randomUUID().slice(0, 8)}`;

/** A document without its CSP nonces, which every response gets anew (a stored copy's
 * scripts are given the nonce of the response that serves it). */
const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, "");

/** Deferred-section values sent with the page (the home page's shuffle seed among them). */
const seedOf = (html: string) => html.match(/"seed":(\d+)/)?.[1];

let store: Store;
let storePath: string;
beforeAll(async () => {
  store = (
    await pocketbase<ListResult<Store>>(
      `/api/collections/_zdata_stores/records?perPage=1&sort=title&filter=${encodeURIComponent("rating > 0 && reviewers > 0")}`,
    )
  ).items[0]!;
  storePath = `/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`;
});
afterEach(() => delayOrigin("", 0));
afterAll(() => setPocketBase("start"));

describe("full-page cache", () => {
  it("is off when both TTLs are 0 (the other Worker tests): no cache status, every request renders", async () => {
    const { response } = await cachedVisit(`/?${fresh()}`, {}, testEnv as unknown as Record<string, unknown>);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Edge-Cache")).toBeNull();
  });

  it("answers MISS, then HIT with the very same document, then STALE past freshness while one re-render replaces it", async () => {
    const path = `/?${fresh()}`;
    const first = await cachedVisit(path);
    expect(first.cache).toBe("MISS");
    expect(first.response.status).toBe(200);
    // The copy stored is the complete document rendered beside the visitor's streamed one.
    const second = await cachedVisit(path);
    expect(second.cache).toBe("HIT");
    const third = await cachedVisit(path);
    expect(third.cache).toBe("HIT");
    // The home page shuffles with a new seed on every render: the same seed is the same copy.
    expect(seedOf(third.html)).toBe(seedOf(second.html));
    expect(withoutNonces(third.html)).toBe(withoutNonces(second.html));

    await sleep(PAST_FRESH_MS);
    const stale = await cachedVisit(path);
    expect(stale.cache).toBe("STALE");
    expect(seedOf(stale.html)).toBe(seedOf(second.html));
    // The background render (awaited by cachedVisit) stored a new copy: a new shuffle.
    const renewed = await cachedVisit(path);
    expect(renewed.cache).toBe("HIT");
    expect(seedOf(renewed.html)).not.toBe(seedOf(second.html));
  });

  it("keys on the path and the query without tracking parameters, in any order: campaigns share one entry", async () => {
    const token = fresh();
    const first = await cachedVisit(`/contact-us?${token}&b=2&a=1&utm_source=newsletter&gclid=abc`);
    expect(first.cache).toBe("MISS");
    let stored: string | undefined;
    for (const variant of [
      `/contact-us?a=1&${token}&b=2`,
      `/contact-us?b=2&utm_campaign=spring&${token}&a=1&fbclid=x`,
      `/contact-us?utm_medium=cpc&a=1&b=2&${token}`,
    ]) {
      const again = await cachedVisit(variant);
      expect(again.cache, variant).toBe("HIT");
      // The stored copy is the complete document (decision 044), while the first answer may have
      // streamed a section after the shell: the same page as read, and the copies byte-equal.
      expect(textIn(parsePage(again.html).querySelector("main"))).toBe(textIn(parsePage(first.html).querySelector("main")));
      stored ??= withoutNonces(again.html);
      expect(withoutNonces(again.html)).toBe(stored);
      // The visitor's campaign never reaches the page.
      expect(again.html).not.toMatch(/utm_|gclid|fbclid/);
    }
    expect((await cachedVisit(`/contact-us?${token}&b=2&a=3`)).cache).toBe("MISS");
  });

  it("adds the tracking cookie after the cache: the visitor gets Set-Cookie, the stored copy never holds it", async () => {
    const path = `/about-us?${fresh()}`;
    const tracked = await cachedVisit(`${path}&utm_source=partner&utm_campaign=launch`);
    expect(tracked.cache).toBe("MISS");
    expect(tracked.response.headers.get("Set-Cookie")).toMatch(/^dp_trk=utm_source=partner&utm_campaign=launch;/);
    expect(tracked.response.headers.get("Cache-Control")).toBe("private, no-store");
    const next = await cachedVisit(path);
    expect(next.cache).toBe("HIT");
    expect(next.response.headers.get("Set-Cookie")).toBeNull();
    expect(next.response.headers.get("Cache-Control")).toBeNull();
  });

  it("never stores an error page, a redirect or a request that carries credentials", async () => {
    for (const path of [`/no-such-page?${fresh()}`, `/stores?catID=${"x".repeat(40)}&${fresh()}`, `/stores/another-title/${store.id}?${fresh()}`]) {
      const first = await cachedVisit(path);
      expect([301, 400, 404]).toContain(first.response.status);
      expect(first.cache).toBe("MISS");
      expect((await cachedVisit(path)).cache, path).toBe("MISS");
    }
    const path = `/offers?${fresh()}`;
    const withCredentials = await cachedVisit(path, { headers: { Authorization: "Bearer someone" } });
    expect(withCredentials.response.status).toBe(200);
    expect(withCredentials.cache).toBeNull();
    expect((await cachedVisit(path)).cache).toBe("MISS");
  });

  it("keeps one complete document for visitors and crawlers alike: readable without JavaScript (issue 34)", async () => {
    const agents: Record<string, string>[] = [{}, { "User-Agent": GOOGLEBOT }];
    for (const first of agents) {
      const path = `/?${fresh()}`;
      expect((await cachedVisit(path, { headers: first })).cache).toBe("MISS");
      for (const headers of agents) {
        const again = await cachedVisit(path, { headers });
        expect(again.cache).toBe("HIT");
        // Every section in place: no fallback left for an inline script to replace.
        expect(parsePage(again.html).querySelectorAll("main article[aria-labelledby]").length).toBeGreaterThan(0);
        expect(again.html).not.toMatch(/<div hidden id="S:|\$RC\(|<template id="B:|placeholder-glow/);
      }
    }
  });

  it("streams the shell at once on a MISS and stores the whole document once the slow section has arrived", async () => {
    const slowMs = 1_500;
    const filters = await pocketbase<ListResult<StoreFilter>>("/api/collections/_zsec_store_filters/records?perPage=200&sort=title");
    const path = `/stores?${fresh()}`;
    await cachedVisit(`/stores?${fresh()}`); // warm the store reads: only the category list stays slow
    await evictReads((pb) => pb.collection("_zsec_store_filters").getFullList({ sort: "title", batch: 200 }));
    await delayOrigin("_zsec_store_filters", slowMs);

    const ctx = createExecutionContext();
    const started = Date.now();
    const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787")), CACHED_ENV, ctx);
    expect(response.headers.get("X-Edge-Cache")).toBe("MISS");
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(Date.now() - started).toBeLessThan(slowMs - 500);
    let html = new TextDecoder().decode(first.value);
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += new TextDecoder().decode(chunk.value, { stream: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(slowMs - 50);
    await waitOnExecutionContext(ctx);

    const hit = await cachedVisit(path);
    expect(hit.cache).toBe("HIT");
    expect(hit.html).toContain('aria-label="Store categories"');
    for (const filter of filters.items.filter((f) => f.total > 0)) {
      expect(html).toContain(`value="${filter.id}"`);
      expect(hit.html).toContain(`value="${filter.id}"`);
    }
    expect(hit.html).not.toMatch(/<div hidden id="S:|\$RC\(|<template id="B:/);
  });

  it("names the records a page shows in Cache-Tag: the store, its offers, the category list, the site settings", async () => {
    const path = `${storePath}?${fresh()}`;
    await cachedVisit(path, { headers: { "User-Agent": GOOGLEBOT } });
    // The tags reach the operator alone (test/worker/internal-headers.test.ts).
    const hit = await cachedVisit(path, { headers: { "User-Agent": GOOGLEBOT, ...OPERATOR } });
    expect(hit.cache).toBe("HIT");
    const tags = hit.response.headers.get("Cache-Tag")!.split(",");
    const live = '(starts_at = "" || starts_at <= @now) && (expires_at = "" || expires_at > @now)';
    const offers = await pocketbase<ListResult<Offer>>(
      `/api/collections/_zdata_offers/records?perPage=30&filter=${encodeURIComponent(`store = "${store.id}" && ${live}`)}`,
    );
    expect(tags).toEqual(expect.arrayContaining(["dp-page", "dp-read", "_zdata_stores", `_zdata_stores:${store.id}`, "websites:9", "_zdata_offers"]));
    for (const offer of offers.items) expect(tags).toContain(`_zdata_offers:${offer.id}`);
    // The category sidebar lists the store-filter view's rows, the store's categories among them.
    for (const category of store.category_ids) expect(tags).toContain(`_zsec_store_filters:${category}`);
    expect([...tags].sort()).toEqual(tags);
    // Internal bookkeeping never leaves the Worker.
    expect(hit.response.headers.get("X-Edge-Reads")).toBeNull();
    expect(hit.response.headers.get("X-Edge-Stored-At")).toBeNull();
  });

  it("never serves a copy stored under another client build: it would link files that deploy removed", async () => {
    const path = `/about-us?${fresh()}`;
    const url = new URL(path, "http://127.0.0.1:8787");
    expect((await cachedVisit(path)).cache).toBe("MISS");
    const current = pageCacheKey(testEnv.SITE_ORIGIN, url);
    const stored = await caches.default.match(current);
    expect(stored?.status).toBe(200);
    // What an earlier deploy left: the same page, linking that build's stylesheet.
    const earlierCss = "/build/app-EARLIER0.css";
    const earlier = new Response((await stored!.text()).replaceAll(manifest.css, earlierCss), stored);
    await caches.default.delete(current);
    await caches.default.put(pageCacheKey(testEnv.SITE_ORIGIN, url, undefined, "earlier-build"), earlier);
    const visit = await cachedVisit(path);
    expect(visit.cache).toBe("MISS");
    expect(visit.html).toContain(manifest.css);
    expect(visit.html).not.toContain(earlierCss);
  });

  it("gives a stored page this response's CSP nonce, not the one it was rendered with", async () => {
    const path = `/about-us?${fresh()}`;
    const miss = await cachedVisit(path);
    const hit = await cachedVisit(path);
    const nonceOf = (v: Visit) => v.response.headers.get("Content-Security-Policy")?.match(/'nonce-([^']+)'/)?.[1];
    const attributes = (html: string) => [...html.matchAll(/ nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(hit.cache).toBe("HIT");
    expect(nonceOf(hit)).toBeTruthy();
    expect(nonceOf(hit)).not.toBe(nonceOf(miss));
    for (const value of attributes(hit.html)) expect(value).toBe(nonceOf(hit));
    expect(hit.response.headers.get("X-Render-Nonce")).toBeNull();
  });
});

describe("full-page cache while PocketBase fails", () => {
  it("serves a cached page with PocketBase stopped (HIT, then STALE), and keeps the copy when the re-render fails", async () => {
    const article = (await pocketbase<ListResult<{ id: string; title: string }>>("/api/collections/_zdata_articles/records?perPage=1&sort=-publish_time,id"))
      .items[0]!;
    const articlePath = `/blog/${encodeURIComponent(article.title.toLowerCase())}/${article.id}`;
    const path = `${articlePath}?${fresh()}`;
    expect((await cachedVisit(path)).cache).toBe("MISS");
    const first = await cachedVisit(path);
    expect(first.cache).toBe("HIT");
    // The re-render must need PocketBase: the article's own read is no longer cached.
    await evictReads((pb) => getBlogArticle(pb, article.id));
    await setPocketBase("stop");
    try {
      const hit = await cachedVisit(path);
      expect(hit.response.status).toBe(200);
      expect(hit.cache).toBe("HIT");
      expect(withoutNonces(hit.html)).toBe(withoutNonces(first.html));
      await sleep(PAST_FRESH_MS);
      const stale = await cachedVisit(path);
      expect(stale.response.status).toBe(200);
      expect(stale.cache).toBe("STALE");
      // The background render got a 503: the stale copy is still there, and still served.
      const again = await cachedVisit(path);
      expect(again.cache).toBe("STALE");
      expect(withoutNonces(again.html)).toBe(withoutNonces(first.html));
      // An uncached address of the same article cannot be rendered: a clear, retryable 503.
      const uncached = await cachedVisit(`${articlePath}?${fresh()}`);
      expect(uncached.response.status).toBe(503);
      expect(uncached.cache).toBe("MISS");
    } finally {
      await setPocketBase("start");
    }
  });

  it("does not store a page whose streamed section failed to load", async () => {
    const path = `${storePath}?${fresh()}`;
    // The store read is cached, the offers read is not: with PocketBase stopped the page
    // renders (200) with its offers section empty, which must not be kept.
    await cachedVisit(`${storePath}?${fresh()}`);
    await evictReads((pb) => listStoreOffers(pb, store.id, 1));
    await setPocketBase("stop");
    try {
      const degraded = await cachedVisit(path);
      expect(degraded.response.status).toBe(200);
      expect(degraded.cache).toBe("MISS");
    } finally {
      await setPocketBase("start");
    }
    const healthy = await cachedVisit(path);
    expect(healthy.cache).toBe("MISS");
    expect((await cachedVisit(path)).cache).toBe("HIT");
  });
});

describe("page cache module", () => {
  const deps = (): PageCacheDeps & { pending: Promise<unknown>[] } => {
    const pending: Promise<unknown>[] = [];
    return { cache: caches.default, waitUntil: (p) => pending.push(p), ttl: { fresh: 60, stale: 60 }, tags: ["dp-page"], pending };
  };
  const key = () => `${testEnv.SITE_ORIGIN}/_page-cache/visitor/module-test/${crypto.randomUUID()}`;

  it("never stores an answer with Set-Cookie, private or no-store", async () => {
    const cases: HeadersInit[] = [{ "Set-Cookie": "session=1" }, { "Cache-Control": "private" }, { "Cache-Control": "no-store" }];
    for (const headers of cases) {
      const k = key();
      let renders = 0;
      const render = async () => {
        renders++;
        return new Response("<p>personal</p>", { headers: { "Content-Type": "text/html", ...headers } });
      };
      for (let i = 0; i < 2; i++) {
        const d = deps();
        const response = await cachedPage(k, new Request("http://127.0.0.1:8787/"), render, d);
        expect(response.headers.get("X-Edge-Cache")).toBe("MISS");
        await response.text();
        await Promise.all(d.pending);
      }
      expect(renders, JSON.stringify(headers)).toBe(2);
      expect(await caches.default.match(k)).toBeUndefined();
    }
  });

  it("stores the render's own Cache-Control aside and gives it back on a HIT", async () => {
    const k = key();
    const render = async (reads: PageReads) => {
      expect(reads).toBeInstanceOf(PageReads);
      return new Response("<p>shared</p>", { headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=30" } });
    };
    const d = deps();
    await (await cachedPage(k, new Request("http://127.0.0.1:8787/"), render, d)).text();
    await Promise.all(d.pending);
    const hit = await cachedPage(k, new Request("http://127.0.0.1:8787/"), render, deps());
    expect(hit.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(hit.headers.get("Cache-Control")).toBe("public, max-age=30");
    expect(await hit.text()).toBe("<p>shared</p>");
  });
});

describe("purge endpoint", () => {
  const purge = (body: unknown, token = PURGE_SECRET, env: Record<string, unknown> = CACHED_ENV) =>
    cachedVisit(
      "/_cache/purge",
      { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) },
      env,
    );

  it("does not exist without CACHE_PURGE_SECRET", async () => {
    const { response } = await purge({ urls: ["/"] }, PURGE_SECRET, { ...CACHED_ENV, CACHE_PURGE_SECRET: "" });
    expect(response.status).toBe(404);
  });

  it("refuses a missing or wrong token, and malformed bodies", async () => {
    expect((await purge({ urls: ["/"] }, "wrong")).response.status).toBe(401);
    const none = await cachedVisit("/_cache/purge", { method: "POST", body: JSON.stringify({ urls: ["/"] }) });
    expect(none.response.status).toBe(401);
    expect(none.response.headers.get("WWW-Authenticate")).toBe("Bearer");
    for (const body of [
      {},
      { urls: [] },
      { urls: "/" },
      { urls: [42] },
      { urls: ["https://evil.example/"] },
      { urls: ["//evil.example/x"] },
      { urls: Array(101).fill("/") },
    ]) {
      const { response, html } = await purge(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.parse(html).message).toBeTruthy();
    }
    const notJson = await cachedVisit("/_cache/purge", { method: "POST", headers: { Authorization: `Bearer ${PURGE_SECRET}` }, body: "urls=/" });
    expect(notJson.response.status).toBe(400);
  });

  it("deletes the copy of a page and the reads behind it: the next request renders from PocketBase", async () => {
    const query = fresh();
    const path = `${storePath}?${query}`;
    await cachedVisit(path);
    expect((await cachedVisit(path)).cache).toBe("HIT");
    const storeReads = await originRequests(`_zdata_stores/records/${store.id}`);

    // Tracking parameters and order do not matter; an absolute URL on the site origin works too.
    const { response, html } = await purge({ urls: [`${testEnv.SITE_ORIGIN}${storePath}?utm_source=x&${query}`] });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const [result] = (JSON.parse(html) as { purged: Array<{ url: string; pages: number; reads: number }> }).purged;
    expect(result).toMatchObject({ url: `${storePath}?utm_source=x&${query}`, pages: 1 });
    expect(result!.reads).toBeGreaterThan(0);

    const after = await cachedVisit(path);
    expect(after.cache).toBe("MISS");
    expect(await originRequests(`_zdata_stores/records/${store.id}`)).toBe(storeReads + 1);
    expect((await purge({ urls: ["/never-cached"] })).html).toBe(JSON.stringify({ purged: [{ url: "/never-cached", pages: 0, reads: 0 }] }));
  });
});
