import { describe, expect, it } from "vitest";
import type { ListResult } from "../../src/data/types";
import { ADVERTORIAL_NOTICE } from "../../src/lib/sponsored";
import { htmlText, pocketbase, textOf, visit } from "./helpers";

/**
 * Paid content is labelled the same way everywhere (issue 34, "Sponsored content
 * unlabelled"): on the advertorial itself, before its title, on its list, and on every card
 * linking to one, and it is never called a review. Crawler requests, so the whole document
 * comes at once.
 */
const CRAWLER = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const page = async (path: string) => (await visit(path, { headers: CRAWLER })).text();
const NOTICE = htmlText(ADVERTORIAL_NOTICE);

describe("sponsored content is labelled", () => {
  it("on the advertorial page, above its title", async () => {
    const { items } = await pocketbase<ListResult<{ id: string; title: string; stores: string[] }>>(
      "/api/collections/_zdata_advertorials/records?perPage=1&fields=id,title,stores",
    );
    const [advertorial] = items;
    const paths = [`/advertorials/x/${advertorial!.id}`, `/advertorial?store=${advertorial!.stores[0]}`];
    for (const path of paths) {
      const html = await page(path);
      const notice = html.indexOf(NOTICE);
      expect(notice, path).toBeGreaterThan(0);
      expect(notice, path).toBeLessThan(html.indexOf("<h1"));
      expect(html.slice(html.lastIndexOf("<span", notice), notice)).toContain(">Sponsored</span>");
    }
  });

  it("on the advertorials list, whose description calls them sponsored, not reviews", async () => {
    const html = await page("/advertorials");
    expect(html).toContain(NOTICE);
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
    expect(description).toMatch(/^Sponsored/);
    expect(description).not.toMatch(/review/i);
  });

  it("on home's popular cards: an advertorial is Sponsored, never a Review", async () => {
    let advertorialCards = 0;
    // The section shuffles its items on each load: look until advertorials have been shown.
    for (let visitNumber = 0; visitNumber < 10 && advertorialCards < 3; visitNumber++) {
      const html = await page("/");
      const start = html.indexOf('id="popular-articles"');
      const section = html.slice(start, html.indexOf("</section>", start));
      expect(section).not.toMatch(/>Review</);
      for (const card of section.split("<article").slice(1)) {
        if (!card.includes('href="/advertorials/')) continue;
        advertorialCards++;
        expect(card).toContain(">Sponsored</p>");
      }
    }
    expect(advertorialCards).toBeGreaterThan(0);
  });

  it("on store cards: the link to a store's advertorial says so", async () => {
    const text = textOf(await page("/stores"));
    expect(text).toContain("Advertorial (sponsored)");
    expect(text).not.toMatch(/\bReview\b/);
  });

  /** The cards of `html` (articles or search results) that link to an advertorial. */
  const advertorialCards = (html: string, start: string) => {
    const from = html.indexOf(start);
    expect(from, start).toBeGreaterThan(0);
    return html
      .slice(from, html.indexOf("</section>", from))
      .split("<article")
      .slice(1)
      .filter((card) => card.includes('href="/advertorials/'));
  };

  it("on the Read More cards at the end of home and of an article", async () => {
    const { items } = await pocketbase<ListResult<{ id: string }>>("/api/collections/_zdata_articles/records?perPage=1&fields=id");
    for (const path of ["/", `/blog/x/${items[0]!.id}`]) {
      const cards = advertorialCards(await page(path), 'aria-labelledby="read-more-heading"');
      expect(cards.length, path).toBeGreaterThan(0);
      for (const card of cards) expect(card, path).toContain(">Sponsored</span>");
    }
  });

  it("on the advertorials list's cards and hero, and on search results", async () => {
    const list = await page("/advertorials");
    const main = list.slice(list.indexOf("<main"));
    const linked = main.split(/<article|<section/).filter((part) => part.includes('href="/advertorials/'));
    expect(linked.length).toBeGreaterThan(1);
    for (const part of linked) expect(part).toContain(">Sponsored</span>");
    const { items } = await pocketbase<ListResult<{ title: string }>>("/api/collections/_zdata_advertorials/records?perPage=1&fields=title");
    const results = advertorialCards(await page(`/search?q=${encodeURIComponent(items[0]!.title)}&type=advertorials`), "<main");
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result).toContain(">Sponsored</span>");
  });
});
