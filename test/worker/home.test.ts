import { afterEach, describe, expect, it } from "vitest";
import { DEFERRED_DATA_ID } from "../../src/app/deferred";
import { articlePath, listArticleItems, listReadMore } from "../../src/data/articles";
import { createContentClient, type ContentClient } from "../../src/data/client";
import { listHomeCategories, type PopularArticles } from "../../src/data/home";
import type { Article, Banner, Category, Comparison, Editorial, ListResult, Store, TopDeal } from "../../src/data/types";
import { isValidIconPath } from "../../src/lib/icon-path";
import { seededShuffle } from "../../src/lib/shuffle";
import manifest from "../../public/build/manifest.json";
import { assetsOf, linksNamed, parsePage, region, textIn } from "./dom";
import { delayOrigin, evictReads, htmlText, LIVE, pocketbase, setPocketBase, testEnv, visit } from "./helpers";
import { truncateChars } from "../../src/lib/text";

const HERO_CATEGORIES = ["Accommodation", "Shopping", "Food & Drink", "Entertainment", "Health"];
const SLOW_MS = 1_500;

const seg = (title: string) => encodeURIComponent(title.toLowerCase());
const goto = (url: string) => `/goto?url=${encodeURIComponent(url)}`;
const attr = (value: string) => htmlText(value).replace(/"/g, "&quot;");

/** A crawler gets the complete document, every streamed section in place. */
const CRAWLER = { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } };

async function homeHtml(): Promise<string> {
  const response = await visit("/", CRAWLER);
  expect(response.status).toBe(200);
  return response.text();
}

/** The markup of the element with `id`, up to the end of its <section>. */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, `section ${id}`).toBeGreaterThan(0);
  return html.slice(start, html.indexOf("</section>", start));
}

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/** The <section> holding the element with `id` (a section's heading), parsed. */
function sectionOf(html: string, id: string): Element {
  const found = parsePage(html).getElementById(id)?.closest("section");
  expect(found, `section ${id}`).toBeTruthy();
  return found!;
}

/** The offer cards of `scope` as read: each an article named by its heading, the subheading
 * below it, then the store it is at ('at …', a link to the store's page with its logo). */
function offerCards(scope: Element) {
  return [...scope.querySelectorAll("article[aria-labelledby]")].map((card) => {
    const heading = card.querySelector(`[id="${card.getAttribute("aria-labelledby")}"]`)!;
    const lines = [];
    for (let line = heading.nextElementSibling; line?.tagName === "P"; line = line.nextElementSibling) lines.push(line);
    const at = lines.find((line) => textIn(line).startsWith("at "));
    const link = at?.querySelector("a[href]");
    return {
      heading: textIn(heading),
      subheading: lines[0] === at ? undefined : textIn(lines[0]),
      store: link ? { href: link.getAttribute("href")!, logo: link.querySelector("img")?.getAttribute("src") ?? "", title: textIn(link) } : null,
    };
  });
}
const dealHeadings = (scope: Element) => offerCards(scope).map((card) => card.heading);
const dealSubheadings = (scope: Element) => offerCards(scope).map((card) => card.subheading);

/** The carousel of `scope`, and whether the page's stylesheet lays its slides out, before
 * Swiper starts, as `widths` says: from each breakpoint (0: always) the calc() of a slide's width. */
function expectCarouselLayout(page: string, scope: Element, widths: Record<number, string>) {
  const carousel = scope.querySelector('[aria-roledescription="carousel"]');
  expect(carousel, "a carousel").toBeTruthy();
  // The layout's rules name one class of the carousel's; which one is the stylesheet's business.
  const styled = [...carousel!.classList].filter((name) => page.includes(`.${name}:not(.swiper-initialized) .swiper-slide{`));
  expect(styled).toHaveLength(1);
  for (const [from, width] of Object.entries(widths)) {
    const rule = `.${styled[0]}:not(.swiper-initialized) .swiper-slide{width:${width}`;
    expect(page).toContain(from === "0" ? rule : `@media (min-width:${from}px){${rule}`);
  }
}

function deferredValues(html: string): Record<string, { value: unknown }> {
  const match = html.match(new RegExp(`<script type="application/json" id="${DEFERRED_DATA_ID}">(.*?)</script>`, "s"));
  expect(match).not.toBeNull();
  return (JSON.parse(match![1]!) as { home: Record<string, { value: unknown }> }).home;
}

