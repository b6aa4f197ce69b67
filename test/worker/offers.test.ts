import { beforeAll, describe, expect, it } from "vitest";
import type { ListResult, Offer, Store, StoreFilter } from "../../src/data/types";
import { htmlText, LIVE, pocketbase, testEnv, visit } from "./helpers";

const ORDER = "-is_featured,-create_time,id";
const amp = (s: string) => s.replace(/&amp;/g, "&");
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

/** Headings and store links of the offer cards on a page, in order. */
function cards(html: string) {
  return main(html)
    .split('<article class="card h-100 shadow-sm offer-card"')
    .slice(1)
    .map((rest) => rest.slice(0, rest.indexOf("</article>")))
    .map((card) => ({
      heading: amp(card.match(/<h2 id="[^"]+" class="h6 mb-1">([^<]*)<\/h2>/)?.[1] ?? ""),
      store: amp(card.match(/<p class="small mb-0">at <a href="([^"]+)"/)?.[1] ?? ""),
      coupon: card.includes('aria-haspopup="dialog"'),
    }));
}

async function expectedOffers(filter: string, page = 1) {
  const query = `perPage=30&page=${page}&sort=${ORDER}&expand=store&filter=${encodeURIComponent(filter ? `(${filter}) && ${LIVE}` : LIVE)}`;
  return pocketbase<ListResult<Offer & { expand: { store: Store } }>>(`/api/collections/_zdata_offers/records?${query}`);
}

let categories: StoreFilter[];
beforeAll(async () => {
  categories = (await pocketbase<ListResult<StoreFilter>>("/api/collections/_zsec_store_filters/records?perPage=200&sort=title")).items;
});

describe("/offers", () => {
  it("lists 30 offers across stores, featured first then newest, each card linking its store", async () => {
    const expected = await expectedOffers("");
    const response = await visit("/offers");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1 class="h3 mb-1">All Coupons &amp; Deals</h1>');
    expect(html).toContain("<title>All Coupons &amp; Deals | DealPilot</title>");
    const shown = cards(html);
    expect(shown).toHaveLength(30);
    expect(shown.map((c) => c.heading)).toEqual(expected.items.map((o) => o.heading));
    expect(shown.map((c) => c.store)).toEqual(expected.items.map((o) => `/stores/${encodeURIComponent(o.expand.store.title.toLowerCase())}/${o.store}`));
    expect(html).toContain('href="/offers?page=2"');
    expect(html).toContain(`<link rel="canonical" href="${testEnv.SITE_ORIGIN}/offers"/>`);
  });

  it.each([
    ["coupon", "Coupons"],
    ["deal", "Deals"],
  ])("filters by type=%s with crawlable type links", async (type, name) => {
    const expected = await expectedOffers(`type = "${type}"`);
    const html = await (await visit(`/offers?type=${type}`)).text();
    expect(html).toContain(`<h1 class="h3 mb-1">All ${name}</h1>`);
    const shown = cards(html);
    expect(shown.map((c) => c.heading)).toEqual(expected.items.map((o) => o.heading));
    expect(shown.every((c) => c.coupon === (type === "coupon"))).toBe(true);
    expect(html).toMatch(new RegExp(`<a class="nav-link border active" aria-current="page" href="/offers\\?type=${type}"[^>]*>${name}</a>`));
    expect(html).toMatch(/<a class="nav-link border" href="\/offers"[^>]*>All<\/a>/);
  });

  it("filters by category and type together, keeping both in the sidebar form and the page links", async () => {
    const category = categories.find((c) => c.total > 0)!;
    const expected = await expectedOffers(`categories.id ?= "${category.id}" && type = "coupon"`);
    const html = await (await visit(`/offers?type=coupon&catID=${category.id}`)).text();
    expect(html).toContain(`<h1 class="h3 mb-1">${htmlText(category.title)} Coupons</h1>`);
    expect(cards(html).map((c) => c.heading)).toEqual(expected.items.map((o) => o.heading));
    const form = html.slice(html.indexOf('<form aria-label="Offer categories" action="/offers" method="get">'));
    expect(form).toMatch(/^<form [^>]*><input type="hidden" name="type" value="coupon"\/>/);
    // The offers filter lists categories without the store counts.
    expect(form).toContain(`>${htmlText(category.title)}</label>`);
    expect(amp(html)).toContain(`<a class="nav-link border" href="/offers?catID=${category.id}"`);
  });

  it("shows the empty message when nothing matches", async () => {
    const response = await visit(`/offers?catID=${"q".repeat(15)}`);
    expect(response.status).toBe(200);
    expect(main(await response.text())).toContain("No Offer Yet, We are working hard to bring these offers for you.");
  });

  it.each([
    ["an unknown type", "/offers?type=voucher"],
    ["a hostile type", "/offers?type=deal%27%20||%201=1"],
    ["a hostile catID", `/offers?catID=${encodeURIComponent('" || id != "')}`],
    ["a 10 KB catID", `/offers?catID=${"x".repeat(10_240)}`],
    ["a negative page", "/offers?page=-1"],
  ])("answers %s with a 400 page", async (_, path) => {
    const response = await visit(path);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This address is not valid");
  });
});
