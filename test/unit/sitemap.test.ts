import { describe, expect, it } from "vitest";
import { createContentClient } from "../../src/data/client";
import { READ_PAGE_SIZE, sitemapFile, sitemapIndexXml } from "../../src/edge/pages/sitemap-files";
import { SITEMAP_MAX_URLS, sitemapChunks, urlEntry, w3cDateTime, xmlEscape } from "../../src/lib/sitemap";
import { parseSitemap, w3c } from "../support/sitemap-xml";

const ORIGIN = "https://deals.example";

interface FakeRecord {
  id: string;
  title: string;
  update_time: string;
  /** Products' and alternatives' address, authors' names, the alternatives view's count. */
  name?: string;
  first_name?: string;
  last_name?: string;
  alternatives?: number;
}

/**
 * A stand-in for PocketBase's list endpoint over in-memory records, answering exactly the
 * reads the sitemap makes (sort by id or -update_time, comparisons of `id` with text and of
 * other fields with numbers, joined by &&, page / perPage / skipTotal), and logging each one.
 */
function fakePocketBase(collections: Record<string, FakeRecord[]>) {
  const reads: Array<{ collection: string; page: number; perPage: number; filter: string }> = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const collection = decodeURIComponent(url.pathname.split("/")[3]!);
    const q = url.searchParams;
    const page = Number(q.get("page"));
    const perPage = Number(q.get("perPage"));
    const filter = q.get("filter") ?? "";
    reads.push({ collection, page, perPage, filter });
    if (perPage > READ_PAGE_SIZE) return Response.json({ message: "perPage too large" }, { status: 400 });
    let items = [...(collections[collection] ?? [])];
    for (const condition of filter ? filter.split(" && ") : []) {
      const [, field, op, value] = /^(id|alternatives) (>=|>|<) (".*"|\d+)$/.exec(condition) ?? [];
      if (!op) return Response.json({ message: `unsupported filter ${condition}` }, { status: 400 });
      const bound = JSON.parse(value!) as string | number;
      const of = (r: FakeRecord) => (field === "id" ? r.id : (r.alternatives ?? 0));
      items = items.filter((r) => (op === ">=" ? of(r) >= bound : op === ">" ? of(r) > bound : of(r) < bound));
    }
    const sort = q.get("sort");
    items.sort(sort === "-update_time" ? (a, b) => (a.update_time < b.update_time ? 1 : -1) : (a, b) => (a.id < b.id ? -1 : 1));
    const totalItems = q.get("skipTotal") === "true" ? -1 : items.length;
    return Response.json({
      page,
      perPage,
      totalItems,
      totalPages: totalItems < 0 ? -1 : Math.ceil(totalItems / perPage),
      items: items.slice((page - 1) * perPage, page * perPage),
    });
  }) as typeof globalThis.fetch;
  return { pb: createContentClient({ baseUrl: "http://pocketbase.test", fetch }), reads };
}

/** Records whose ids sort in creation order; update times that peak somewhere inside each file. */
function records(count: number, prefix: string): FakeRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${i.toString(36).padStart(14, "0")}`,
    title: `${prefix.toUpperCase()} Store & Co ${i}`,
    update_time: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % 100_000) * 60_000).toISOString().replace("T", " "),
  }));
}

const newestOf = (list: FakeRecord[]) =>
  list
    .map((r) => r.update_time)
    .sort()
    .at(-1)!;

async function text(body: string | ReadableStream<Uint8Array> | null): Promise<string> {
  if (body === null) throw new Error("no such file");
  return typeof body === "string" ? body : new Response(body).text();
}

describe("sitemap protocol pieces", () => {
  it("splits URLs into files of at most the limit, full files first", () => {
    expect(sitemapChunks(0, SITEMAP_MAX_URLS)).toEqual([]);
    expect(sitemapChunks(50_000, SITEMAP_MAX_URLS)).toEqual([{ file: 1, offset: 0, size: 50_000 }]);
    expect(sitemapChunks(120_001, SITEMAP_MAX_URLS)).toEqual([
      { file: 1, offset: 0, size: 50_000 },
      { file: 2, offset: 50_000, size: 50_000 },
      { file: 3, offset: 100_000, size: 20_001 },
    ]);
    expect(() => sitemapChunks(10, 0)).toThrow(RangeError);
  });

  it("escapes XML and writes PocketBase times as W3C datetimes", () => {
    expect(xmlEscape(`a&b<c>"d'`)).toBe("a&amp;b&lt;c&gt;&quot;d&apos;");
    expect(urlEntry("https://x.example/?a=1&b=2", "2025-03-04 10:11:12.345Z")).toBe(
      "<url><loc>https://x.example/?a=1&amp;b=2</loc><lastmod>2025-03-04T10:11:12Z</lastmod></url>\n",
    );
    expect(w3cDateTime("")).toBeUndefined();
    expect(w3cDateTime("yesterday")).toBeUndefined();
    expect(urlEntry("https://x.example/", "")).toBe("<url><loc>https://x.example/</loc></url>\n");
  });
});

