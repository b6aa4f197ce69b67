import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Article, Offer, Product, Store } from "../../src/data/types";
import { parsePage, region } from "./dom";
import { pocketbaseWriter, textOf, visit } from "./helpers";

/**
 * Issue 34: a product's coupon code comes from its coupon offer (a relation) and follows
 * that offer's dates: offered while the offer is live, never before it starts or after it ends.
 */

const DAY = 86_400_000;
const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const CRAWLER = { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } };
const marker = `pc${Date.now().toString(36)}`;

describe("product codes follow their offers", () => {
  const writer = pocketbaseWriter();
  let store: Store;

  beforeAll(async () => {
    store = await (await writer).create<Store>("_zdata_stores", { title: `${marker} Codes`, website: "https://codes.example/" });
  });
  afterAll(async () => (await writer).cleanup());

  /** An article showing one product whose coupon offer carries `code` and runs within `dates`. */
  async function articleWithCode(code: string, dates: { starts_at?: string; expires_at?: string }): Promise<string> {
    const w = await writer;
    const offer = await w.create<Offer>("_zdata_offers", {
      heading: `${marker} ${code}`,
      type: "coupon",
      store: store.id,
      coupon_code: code,
      cta_url: "https://codes.example/offer",
      ...dates,
    });
    const product = await w.create<Product>("Products", {
      name: `${marker} product`,
      coupon_offer: offer.id,
      offers: [offer.id],
      cta_url: "https://codes.example/plan",
      status: "published",
    });
    const article = await w.create<Article>("_zdata_articles", {
      title: `${marker} article ${code.toLowerCase()}`,
      content: "A product with a code.",
      product: product.id,
      status: "published",
      publish_time: pbDate(Date.now() - DAY),
    });
    const response = await visit(`/blog/${encodeURIComponent(article.title.toLowerCase())}/${article.id}`, CRAWLER);
    expect(response.status).toBe(200);
    const html = await response.text();
    return region(parsePage(html), "Product in this article")?.innerHTML ?? "";
  }

  it("offers the code of a live offer, as its last three characters", async () => {
    const card = await articleWithCode(`${marker}LIVE`.toUpperCase(), { starts_at: pbDate(Date.now() - DAY), expires_at: pbDate(Date.now() + DAY) });
    expect(textOf(card)).toContain("Get Code ending in IVE");
  });

  it("does not offer the code once its offer has ended", async () => {
    const code = `${marker}ENDED`.toUpperCase();
    const card = await articleWithCode(code, { expires_at: pbDate(Date.now() - 60_000) });
    expect(card).toContain(`${marker} product`);
    expect(textOf(card)).not.toContain("Get Code");
    expect(card).not.toContain(code);
  });

  it("does not offer the code before its offer starts", async () => {
    const code = `${marker}SOON`.toUpperCase();
    const card = await articleWithCode(code, { starts_at: pbDate(Date.now() + DAY) });
    expect(card).toContain(`${marker} product`);
    expect(textOf(card)).not.toContain("Get Code");
    expect(card).not.toContain(code);
  });

  it("products have no typed code of their own: the relation is the only source", async () => {
    const response = await visit("/api/collections/Products/records?perPage=1");
    const { items } = (await response.json()) as { items: Record<string, unknown>[] };
    expect(items[0]).toHaveProperty("coupon_offer");
    expect(items[0]).not.toHaveProperty("coupon_code");
  });
});
