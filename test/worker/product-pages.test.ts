import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article, Category, Comparison, Editorial, ListResult, Offer, Product, Store } from "../../src/data/types";
import { headings, linksNamed, parsePage, textIn } from "./dom";
import { LIVE, pocketbase, pocketbaseWriter, testEnv, textOf, visit } from "./helpers";

/**
 * Issue 53: a page per published product (/products/{name}/{id}) with its review, its live
 * offers and codes for the visitor's country, where it is featured and its alternatives; and
 * "Alternatives to {product}" (/products/{name}/{id}/alternatives), ranked, capped, and
 * withheld with fewer than three.
 */

const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const segment = (text: string) => encodeURIComponent(text.toLowerCase());
const productPath = (p: Pick<Product, "name" | "id">) => `/products/${segment(p.name)}/${p.id}`;
const CRAWLER = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const BEST_FIRST = "-is_featured,-verified_at,-worked_count,failed_count,-create_time,id";

type Node = Record<string, unknown> & { "@type": string };
const jsonLd = (html: string): Node[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => (JSON.parse(m[1]!) as { "@graph": Node[] })["@graph"]);

async function page(path: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await visit(path, { headers: { ...CRAWLER, ...headers } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** Headings of the offer cards in the page's offers section, in order. */
function offerHeadings(html: string): string[] {
  const section = offersSection(html);
  return [...(section?.querySelectorAll("article[aria-labelledby]") ?? [])].map((card) => textIn(card.querySelector("h3")));
}

/** The page's offers section (the target of #offers links). */
const offersSection = (html: string) => parsePage(html).querySelector("section#offers");

describe("a seeded product's page", () => {
  let product: Product;
  let html: string;
  beforeAll(async () => {
    const products = (await pocketbase<ListResult<Product>>("/api/collections/Products/records?perPage=100&sort=id&expand=categories")).items;
    // One with live offers, a rating and a price, featured in comparisons.
    product = products.find((p) => p.offers.length >= 3 && p.price > 0 && p.rating > 0 && p.review_count > 0)!;
    html = await page(productPath(product));
  });

  it("shows its name, headline, rating with its source, price, summary, description, specs, pros and cons", () => {
    const main = textOf(html.match(/<main[\s\S]*<\/main>/)![0]);
    expect(headings(parsePage(html)).filter((h) => h.level === 1)).toEqual([{ level: 1, text: product.name }]);
    for (const text of [product.headline, textOf(product.summary), textOf(product.description), textOf(product.pros), textOf(product.cons)])
      expect(main).toContain(text);
    expect(main).toContain(
      `${product.rating.toFixed(1)} (${product.review_count.toLocaleString("en-US")} reviews) · source: ${product.rating_source} · How we rate`,
    );
    for (const [label, value] of Object.entries(product.specs ?? {})) expect(main).toContain(`${label} ${value}`);
    expect(Object.keys(product.specs ?? {}).length).toBeGreaterThan(3);
    for (const category of product.expand?.categories ?? []) expect(main).toContain(category.title);
  });

  it("lists its live offers, best first, with the affiliate disclosure beside them", async () => {
    const filter = `(${product.offers.map((id) => `id = "${id}"`).join(" || ")}) && ${LIVE}`;
    const live = (
      await pocketbase<ListResult<Offer>>(`/api/collections/_zdata_offers/records?perPage=50&sort=${BEST_FIRST}&filter=${encodeURIComponent(filter)}`)
    ).items;
    // Worldwide offers for a visitor of unknown country (every offer offered).
    expect(offerHeadings(html)).toEqual(live.map((o) => o.heading));
    expect(live.length).toBeGreaterThan(0);
    expect(textIn(offersSection(html))).toContain("We may earn a commission when you buy through the links below");
  });

  it("names the comparisons, advertorials and articles featuring it, newest first", async () => {
    const p = `"${product.id}"`;
    const [comparisons, advertorials, articles] = await Promise.all([
      pocketbase<ListResult<Comparison>>(
        `/api/collections/_zdata_comparisons/records?perPage=50&filter=${encodeURIComponent(`primary_product = ${p} || secondery_product = ${p} || products.id ?= ${p}`)}`,
      ),
      pocketbase<ListResult<Editorial>>(`/api/collections/_zdata_advertorials/records?perPage=50&filter=${encodeURIComponent(`products.id ?= ${p}`)}`),
      pocketbase<ListResult<Article>>(`/api/collections/_zdata_articles/records?perPage=50&filter=${encodeURIComponent(`product = ${p}`)}`),
    ]);
    const expected = [...comparisons.items, ...advertorials.items, ...articles.items]
      .sort((a, b) => (a.publish_time === b.publish_time ? a.id.localeCompare(b.id) : a.publish_time < b.publish_time ? 1 : -1))
      .slice(0, 6)
      .map((piece) => piece.title);
    expect(expected.length).toBeGreaterThan(0);
    const section = parsePage(html).querySelector('section[aria-labelledby="product-features"]')!;
    expect(
      linksNamed(section, /./)
        .filter((a) => /^\/(comparisions|advertorials|blog)\//.test(a.getAttribute("href")!))
        .map(textIn),
    ).toEqual(expected);
  });

  it("is a Product with its rating and plan price, and each live offer an Offer of it", () => {
    const nodes = jsonLd(html);
    const url = `${testEnv.SITE_ORIGIN}${productPath(product)}`;
    const productNode = nodes.find((n) => n["@type"] === "Product")!;
    expect(productNode).toMatchObject({
      name: product.name,
      brand: { "@type": "Brand", name: product.brand },
      aggregateRating: { "@type": "AggregateRating", ratingValue: product.rating, reviewCount: product.review_count, bestRating: 5, worstRating: 0 },
      offers: { "@type": "Offer", price: product.price.toFixed(2), priceCurrency: product.price_currency },
    });
    expect(productNode.url).toBe(url);
    expect(productNode["@id"]).toBe(`${url}#product`);
    const offers = nodes.filter((n) => n["@type"] === "Offer");
    expect(offers.map((o) => o.name)).toEqual(offerHeadings(html));
    for (const offer of offers) expect(offer.itemOffered).toEqual({ "@id": productNode["@id"] });
  });

  it("answers 301 to its own name segment, and 404 for drafts, archived and unknown products", async () => {
    const moved = await visit(`/products/old-name/${product.id}?ref=x`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(`${productPath(product)}?ref=x`);
    const writer = await pocketbaseWriter();
    try {
      for (const status of ["draft", "archived"]) {
        const draft = await writer.create<Product>("Products", { name: `Hidden ${status} product`, status });
        expect((await visit(productPath(draft))).status, status).toBe(404);
        expect((await visit(`${productPath(draft)}/alternatives`)).status, status).toBe(404);
      }
    } finally {
      await writer.cleanup();
    }
    expect((await visit("/products/nothing/zzzzzzzzzzzzzzz")).status).toBe(404);
    expect((await visit("/products/nothing/NOT-AN-ID")).status).toBe(404);
  });
});

describe("offers by the visitor's country, and alternatives", () => {
  const writer = pocketbaseWriter();
  const marker = `pp${Date.now().toString(36)}`;
  let store: Store;
  let crowded: Category;
  let sparse: Category;
  /** Twelve products of one category; their ratings and reviews set so ties are broken by reviews. */
  const ranked: Product[] = [];
  let withOffers: Product;
  let offers: Record<"ended" | "germany" | "everywhere", Offer>;

  beforeAll(async () => {
    const w = await writer;
    store = await w.create<Store>("_zdata_stores", {
      title: `${marker} Store`,
      website: "https://pages.example/",
      default_action_url: "https://pages.example/",
    });
    crowded = await w.create<Category>("_zdata_categories", { title: `${marker} Crowded` });
    sparse = await w.create<Category>("_zdata_categories", { title: `${marker} Sparse` });
    const offer = (heading: string, extra: Record<string, unknown>) =>
      w.create<Offer>("_zdata_offers", { heading: `${marker} ${heading}`, type: "deal", store: store.id, cta_url: "https://pages.example/deal", ...extra });
    offers = {
      ended: await offer("ended", { expires_at: pbDate(Date.now() - 60_000) }),
      germany: await offer("germany", { is_featured: true, countries: ["DE"] }),
      everywhere: await offer("everywhere", {}),
    };
    for (let n = 0; n < 12; n++) {
      ranked.push(
        await w.create<Product>("Products", {
          name: `${marker} Ranked ${n}`,
          status: "published",
          primary_category: crowded.id,
          // 4.9, 4.9, 4.8, 4.8, …: pairs of equal ratings, the later one with more reviews.
          rating: 4.9 - Math.floor(n / 2) / 10,
          review_count: 100 + n,
          rating_source: "Test",
          offers: n === 5 ? [offers.everywhere.id] : [],
        }),
      );
    }
    withOffers = await w.create<Product>("Products", {
      name: `${marker} With offers`,
      status: "published",
      primary_category: sparse.id,
      offers: [offers.ended.id, offers.germany.id, offers.everywhere.id],
    });
    await w.create<Product>("Products", { name: `${marker} Sparse two`, status: "published", primary_category: sparse.id });
    await w.create<Product>("Products", { name: `${marker} Sparse draft`, status: "draft", primary_category: sparse.id });
  });
  afterAll(async () => (await writer).cleanup());

  it("a product's page lists only its live offers for the visitor's country, the others under 'Not available in'", async () => {
    const us = await page(productPath(withOffers), { "CF-IPCountry": "US" });
    expect(offerHeadings(us)).toEqual([`${marker} everywhere`]);
    expect(textOf(us)).toContain("Not available in United States (1)");
    const de = await page(productPath(withOffers), { "CF-IPCountry": "DE" });
    expect(offerHeadings(de)).toEqual([`${marker} germany`, `${marker} everywhere`]);
    for (const html of [us, de]) expect(html).not.toContain(`${marker} ended`);
  });

  it("ranks alternatives by rating, then reviews, at most ten, each with its best live offer", async () => {
    const first = ranked[11]!;
    const html = await page(`${productPath(first)}/alternatives`);
    const read = parsePage(html);
    // Each alternative an article named by its heading: 'N. name'.
    const alternatives = [...read.querySelectorAll("main article[aria-labelledby]")].filter(
      (article) => read.getElementById(article.getAttribute("aria-labelledby")!)?.tagName === "H2",
    );
    const names = alternatives.map((item) => textIn(read.getElementById(item.getAttribute("aria-labelledby")!)).replace(/^\d+\. /, ""));
    const expected = ranked
      .filter((p) => p !== first)
      .sort((a, b) => b.rating - a.rating || b.review_count - a.review_count)
      .slice(0, 10)
      .map((p) => p.name);
    expect(names).toEqual(expected);
    expect(textOf(html)).toContain(`The 11 other ${crowded.title} products we review, ranked by rating and then by number of reviews`);
    expect(textOf(html)).toContain("The best 10 are listed.");
    const item = alternatives.find((article) => textIn(read.getElementById(article.getAttribute("aria-labelledby")!)).endsWith(ranked[5]!.name));
    expect(textIn(item)).toContain(`${marker} everywhere`);
    const list = jsonLd(html).find((n) => n["@type"] === "ItemList")!;
    expect((list.itemListElement as { name: string }[]).map((e) => e.name)).toEqual(expected);
  });

  it("withholds the page with fewer than three alternatives, and the product page then links none", async () => {
    // The sparse category: one other published product (a draft does not count).
    expect((await visit(`${productPath(withOffers)}/alternatives`)).status).toBe(404);
    const sparsePage = await page(productPath(withOffers));
    expect(sparsePage).not.toContain(`${productPath(withOffers)}/alternatives`);
    expect(textOf(sparsePage)).toContain(`Alternatives to ${withOffers.name}`);
    const crowdedPage = await page(productPath(ranked[0]!));
    expect(crowdedPage).toContain(`href="${productPath(ranked[0]!)}/alternatives"`);
  });

  it("answers 301 from another name segment to the alternatives page's own address", async () => {
    const moved = await visit(`/products/x/${ranked[0]!.id}/alternatives`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(`${productPath(ranked[0]!)}/alternatives`);
  });
});
