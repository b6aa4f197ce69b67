import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListResult } from "../../src/data/types";
import app from "../../src/worker";
import { parseSitemap, w3c } from "../support/sitemap-xml";
import { OPERATOR, pocketbase, pocketbaseWriter, setPocketBase, testEnv, visit } from "./helpers";

interface Listed {
  id: string;
  title: string;
  update_time: string;
  name?: string;
  first_name?: string;
  last_name?: string;
}

const ORIGIN = testEnv.SITE_ORIGIN;
const segment = (text: string) => encodeURIComponent(text.toLowerCase());
const titled = (path: string) => (r: Listed) => `${ORIGIN}/${path}/${segment(r.title)}/${r.id}`;
/** Each child series: where its records come from (issue 53: products, the alternatives of
 * products with at least three, authors), and each record's address as the tests write it. */
const TYPES = [
  { type: "stores", collection: "_zdata_stores", filter: "", loc: titled("stores") },
  { type: "advertorials", collection: "_zdata_advertorials", filter: "", loc: titled("advertorials") },
  { type: "comparisions", collection: "_zdata_comparisons", filter: "", loc: titled("comparisions") },
  { type: "blog", collection: "_zdata_articles", filter: "", loc: titled("blog") },
  { type: "products", collection: "Products", filter: "", loc: (r: Listed) => `${ORIGIN}/products/${segment(r.name!)}/${r.id}` },
  {
    type: "alternatives",
    collection: "_zsec_product_alternatives",
    filter: "alternatives >= 3",
    loc: (r: Listed) => `${ORIGIN}/products/${segment(r.name!)}/${r.id}/alternatives`,
  },
  { type: "authors", collection: "_zdata_authors", filter: "", loc: (r: Listed) => `${ORIGIN}/authors/${segment(`${r.first_name} ${r.last_name}`)}/${r.id}` },
] as const;

/** Every record of a collection as the Worker may read it (published only where the rules say so), in id order. */
async function all(collection: string, filter = ""): Promise<Listed[]> {
  const query = `perPage=1000&sort=id&fields=id,title,name,first_name,last_name,update_time&filter=${encodeURIComponent(filter)}`;
  return (await pocketbase<ListResult<Listed>>(`/api/collections/${collection}/records?${query}`)).items;
}

const newest = (records: Listed[]) =>
  records
    .map((r) => r.update_time)
    .sort()
    .at(-1)!;

async function xmlOf(path: string, init?: RequestInit): Promise<string> {
  const response = await visit(path, init);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  return response.text();
}

/** The Worker with other settings (smaller files, the page cache on), as cachedVisit in page-cache.test.ts. */
async function visitWith(env: Record<string, unknown>, path: string, init?: RequestInit): Promise<Response & { body_: string }> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), init), env, ctx);
  const body_ = await response.text();
  await waitOnExecutionContext(ctx);
  return Object.assign(response, { body_ });
}

const records: Record<string, Listed[]> = {};
beforeAll(async () => {
  for (const { collection, filter } of TYPES) records[collection] = await all(collection, filter);
});
afterAll(() => setPocketBase("start"));