// 120,001 records through the real builder take 2 s on a quiet core and 8-10 s on a loaded
// shared one; the tests hold what is read and written, not the time it takes.
describe("sitemap of 120,001 stores (synthetic, through the real builder and content client)", { timeout: 30_000 }, () => {
  const stores = records(120_001, "s");
  const collections = {
    _zdata_stores: stores,
    _zdata_advertorials: records(3, "a"),
    _zdata_comparisons: records(2, "c"),
    _zdata_articles: records(4, "b"),
  };

  it("indexes three store files of at most 50,000 URLs, each with the newest update among its own records", async () => {
    const { pb } = fakePocketBase(collections);
    const index = parseSitemap(await sitemapIndexXml(pb, ORIGIN, SITEMAP_MAX_URLS), "sitemapindex");
    expect(index.map((e) => e.loc)).toEqual([
      `${ORIGIN}/sitemap-static-1.xml`,
      `${ORIGIN}/sitemap-stores-1.xml`,
      `${ORIGIN}/sitemap-stores-2.xml`,
      `${ORIGIN}/sitemap-stores-3.xml`,
      `${ORIGIN}/sitemap-advertorials-1.xml`,
      `${ORIGIN}/sitemap-comparisions-1.xml`,
      `${ORIGIN}/sitemap-blog-1.xml`,
    ]);
    expect(index.slice(1, 4).map((e) => e.lastmod)).toEqual([
      w3c(newestOf(stores.slice(0, 50_000))),
      w3c(newestOf(stores.slice(50_000, 100_000))),
      w3c(newestOf(stores.slice(100_000))),
    ]);
  });

  it("streams each file from PocketBase a page of 1,000 at a time, only as the text is read", async () => {
    const { pb, reads } = fakePocketBase(collections);
    const body = await sitemapFile(pb, ORIGIN, "stores-2.xml", SITEMAP_MAX_URLS);
    expect(body).toBeInstanceOf(ReadableStream);
    const pageReads = () => reads.filter((r) => r.collection === "_zdata_stores" && r.perPage > 1);
    // Before anything is read: the count, the file's first id, and its first page only.
    expect(pageReads()).toHaveLength(1);
    const reader = (body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let xml = "";
    let chunks = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      xml += decoder.decode(chunk.value, { stream: true });
      chunks++;
      // Never more than one page ahead of what was taken.
      expect(pageReads().length).toBeLessThanOrEqual(chunks + 1);
    }
    expect(pageReads()).toHaveLength(50);
    expect(pageReads().every((r) => r.perPage === READ_PAGE_SIZE && r.page === 1)).toBe(true);
    const urls = parseSitemap(xml, "urlset");
    expect(urls).toHaveLength(50_000);
    const expected = stores.slice(50_000, 100_000);
    expect(urls[0]).toEqual({
      loc: `${ORIGIN}/stores/${encodeURIComponent(expected[0]!.title.toLowerCase())}/${expected[0]!.id}`,
      lastmod: w3c(expected[0]!.update_time),
    });
    expect(urls.at(-1)!.loc).toBe(`${ORIGIN}/stores/${encodeURIComponent(expected.at(-1)!.title.toLowerCase())}/${expected.at(-1)!.id}`);
  });

  it("covers every store exactly once across the files, and has no fourth file", async () => {
    const { pb } = fakePocketBase(collections);
    const seen: string[] = [];
    for (const file of [1, 2, 3]) {
      const urls = parseSitemap(await text(await sitemapFile(pb, ORIGIN, `stores-${file}.xml`, SITEMAP_MAX_URLS)), "urlset");
      expect(urls.length).toBeLessThanOrEqual(SITEMAP_MAX_URLS);
      seen.push(...urls.map((u) => u.loc.split("/").at(-1)!));
    }
    expect(seen).toEqual(stores.map((s) => s.id));
    expect(await sitemapFile(pb, ORIGIN, "stores-4.xml", SITEMAP_MAX_URLS)).toBeNull();
  });

  it("names each piece by its own address: advertorials, comparisions and blog", async () => {
    const { pb } = fakePocketBase(collections);
    const locs = async (name: string) => parseSitemap(await text(await sitemapFile(pb, ORIGIN, name, SITEMAP_MAX_URLS)), "urlset").map((u) => u.loc);
    expect(await locs("advertorials-1.xml")).toEqual(
      collections._zdata_advertorials.map((r) => `${ORIGIN}/advertorials/${encodeURIComponent(r.title.toLowerCase())}/${r.id}`),
    );
    expect(await locs("comparisions-1.xml")).toEqual(
      collections._zdata_comparisons.map((r) => `${ORIGIN}/comparisions/${encodeURIComponent(r.title.toLowerCase())}/${r.id}`),
    );
    expect(await locs("blog-1.xml")).toEqual(collections._zdata_articles.map((r) => `${ORIGIN}/blog/${encodeURIComponent(r.title.toLowerCase())}/${r.id}`));
  });
});