const topDeals = (perPage: number) => pocketbase<ListResult<TopDeal>>(`/api/collections/_zsec_top_deals/records?perPage=${perPage}&sort=-click_count,id`);

const readBlogStrip = (pb: ContentClient) => listArticleItems(pb, "blog", { page: 1, perPage: 5 });

type DealWithStore = TopDeal & { expand: { store: Store } };

/** The home sections that show offers, in page order, with how many each shows. */
const OFFER_SECTIONS = { "top-deals": 3, "best-deals": 3, "popular-offers": 3, "latest-deals": 5 } as const;
type OfferSection = keyof typeof OFFER_SECTIONS;

/**
 * What each offer section should show, from PocketBase: in page order, each takes the next
 * of its candidates (top deals; Best deals the most clicked featured deals) that no earlier
 * section shows.
 */
async function expectedOfferSections(): Promise<Record<OfferSection, DealWithStore[]>> {
  const read = (collection: string, filter: string) =>
    pocketbase<ListResult<DealWithStore>>(
      `/api/collections/${collection}/records?perPage=100&sort=-click_count,id&expand=store&filter=${encodeURIComponent(`(${filter}) && ${LIVE}`)}`,
    );
  const [top, featured] = await Promise.all([read("_zsec_top_deals", 'id != ""'), read("_zdata_offers", 'type = "deal" && is_featured = true')]);
  const shown = new Set<string>();
  const next = (list: ListResult<DealWithStore>, section: OfferSection) => {
    const picked = list.items.filter((deal) => !shown.has(deal.id)).slice(0, OFFER_SECTIONS[section]);
    for (const deal of picked) shown.add(deal.id);
    return picked;
  };
  const topDeals = next(top, "top-deals");
  const bestDeals = next(featured, "best-deals");
  const popular = next(top, "popular-offers");
  return { "top-deals": topDeals, "best-deals": bestDeals, "popular-offers": popular, "latest-deals": next(top, "latest-deals") };
}

