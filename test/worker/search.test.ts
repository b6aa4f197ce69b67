import { describe, expect, it } from "vitest";
import type { Article, ListResult, Offer, Store } from "../../src/data/types";
import { htmlText, isLiveNow, LIVE, pocketbase, visit } from "./helpers";

const PER_PAGE = 12;

function main(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}

async function searchPage(query: string): Promise<{ status: number; html: string }> {
  const response = await visit(`/search?${query}`);
  return { status: response.status, html: await response.text() };
}

/** The same filters the page builds, sent to PocketBase directly (offers: live ones only). */
function count<T>(collection: string, filter: string, sort: string, page = 1): Promise<ListResult<T>> {
  const scoped = collection === "_zdata_offers" ? `(${filter}) && ${LIVE}` : filter;
  return pocketbase<ListResult<T>>(`/api/collections/${collection}/records?perPage=${PER_PAGE}&page=${page}&sort=${sort}&filter=${encodeURIComponent(scoped)}`);
}

const tabs = (html: string) => [...html.matchAll(/<a class="nav-link[^"]*"[^>]*href="\/search\?([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1]!.replace(/&amp;/g, "&"), m[2]!]);
const storeLinks = (html: string) => [...html.matchAll(/<h2 class="h6 card-title"><a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
const dealHeadings = (html: string) => [...html.matchAll(/<h3 id="[^"]*" class="h6 mb-1">([^<]*)<\/h3>/g)].map((m) => m[1]!);
const seg = (title: string) => encodeURIComponent(title.toLowerCase());

describe("search", () => {
  it("lists matching stores, with the count of matching stores, offers and articles in tabs", async () => {
    const [stores, offers, articles] = await Promise.all([
      count<Store>("_zdata_stores", '(title ~ "cloud" || subheading ~ "cloud")', "title"),
      count<Offer>("_zdata_offers", '(heading ~ "cloud" || subheading ~ "cloud")', "-click_count,id"),
      count<Article>("_zdata_articles", '(title ~ "cloud")', "-publish_time,id"),
    ]);
    expect(stores.totalItems).toBeGreaterThan(0);
    const { status, html } = await searchPage("q=cloud");
    expect(status).toBe(200);
    const page = main(html);
    expect(tabs(page)).toEqual([
      ["q=cloud&type=stores", `Stores (${stores.totalItems})`],
      ["q=cloud&type=offers", `Offers (${offers.totalItems})`],
      ["q=cloud&type=articles", `Articles (${articles.totalItems})`],
    ]);
    expect(page).toContain('aria-current="page" href="/search?q=cloud&amp;type=stores"');
    expect(page).toContain(`${stores.totalItems + offers.totalItems + articles.totalItems} results for “cloud”`);
    expect(storeLinks(page)).toEqual(stores.items.map((s) => `/stores/${seg(s.title)}/${s.id}`));
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("respects the category and keeps the query in the form", async () => {
    const filter = '(heading ~ "off" || subheading ~ "off") && categories.title ?= "Shopping"';
    const offers = await count<Offer>("_zdata_offers", filter, "-click_count,id");
    const all = await count<Offer>("_zdata_offers", '(heading ~ "off" || subheading ~ "off")', "-click_count,id");
    expect(offers.totalItems).toBeGreaterThan(0);
    expect(offers.totalItems).toBeLessThan(all.totalItems);
    const { html } = await searchPage("q=off&category=Shopping&type=offers");
    const page = main(html);
    expect(page).toContain(`>Offers (${offers.totalItems})</a>`);
    expect(dealHeadings(page)).toEqual(offers.items.map((o) => htmlText(o.heading)));
    expect(page).toMatch(/<input [^>]*name="q" value="off"/);
    expect(page).toMatch(/<option value="Shopping" selected="">Shopping<\/option>/);
  });

  it("pages through one kind of results with crawlable links", async () => {
    const filter = '(heading ~ "off" || subheading ~ "off")';
    const second = await count<Offer>("_zdata_offers", filter, "-click_count,id", 2);
    expect(second.totalPages).toBeGreaterThan(2);
    const { html } = await searchPage("q=off&type=offers&page=2");
    const page = main(html);
    expect(dealHeadings(page)).toEqual(second.items.map((o) => htmlText(o.heading)));
    expect(page).toContain('rel="prev" href="/search?q=off&amp;type=offers"');
    expect(page).toContain('rel="next" href="/search?q=off&amp;type=offers&amp;page=3"');
  });

  it("shows blog articles with their link, first category and image", async () => {
    const articles = await pocketbase<ListResult<Article>>(
      `/api/collections/_zdata_articles/records?perPage=${PER_PAGE}&sort=-publish_time,id&expand=categories&filter=${encodeURIComponent('(title ~ "how")')}`,
    );
    expect(articles.totalItems).toBeGreaterThan(0);
    const page = main((await searchPage("q=how&type=articles")).html);
    for (const article of articles.items) {
      expect(page).toContain(`href="/blog/${seg(article.title)}/${article.id}"`);
      expect(page).toContain(`>${htmlText(article.expand!.categories![0]!.title)}</p>`);
      expect(page).toContain(`src="/api/files/_zdata_articles/${article.id}/${article.featured_image || article.banner_image}?thumb=400x0"`);
    }
  });

  it("matches a typed % literally, anywhere in the text", async () => {
    const all = await pocketbase<ListResult<Offer>>(`/api/collections/_zdata_offers/records?perPage=500&fields=heading,subheading,starts_at,expires_at`);
    const matching = all.items.filter((o) => o.heading.includes("70%") || o.subheading.includes("70%"));
    const expected = matching.filter((o) => isLiveNow(o)).length;
    // Some matching offers are expired or still to start, and none of them is counted.
    expect(expected).toBeLessThan(matching.length);
    expect(all.items.some((o) => o.heading.includes("70%") && !o.heading.startsWith("70%"))).toBe(true);
    const page = main((await searchPage("q=70%25&type=offers")).html);
    expect(page).toContain(`>Offers (${expected})</a>`);
  });

  it("treats quotes and filter syntax as text to find, not as part of the filter", async () => {
    const { status, html } = await searchPage(`q=${encodeURIComponent('" || id != "')}`);
    expect(status).toBe(200);
    expect(main(html)).toContain("Nothing matches “&quot; || id != &quot;” yet. Try other words or another category.");
  });

  it("says so when nothing matches, and asks for a query when there is none", async () => {
    const empty = await searchPage("q=qqqzzzxxx&category=Health");
    expect(empty.status).toBe(200);
    expect(main(empty.html)).toContain("Nothing matches “qqqzzzxxx” in Health yet. Try other words or another category.");
    const none = await searchPage("");
    expect(none.status).toBe(200);
    expect(main(none.html)).toContain("Type what you are looking for and pick a category, then press Search.");
    expect(main(none.html)).toMatch(/<form role="search" [^>]*action="\/search" method="get">/);
  });

  it("answers malformed input with a 400 page", async () => {
    for (const query of [`q=${"a".repeat(101)}`, "q=vpn&type=coupons", "q=vpn&type=stores&page=0", "q=vpn&type=stores&page=x", "q=vpn&page=2", `q=vpn&category=${"c".repeat(61)}`]) {
      const { status, html } = await searchPage(query);
      expect(status, query).toBe(400);
      expect(html).toContain("This address is not valid");
    }
  });
});