describe("/sitemap.xml", () => {
  it("is an index of one file per content type (the seed has fewer than 50,000 of each), lastmod from update times", async () => {
    const index = parseSitemap(await xmlOf("/sitemap.xml"), "sitemapindex");
    expect(index.map((e) => e.loc)).toEqual([`${ORIGIN}/sitemap-static-1.xml`, ...TYPES.map((t) => `${ORIGIN}/sitemap-${t.type}-1.xml`)]);
    TYPES.forEach(({ collection }, i) => {
      expect(index[i + 1]!.lastmod, collection).toBe(w3c(newest(records[collection]!)));
    });
    // What the fixed pages show: products, authors and alternatives have no list page of their own.
    const everything = [
      "_zdata_offers",
      "_zdata_categories",
      "_zdata_banners",
      "_zdata_stores",
      "_zdata_advertorials",
      "_zdata_comparisons",
      "_zdata_articles",
    ];
    const latest = await Promise.all(
      everything.map(async (c) => (await pocketbase<ListResult<Listed>>(`/api/collections/${c}/records?perPage=1&sort=-update_time`)).items[0]!.update_time),
    );
    expect(index[0]!.lastmod).toBe(w3c(latest.sort().at(-1)!));
  });

  it("lists every store, advertorial, comparison, published blog article and product, each author, and the alternatives pages that are published, at their canonical addresses", async () => {
    for (const { type, collection, loc } of TYPES) {
      const urls = parseSitemap(await xmlOf(`/sitemap-${type}-1.xml`), "urlset");
      expect(urls.length, type).toBe(records[collection]!.length);
      expect(urls, type).toEqual(records[collection]!.map((r) => ({ loc: loc(r), lastmod: w3c(r.update_time) })));
    }
    // The seed's products: 32 published; those of six categories have three alternatives or more.
    expect(records.Products!.length).toBeGreaterThan(30);
    expect(records._zsec_product_alternatives!.length).toBeGreaterThanOrEqual(24);
    expect(records._zsec_product_alternatives!.length).toBeLessThan(records.Products!.length);
  });

  it("lists an alternatives page when its product's category reaches three alternatives, and drops it below", async () => {
    const writer = await pocketbaseWriter();
    try {
      const category = await writer.create<{ id: string }>("_zdata_categories", { title: `Sitemap alternatives ${crypto.randomUUID().slice(0, 8)}` });
      const make = (n: number) =>
        writer.create<Listed>("Products", { name: `Sitemap product ${n} ${category.id}`, primary_category: category.id, status: "published" });
      const first = await make(1);
      await make(2);
      await make(3);
      const alternativesOf = async () => parseSitemap(await xmlOf("/sitemap-alternatives-1.xml"), "urlset").map((u) => u.loc);
      expect((await alternativesOf()).some((loc) => loc.includes(`/${first.id}/`))).toBe(false);
      await make(4);
      expect(await alternativesOf()).toContain(`${ORIGIN}/products/${segment(first.name!)}/${first.id}/alternatives`);
    } finally {
      await writer.cleanup();
    }
  });

  it("lists the fixed pages, the lists with the newest update of what they show", async () => {
    const urls = parseSitemap(await xmlOf("/sitemap-static-1.xml"), "urlset");
    expect(urls.map((u) => u.loc.slice(ORIGIN.length))).toEqual([
      "/",
      "/offers",
      "/stores",
      "/advertorials",
      "/comparisions",
      "/blog",
      "/about-us",
      "/how-we-verify-codes",
      "/how-we-rate",
      "/contact-us",
      "/privacy-policy",
      "/terms-of-use",
      "/cookie-policy",
      "/do-not-sell-or-share",
    ]);
    expect(urls[2]!.lastmod).toBe(w3c(newest(records._zdata_stores!)));
    expect(urls[5]!.lastmod).toBe(w3c(newest(records._zdata_articles!)));
    expect(urls.slice(6).every((u) => u.lastmod === undefined)).toBe(true);
  });

  it("reads PocketBase when asked: a draft article stays out, a newly published one appears", async () => {
    const writer = await pocketbaseWriter();
    try {
      const draft = await writer.create<Listed>("_zdata_articles", { title: `Sitemap draft ${crypto.randomUUID()}`, status: "draft" });
      const published = await writer.create<Listed>("_zdata_articles", { title: `Sitemap published ${crypto.randomUUID()}`, status: "published" });
      const locs = parseSitemap(await xmlOf("/sitemap-blog-1.xml"), "urlset").map((u) => u.loc);
      expect(locs).toContain(titled("blog")(published));
      expect(locs.some((loc) => loc.endsWith(`/${draft.id}`))).toBe(false);
    } finally {
      await writer.cleanup();
    }
  });

  it("takes addresses from SITE_ORIGIN, never from the Host header", async () => {
    const xml = await xmlOf("/sitemap.xml", { headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" } });
    expect(xml).not.toContain("evil.example");
  });

  it("moved its files from /sitemaps/ to the root: the old addresses answer 301 to the new ones", async () => {
    for (const name of ["static-1.xml", "stores-1.xml", "blog-1.xml"]) {
      const response = await visit(`/sitemaps/${name}`, { redirect: "manual" });
      expect(response.status, name).toBe(301);
      expect(response.headers.get("Location")).toBe(`/sitemap-${name}`);
    }
    expect((await visit("/sitemaps/nothing.xml", { redirect: "manual" })).status).toBe(404);
  });

  it("answers 404 for files that do not exist", async () => {
    for (const path of [
      "/sitemap-stores-2.xml",
      "/sitemap-stores-0.xml",
      "/sitemap-static-2.xml",
      "/sitemap-offers-1.xml",
      "/sitemap-stores.xml",
      "/sitemap-stores-1.xml.gz",
      "/sitemap-stores-01.xml",
    ]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
  });
});

describe("/sitemap.xml beyond one file per type", () => {
  /** The seed's 60 stores in files of 25: the way 120,000 stores fill files of 50,000
   * (test/unit/sitemap.test.ts runs that size against a stand-in PocketBase). */
  const SMALL_FILES = { ...testEnv, SITEMAP_URLS_PER_FILE: "25" };

  it("splits each type into files of at most the limit, covering every record once, lastmod per file", async () => {
    const index = parseSitemap((await visitWith(SMALL_FILES, "/sitemap.xml")).body_, "sitemapindex");
    for (const { type, collection, loc } of TYPES) {
      const all = records[collection]!;
      const files = index.filter((e) => e.loc.startsWith(`${ORIGIN}/sitemap-${type}-`));
      expect(
        files.map((e) => e.loc),
        type,
      ).toEqual(Array.from({ length: Math.ceil(all.length / 25) }, (_, i) => `${ORIGIN}/sitemap-${type}-${i + 1}.xml`));
      const seen: string[] = [];
      for (const [i, file] of files.entries()) {
        const part = all.slice(i * 25, (i + 1) * 25);
        const urls = parseSitemap((await visitWith(SMALL_FILES, file.loc.slice(ORIGIN.length))).body_, "urlset");
        expect(urls.length).toBe(part.length);
        expect(file.lastmod, file.loc).toBe(w3c(newest(part)));
        seen.push(...urls.map((u) => u.loc));
      }
      expect(seen, type).toEqual(all.map(loc));
      expect((await visitWith(SMALL_FILES, `/sitemap-${type}-${files.length + 1}.xml`)).status).toBe(404);
    }
    expect(records._zdata_stores!.length).toBeGreaterThan(50);
  });
});

describe("/sitemap.xml caching", () => {
  const CACHED = { ...testEnv, PAGE_CACHE_FRESH_S: "60", PAGE_CACHE_STALE_S: "3600" };

  it("is cached like pages (MISS, then HIT, tagged dp-sitemap) and still served with PocketBase stopped", async () => {
    const path = `/sitemap-stores-1.xml?v=${crypto.randomUUID().slice(0, 8)}`;
    const first = await visitWith(CACHED, path);
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    // The operator's request, which alone gets the purge tags.
    const second = await visitWith(CACHED, path, { headers: OPERATOR });
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(second.body_).toBe(first.body_);
    expect(second.headers.get("Cache-Tag")!.split(",")).toEqual(expect.arrayContaining(["dp-sitemap", "_zdata_stores"]));
    await setPocketBase("stop");
    try {
      const offline = await visitWith(CACHED, path);
      expect(offline.status).toBe(200);
      expect(offline.body_).toBe(first.body_);
      // Nothing cached and PocketBase down: a retryable 503, not a broken file.
      const uncached = await visit("/sitemap.xml");
      expect(uncached.status).toBe(503);
      expect(uncached.headers.get("Retry-After")).toBe("60");
      expect(await uncached.text()).toBe("The sitemap is temporarily unavailable.\n");
    } finally {
      await setPocketBase("start");
    }
  });
});