describe("home page hero", () => {
  it("has the fixed title and summary and a required search field and category select posting to /search", async () => {
    const html = section(await homeHtml(), "home-hero-title");
    expect(html).toContain(">Start exploring Coupons</h1>");
    expect(html).toMatch(/<form role="search" [^>]*action="\/search" method="get">/);
    expect(html).toMatch(/<input [^>]*type="search" placeholder="What are you looking for\?" maxLength="100" required="" name="q"/);
    const select = html.match(/<select [^>]*name="category"[^>]*required=""[^>]*>(.*?)<\/select>/s);
    expect(select).not.toBeNull();
    const options = [...select![1]!.matchAll(/<option value="([^"]*)"( disabled="")?[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], Boolean(m[2]), m[3]]);
    expect(options).toEqual([["", true, "Category"], ...HERO_CATEGORIES.map((title) => [htmlText(title), false, htmlText(title)])]);
    const form = sectionOf(await homeHtml(), "home-hero-title").querySelector("form[role=search]")!;
    expect([...form.querySelectorAll("button")].map((button) => [textIn(button), button.getAttribute("type")])).toEqual([["Search", "submit"]]);
    // Every control has a label.
    for (const id of [...html.matchAll(/<(?:input|select) [^>]*id="([^"]+)"/g)].map((m) => m[1])) expect(html).toContain(`for="${id}"`);
  });

  it("shows the strip of the five hero categories, each linking to its stores list", async () => {
    const categories = await pocketbase<ListResult<Category>>("/api/collections/_zdata_categories/records?perPage=30&sort=title");
    const html = await homeHtml();
    const strip = html.slice(
      html.indexOf('aria-label="Browse stores by category"'),
      html.indexOf("</nav>", html.indexOf('aria-label="Browse stores by category"')),
    );
    const expected = HERO_CATEGORIES.map((title) => categories.items.find((c) => c.title === title)!);
    expect(hrefs(strip)).toEqual(expected.map((c) => `/stores?catID=${c.id}`));
    for (const category of expected) expect(strip).toContain(`<span>${htmlText(category.title)}</span></a>`);
  });
});

describe("home page sections", () => {
  it("shows the first 6 categories by title; a valid icon path drawn in color_hex, else the icon image", async () => {
    const categories = await pocketbase<ListResult<Category>>("/api/collections/_zdata_categories/records?perPage=30&page=1&sort=title");
    const html = section(await homeHtml(), "popular-categories");
    const first = categories.items.slice(0, 6);
    expect(hrefs(html)).toEqual(first.map((c) => `/stores?catID=${c.id}`));
    const withPath = first.filter((c) => isValidIconPath(c.icon_code));
    const withImage = first.filter((c) => !withPath.includes(c));
    expect(withPath.length).toBeGreaterThan(0);
    expect(withImage.length).toBeGreaterThan(0); // the seed has categories without an icon path
    for (const c of withPath) expect(html).toContain(`<path d="${attr(c.icon_code)}" fill="${c.color_hex}"></path>`);
    for (const c of withImage)
      expect(html).toMatch(new RegExp(`<img src="/api/files/_zdata_categories/${c.id}/${c.icon_image}" width="40" height="40" alt=""`));
  });

  it("shows 6 of the featured advertorials, featured comparisons and banners, shuffled by the seed sent with the page", async () => {
    const [editorials, comparisons, banners] = await Promise.all([
      pocketbase<ListResult<Editorial>>("/api/collections/_zdata_advertorials/records?filter=is_featured%3Dtrue&sort=-publish_time,id&perPage=10"),
      pocketbase<ListResult<Comparison>>("/api/collections/_zdata_comparisons/records?filter=is_featured%3Dtrue&sort=-publish_time,id&perPage=10"),
      pocketbase<ListResult<Banner>>("/api/collections/_zdata_banners/records?sort=-create_time,id&perPage=30"),
    ]);
    const pool = [
      ...editorials.items.map((e) => ({ id: e.id, href: `/advertorials/${seg(e.title)}/${e.id}`, title: e.title })),
      ...comparisons.items.map((c) => ({ id: c.id, href: `/comparisions/${seg(c.title)}/${c.id}`, title: c.title })),
      ...banners.items.map((b) => ({ id: b.id, href: goto(b.url), title: b.name })),
    ];
    const orders = new Set<string>();
    for (let load = 0; load < 4; load++) {
      const page = await homeHtml();
      const html = section(page, "popular-articles");
      const { seed } = (deferredValues(page).popularArticles!.value as { value: PopularArticles }).value;
      const expected = seededShuffle(pool, seed).slice(0, 6);
      const links = hrefs(html);
      expect(links[0]).toBe("/advertorials"); // View All
      expect(links.slice(1)).toEqual(expected.map((item) => item.href));
      for (const item of expected) expect(html).toContain(htmlText(item.title));
      // 'View All', named for the section for a screen reader.
      expect(linksNamed(sectionOf(page, "popular-articles"), "View All Popular articles").map((a) => a.getAttribute("href"))).toEqual(["/advertorials"]);
      orders.add(links.join(" "));
    }
    // 18 items, 6 shown: four loads with one order would mean the shuffle is not random.
    expect(orders.size).toBeGreaterThan(1);
  });

  it("shows the first 3 top deals with 'View all' to /stores", async () => {
    const expected = await topDeals(3);
    const page = await homeHtml();
    const html = section(page, "top-deals");
    const top = sectionOf(page, "top-deals");
    expect(hrefs(html)[0]).toBe("/stores");
    expect(linksNamed(top, /^View all\b/).map((a) => a.getAttribute("href"))).toEqual(["/stores"]);
    expect(dealHeadings(top)).toEqual(expected.items.map((d) => d.heading));
    expect(dealSubheadings(top)).toEqual(expected.items.map((d) => d.subheading));
    for (const deal of expected.items) expect(hrefs(html)).toContain(goto(deal.cta_url));
  });

  it("shows the 3 most clicked featured deals Top Deals does not show, the subheading cut to 4 words, and 'View all' to /offers", async () => {
    const expected = { items: (await expectedOfferSections())["best-deals"] };
    expect(expected.items).toHaveLength(3);
    expect(expected.items.some((o) => o.subheading.trim().split(/\s+/).length > 4)).toBe(true);
    const page = await homeHtml();
    const html = section(page, "best-deals");
    const best = sectionOf(page, "best-deals");
    expect(hrefs(html)[0]).toBe("/offers");
    expect(dealHeadings(best)).toEqual(expected.items.map((o) => o.heading));
    const cut = (text: string) => {
      const words = text.trim().split(/\s+/);
      return words.length > 4 ? `${words.slice(0, 4).join(" ")}...` : text.trim();
    };
    expect(dealSubheadings(best)).toEqual(expected.items.map((o) => cut(o.subheading)));
  });

  it("shows the next 3 top deals (subheading cut at 18 characters) and 3 featured store cards as Popular offers", async () => {
    const [deals, stores] = await Promise.all([
      expectedOfferSections().then((sections) => ({ items: sections["popular-offers"] })),
      pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=3&sort=title&filter=is_featured_store%3Dtrue"),
    ]);
    const page = await homeHtml();
    const html = section(page, "popular-offers");
    const popular = sectionOf(page, "popular-offers");
    expect(hrefs(html)[0]).toBe("/offers");
    expect(linksNamed(popular, /^View All\b/).map((a) => a.getAttribute("href"))).toEqual(["/offers"]);
    expect(deals.items.some((d) => d.subheading.length > 18)).toBe(true);
    expect(dealSubheadings(popular)).toEqual(deals.items.map((d) => truncateChars(d.subheading, 18)));
    // The store cards, each headed by its title linking the store's page.
    const storeLinks = [...popular.querySelectorAll("h2 a[href]")];
    expect(storeLinks.map((a) => a.getAttribute("href"))).toEqual(stores.items.map((s) => `/stores/${seg(s.title)}/${s.id}`));
    expect(storeLinks.map(textIn)).toEqual(stores.items.map((s) => truncateChars(s.title, 30)));
    for (const store of stores.items) expect(html).toContain(`>${htmlText(truncateChars(store.subheading, 50))}</p>`);
  });

  it("shows every banner in the top-offers slider, each opening /goto in a new tab, with the slider's layout in the server HTML", async () => {
    const banners = await pocketbase<ListResult<Banner>>("/api/collections/_zdata_banners/records?sort=-create_time,id&perPage=30");
    const page = await homeHtml();
    const html = section(page, "top-offers");
    const links = [...html.matchAll(/<a ([^>]*)>/g)].map((m) => m[1]!);
    expect(links).toHaveLength(banners.items.length);
    banners.items.forEach((banner, i) => {
      expect(links[i]).toContain(`href="${attr(goto(banner.url))}"`);
      expect(links[i]).toContain('target="_blank"');
      expect(links[i]).toContain('rel="sponsored noopener"');
      expect(html).toContain(`>${htmlText(banner.name)}</span>`);
      expect(html).toMatch(new RegExp(`<img [^>]*src="/api/files/_zdata_banners/${banner.id}/${banner.image}\\?thumb=600x0" alt="" width="600" height="200"`));
    });
    // 1 slide, 2 from 500 px, 3 from 992 px, 24 px apart, before Swiper starts.
    expectCarouselLayout(page, sectionOf(page, "top-offers"), {
      0: "calc((100% - 0px) / 1);margin-right:24px}",
      500: "calc((100% - 24px) / 2)}}",
      992: "calc((100% - 48px) / 3)}}",
    });
  });

  it("has the image slider with its two fixed slides and the 'What sets us apart?' block", async () => {
    const page = await homeHtml();
    const slider = page.slice(page.indexOf('aria-label="Highlights"'));
    expect([...slider.slice(0, slider.indexOf("</section>")).matchAll(/aria-roledescription="slide"/g)]).toHaveLength(2);
    expect(hrefs(slider.slice(0, slider.indexOf("</section>")))).toEqual(["/offers", "/comparisions"]);
    expect(section(page, "apart-title")).toContain(">What sets us apart?</h2>");
  });

  it("shows the next 5 top deals in Latest Deals, the subheading cut to 24 characters plus an ellipsis", async () => {
    const deals = { items: (await expectedOfferSections())["latest-deals"] };
    expect(deals.items).toHaveLength(5);
    const page = await homeHtml();
    const latest = sectionOf(page, "latest-deals");
    expect(dealHeadings(latest)).toEqual(deals.items.map((d) => d.heading));
    const cut = (text: string) => truncateChars(text, 24);
    expect(dealSubheadings(latest)).toEqual(deals.items.map((d) => cut(d.subheading)));
    // 1 slide, 2 from 600 px, 3 from 1200 px.
    expectCarouselLayout(page, latest, { 0: "calc((100% - 0px) / 1)", 600: "calc((100% - 24px) / 2)", 1200: "calc((100% - 48px) / 3)" });
  });

  it("shows the latest 5 published articles in the blog strip: image, first category, title, link; 'View All' to /blog", async () => {
    const articles = await pocketbase<ListResult<Article>>("/api/collections/_zdata_articles/records?perPage=5&page=1&sort=-publish_time,id&expand=categories");
    const page = await homeHtml();
    const html = section(page, "blog-strip");
    expect(hrefs(html)).toEqual(["/blog", ...articles.items.map((a) => `/blog/${seg(a.title)}/${a.id}`)]);
    for (const article of articles.items) {
      expect(html).toContain(`>${htmlText(article.title)}</a>`);
      expect(html).toContain(`>${htmlText(article.expand!.categories![0]!.title)}</p>`);
      // featured_image, else banner_image (the seed has an article without a featured image).
      const image = article.featured_image || article.banner_image;
      expect(html).toMatch(new RegExp(`<img [^>]*src="/api/files/_zdata_articles/${article.id}/${image}\\?thumb=400x0" alt="" width="400" height="300"`));
    }
    // The strip's cards are the compact article card: no subtitle, author or date.
    expect(html).not.toContain(">By ");
    expect(html).not.toContain("<time");
    // 1 slide, 2 from 500 px, 3 from 900 px, 4 from 1200 px.
    expectCarouselLayout(page, sectionOf(page, "blog-strip"), {
      0: "calc((100% - 0px) / 1)",
      500: "calc((100% - 24px) / 2)",
      900: "calc((100% - 48px) / 3)",
      1200: "calc((100% - 72px) / 4)",
    });
  });

  it("has the read-more block with the newest advertorials, comparisons and blog articles", async () => {
    const expected = await listReadMore(createContentClient({ baseUrl: testEnv.POCKETBASE_URL, fetch }));
    expect(expected).toHaveLength(4);
    const block = region(parsePage(await homeHtml()), "Read More");
    // Each card headed by its title, a link to the piece.
    expect([...(block?.querySelectorAll("li h2 a[href], li h3 a[href]") ?? [])].map((a) => a.getAttribute("href"))).toEqual(expected.map(articlePath));
  });

  it("links one stylesheet, the app's with Swiper's rules in it, on carousel pages as on others", async () => {
    const stylesheets = (html: string) => assetsOf(parsePage(html)).stylesheets;
    expect(stylesheets(await homeHtml())).toEqual([manifest.css]);
    expect(stylesheets(await (await visit("/contact-us")).text())).toEqual(stylesheets(await homeHtml()));
  });

  it("links a content-hashed favicon and shows a content-hashed PNG logo, both kept by browsers for a year", async () => {
    const html = await homeHtml();
    const href = html.match(/<link rel="icon" href="([^"]+)" type="image\/svg\+xml"\/>/)?.[1];
    expect(href).toMatch(/^\/build\/favicon-[A-Z0-9]+\.svg$/);
    // The header's logo: a PNG, as an SVG image would be one more document on a phone's main
    // thread (decision 047); /favicon.svg (a day's cache lifetime) would be fetched again daily.
    const logo = parsePage(html).querySelector('header a[href="/"] img')?.getAttribute("src");
    expect(logo).toMatch(/^\/build\/logo-[A-Z0-9]+\.png$/);
    expect(html).not.toMatch(/<img [^>]*src="\/(build\/[^"]*\.svg|favicon\.svg)"/);
    for (const [url, type] of [
      [href!, "image/svg+xml"],
      [logo!, "image/png"],
    ] as const) {
      const file = await visit(url);
      expect(file.status, url).toBe(200);
      expect(file.headers.get("Content-Type"), url).toBe(type);
      expect(file.headers.get("Cache-Control"), url).toBe("public, max-age=31536000, immutable");
    }
  });
});