describe("issue 53's pages", () => {
  const product = (id: string, name: string, alternatives: number): FakeRecord => ({
    id,
    title: "",
    name,
    alternatives,
    update_time: "2026-11-20 10:00:00.000Z",
  });
  const products = [product("p1", "Fenra VPN Premium", 3), product("p2", "Vaultly / Family", 2), product("p3", "Xanlon VPN Pro", 5)];
  const collections = {
    Products: products,
    // The view has a row per product with any alternative; the sitemap lists those with three or more.
    _zsec_product_alternatives: products,
    _zdata_authors: [{ id: "a1", title: "", first_name: "Maya", last_name: "Lindqvist", update_time: "2026-10-01 08:00:00.000Z" }],
  };
  const locs = async (pb: ReturnType<typeof fakePocketBase>["pb"], name: string) =>
    parseSitemap(await text(await sitemapFile(pb, ORIGIN, name, SITEMAP_MAX_URLS)), "urlset");

  it("lists every product page, the alternatives pages of products with at least three alternatives, and author pages", async () => {
    const { pb } = fakePocketBase(collections);
    expect((await locs(pb, "products-1.xml")).map((u) => u.loc)).toEqual([
      `${ORIGIN}/products/fenra%20vpn%20premium/p1`,
      `${ORIGIN}/products/vaultly%20%2F%20family/p2`,
      `${ORIGIN}/products/xanlon%20vpn%20pro/p3`,
    ]);
    expect(await locs(pb, "alternatives-1.xml")).toEqual([
      { loc: `${ORIGIN}/products/fenra%20vpn%20premium/p1/alternatives`, lastmod: "2026-11-20T10:00:00Z" },
      { loc: `${ORIGIN}/products/xanlon%20vpn%20pro/p3/alternatives`, lastmod: "2026-11-20T10:00:00Z" },
    ]);
    expect(await locs(pb, "authors-1.xml")).toEqual([{ loc: `${ORIGIN}/authors/maya%20lindqvist/a1`, lastmod: "2026-10-01T08:00:00Z" }]);
  });

  it("indexes their files, and the method pages among the fixed ones", async () => {
    const { pb } = fakePocketBase(collections);
    const index = parseSitemap(await sitemapIndexXml(pb, ORIGIN, SITEMAP_MAX_URLS), "sitemapindex").map((e) => e.loc);
    expect(index).toEqual([
      `${ORIGIN}/sitemap-static-1.xml`,
      `${ORIGIN}/sitemap-products-1.xml`,
      `${ORIGIN}/sitemap-alternatives-1.xml`,
      `${ORIGIN}/sitemap-authors-1.xml`,
    ]);
    const fixed = (await locs(pb, "static-1.xml")).map((u) => u.loc);
    expect(fixed).toContain(`${ORIGIN}/how-we-verify-codes`);
    expect(fixed).toContain(`${ORIGIN}/how-we-rate`);
  });
});