describe("home page offer cards", () => {
  it("names each card's store, linking its page, with its logo", async () => {
    const [expected, html] = await Promise.all([expectedOfferSections(), homeHtml()]);
    let cards = 0;
    for (const id of Object.keys(OFFER_SECTIONS) as OfferSection[]) {
      const shown = offerCards(sectionOf(html, id));
      expect(
        shown.map((card) => card.heading),
        id,
      ).toEqual(expected[id].map((deal) => deal.heading));
      expect(
        shown.map((card) => card.store),
        id,
      ).toEqual(
        expected[id].map(({ expand: { store } }) => ({
          href: `/stores/${seg(store.title)}/${store.id}`,
          logo: `/api/files/_zdata_stores/${store.id}/${store.logo}?thumb=100x100`,
          title: store.title,
        })),
      );
      cards += shown.length;
    }
    expect(cards).toBe(14);
  });

  it("shows no offer in two sections, each section filled with the next candidates", async () => {
    const [expected, page] = await Promise.all([expectedOfferSections(), homeHtml()]);
    const values = deferredValues(page);
    const keys: Record<OfferSection, string> = {
      "top-deals": "topDeals",
      "best-deals": "bestDeals",
      "popular-offers": "popularDeals",
      "latest-deals": "latestDeals",
    };
    const ids = (Object.keys(keys) as OfferSection[]).flatMap((id) => {
      const shown = (values[keys[id]]!.value as { value: { id: string }[] }).value.map((offer) => offer.id);
      expect(shown, id).toEqual(expected[id].map((deal) => deal.id));
      expect(shown, id).toHaveLength(OFFER_SECTIONS[id]);
      return shown;
    });
    expect(new Set(ids).size).toBe(ids.length);
    // The seed's best deals are among the top deals the later sections read: they pass over them.
    const topIds = new Set((await topDeals(ids.length)).items.map((deal) => deal.id));
    expect(expected["best-deals"].filter((deal) => topIds.has(deal.id)).length).toBeGreaterThan(0);
  });
});

describe("home page streaming and failures", () => {
  afterEach(async () => {
    await delayOrigin("", 0);
    await setPocketBase("start");
  });

  it("streams the shell with the hero before a slow blog strip, which follows with its hydration data", async () => {
    await homeHtml(); // every other read is now in the edge cache
    await evictReads(readBlogStrip);
    await delayOrigin("_zdata_articles", SLOW_MS);
    const started = Date.now();
    const response = await visit("/");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: { at: number; text: string }[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push({ at: Date.now() - started, text: decoder.decode(value, { stream: true }) });
    }
    const early = chunks
      .filter((c) => c.at < SLOW_MS - 300)
      .map((c) => c.text)
      .join("");
    expect(early).toContain(">Start exploring Coupons</h1>");
    expect(early).toContain('id="top-deals"');
    expect(section(early, "blog-strip")).toContain("placeholder-glow");
    expect(section(early, "blog-strip")).not.toContain("/blog/");
    expect(chunks.at(-1)!.at).toBeGreaterThanOrEqual(SLOW_MS - 50);
    const html = chunks.map((c) => c.text).join("");
    const articles = await pocketbase<ListResult<Article>>("/api/collections/_zdata_articles/records?perPage=5&sort=-publish_time,id");
    expect(html).toContain(`href="/blog/${seg(articles.items[0]!.title)}/${articles.items[0]!.id}"`);
    const blog = deferredValues(html).blog!.value as { ok: boolean; value: { id: string }[] };
    expect(blog.value.map((a) => a.id)).toEqual(articles.items.map((a) => a.id));
  });

  it("shows a failing section's error state, the rest of the page intact; without categories the hero still searches", async () => {
    await homeHtml();
    await evictReads(readBlogStrip);
    await evictReads(listHomeCategories);
    await setPocketBase("stop");
    const response = await visit("/", CRAWLER);
    expect(response.status).toBe(200);
    const html = await response.text();
    const notice = "This section could not be loaded just now.";
    expect(section(html, "blog-strip")).toContain(notice);
    expect(section(html, "popular-categories")).toContain(notice);
    expect(html).not.toContain('aria-label="Browse stores by category"');
    expect(section(html, "home-hero-title")).toMatch(/<form role="search" [^>]*action="\/search"/);
    // Sections whose reads are still in the edge cache render as usual.
    for (const id of ["popular-articles", "top-deals", "best-deals", "popular-offers", "top-offers", "latest-deals"]) {
      expect(section(html, id)).not.toContain(notice);
    }
    expect(dealHeadings(sectionOf(html, "top-deals"))).toHaveLength(3);
  });
});
