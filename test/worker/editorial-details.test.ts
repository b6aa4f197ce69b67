import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { AdvertorialSummary } from "../../src/app/pages/advertorial/AdvertorialSummary";
import { renderMarkdown } from "../../src/data/markdown";
import type { Article, Author, Badge, Category, Comparison, Editorial, ListResult, Offer, Product } from "../../src/data/types";
import { accessibleName, attribute, fragmentText, headings, linksNamed, parsePage, precedes, region, textIn } from "./dom";
import { isLiveNow, pocketbase, setPocketBase, testEnv, visit, textOf } from "./helpers";

/** A page as a crawler gets it: complete, streamed sections (the read-more block) in place. */
async function page(path: string, status = 200): Promise<string> {
  const response = await visit(path, {
    redirect: "manual",
    headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
  });
  expect(response.status, path).toBe(status);
  return response.text();
}

/** The code a product's cards offer: its coupon offer's, while that offer is live (issue 34). */
const liveCode = (product: Product & { expand?: { coupon_offer?: Offer } }) => {
  const offer = product.expand?.coupon_offer;
  return offer?.coupon_code && isLiveNow(offer) ? offer.coupon_code : "";
};

const medium = (value: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(value.replace(" ", "T")));
const segment = (title: string) => encodeURIComponent(title.toLowerCase());
const goto = (url: string) => `/goto?url=${encodeURIComponent(url)}`;
const fileOf = (record: { collectionName: string; id: string }, file: string, thumb?: string) =>
  `/api/files/${record.collectionName}/${record.id}/${file}${thumb ? `?thumb=${thumb}` : ""}`;

/** Records as a superuser sees them: drafts included (a guest never gets them). */
async function asSuperuser<T>(path: string): Promise<T> {
  const auth = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: testEnv.TEST_PB_EMAIL, password: testEnv.TEST_PB_PASSWORD }),
  });
  const { token } = (await auth.json()) as { token: string };
  const response = await fetch(`${testEnv.POCKETBASE_URL}${path}`, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

const tagChips = (html: string) => [...(region(parsePage(html), "Tags")?.querySelectorAll("li") ?? [])].map(textIn);

/** The page's header (category, title, byline, banner), as in its <main>. */
const headerOf = (html: string) => parsePage(html).querySelector("main header")!;
const h1Of = (html: string) => textIn(parsePage(html).querySelector("main h1"));
/** The items of the byline (author, dates) as read, in order, the separators included. */
const bylineOf = (header: Element) => [...(header.querySelector("time")?.closest("div")?.children ?? [])].map(textIn).filter(Boolean).join(" ");

function expectHeader(
  html: string,
  record: { title: string; publish_time: string; revised_at: string; banner_image: string; collectionName: string; id: string },
  kind: string,
  category: Category,
  author: Author,
) {
  const header = headerOf(html);
  expect(linksNamed(header, category.title).map((a) => a.getAttribute("href"))).toEqual([`/${kind}?id=${category.id}`]);
  expect(textIn(header.querySelector("h1"))).toBe(record.title);
  // "Updated" (issue 53) when the piece was revised on a later day than it was published.
  const updated = record.revised_at && record.revised_at.slice(0, 10) > record.publish_time.slice(0, 10) ? ` · Updated ${medium(record.revised_at)}` : "";
  expect(bylineOf(header)).toBe(`By ${author.first_name} ${author.last_name} · Published ${medium(record.publish_time)}${updated}`);
  const published = header.querySelector("time")!;
  expect([attribute(published, "datetime"), textIn(published)]).toEqual([record.publish_time.slice(0, 10), medium(record.publish_time)]);
  // The author's avatar (decorative beside their name) and the banner, each with its size reserved.
  const image = (src: string) => header.querySelector(`img[src="${src}"]`);
  const avatar = image(fileOf(author, author.avatar, "100x100"));
  expect([avatar?.getAttribute("alt"), avatar?.getAttribute("width"), avatar?.getAttribute("height")]).toEqual(["", "40", "40"]);
  const banner = image(fileOf(record, record.banner_image));
  expect([banner?.getAttribute("alt"), banner?.getAttribute("width"), banner?.getAttribute("height")]).toEqual(["", "1200", "400"]);
}

function expectAuthorSidebar(html: string, author: Author) {
  const aside = region(parsePage(html), "About the author");
  expect(aside, "the author sidebar").toBeDefined();
  const name = `${author.first_name} ${author.last_name}`;
  // Their name links their page (issue 53), and their expertise follows it.
  const named = linksNamed(aside!, name);
  expect(named.map((a) => a.getAttribute("href"))).toEqual([`/authors/${encodeURIComponent(name.toLowerCase())}/${author.id}`]);
  expect(textIn(named[0]!.parentElement?.nextElementSibling)).toBe(author.expertise);
  expect(textIn(aside)).toContain(textOf(author.about));
  // Their profiles elsewhere open in a new tab, and pass the site's standing to none of them.
  const profiles = [...aside!.querySelectorAll("a[target=_blank]")];
  expect(profiles.map((a) => a.getAttribute("href"))).toEqual(author.social_links!.map((l) => l.url));
  for (const a of profiles) expect(a.getAttribute("rel")?.split(" ").sort()).toEqual(["nofollow", "noopener"]);
}

/** The product cards of `scope` (articles headed by a link to a product's page), and their type as
 * a visitor sees it: the large card's picture is 400 px wide, the compact card's a 120 px thumbnail. */
function productCards(scope: Element | ReturnType<typeof parsePage>) {
  return [...scope.querySelectorAll("article[aria-labelledby]")].flatMap((card) => {
    const heading = card.querySelector(`[id="${card.getAttribute("aria-labelledby")}"]`);
    if (!heading?.querySelector("a[href^='/products/']")) return [];
    const width = card.querySelector("img")?.getAttribute("width");
    return [{ card, heading, name: textIn(heading), type: width === "400" ? "medium" : width === "120" ? "small" : `image ${width}` }];
  });
}

function readMoreIds(html: string): string[] {
  const block = region(parsePage(html), "Read More");
  return [...(block?.querySelectorAll("li") ?? [])].map((card) => card.querySelector("h3 a[href], h2 a[href]")!.getAttribute("href")!.split("/").pop()!);
}

describe("blog article /blog/{title}/{id}", () => {
  const newest = async () =>
    (await pocketbase<ListResult<Article>>("/api/collections/_zdata_articles/records?perPage=1&sort=-publish_time,id&expand=authors,categories")).items[0]!;

  it("shows the breadcrumb, category badge, title, author, medium date, banner and summary", async () => {
    const article = await newest();
    const html = await page(`/blog/${segment(article.title)}/${article.id}`);
    const crumbs = html.match(/<nav aria-label="Breadcrumb">([\s\S]*?)<\/nav>/)![1]!;
    expect([...crumbs.matchAll(/<li [^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1])).toEqual([
      '<a href="/">Home</a>',
      '<a href="/blog">Blog</a>',
      article.title.replace(/&/g, "&amp;"),
    ]);
    expect(crumbs).toContain('aria-current="page"');
    expectHeader(html, article, "blog", article.expand!.categories![0]!, article.expand!.authors![0]!);
    // The summary, the lead paragraph after the header.
    expect(textIn(headerOf(html).nextElementSibling)).toBe(textOf(article.summary));
    expect(html).toContain(`<title>${article.meta_title.replace(" | DealPilot Blog", "").replace(/&/g, "&amp;")} | DealPilot</title>`);
  });

  it("renders the markdown, gives each code block a Copy button, and splits tags by spaces", async () => {
    const article = await newest();
    const html = await page(`/blog/${segment(article.title)}/${article.id}`);
    // The article's text: what the markdown gave, between the header and the tags.
    const read = parsePage(html);
    const content = region(read, "Tags")?.previousElementSibling;
    expect(headings(content!)).toContainEqual({ level: 2, text: "Why it matters" });
    expect(content!.querySelector("ol > li")).not.toBeNull();
    const fence = article.content.match(/^```([a-z]+)\n([\s\S]*?)\n```$/m)!;
    const figure = content!.querySelector("figure")!;
    // Captioned with its language, with a button named for what it copies.
    expect(textIn(figure.querySelector("figcaption span"))).toBe(fence[1]);
    const copy = [...figure.querySelectorAll("button")];
    expect(copy.map((b) => [accessibleName(b), textIn(b), b.getAttribute("type")])).toEqual([[`Copy ${fence[1]} code`, "Copy", "button"]]);
    // The code as written, in a block a keyboard can scroll.
    expect(figure.querySelector("pre")?.getAttribute("tabindex")).toBe("0");
    expect(textIn(figure.querySelector("pre code"))).toBe(textOf(fence[2]!));
    // External links open in a new tab, marked by the sanitizer; site links stay plain.
    const links = [...content!.querySelectorAll("a[href]")];
    const external = links.filter((a) => a.getAttribute("href")!.startsWith("https://"));
    expect(external.length).toBeGreaterThan(0);
    for (const a of external) expect([a.getAttribute("target"), a.getAttribute("rel")]).toEqual(["_blank", "noopener nofollow"]);
    const own = links.find((a) => a.getAttribute("href") === "/stores");
    expect([own?.getAttribute("target"), own?.getAttribute("rel")]).toEqual([null, null]);
    expect(tagChips(html)).toEqual(article.tags.split(" "));
  });

  it("has the author sidebar with social profile links and a read-more block without this article", async () => {
    const article = await newest();
    const html = await page(`/blog/${segment(article.title)}/${article.id}`);
    expectAuthorSidebar(html, article.expand!.authors![0]!);
    const more = readMoreIds(html);
    expect(more).toHaveLength(4);
    expect(more).not.toContain(article.id);
  });

  it("shows the article's product card with the card type the article gives it", async () => {
    const { items } = await pocketbase<ListResult<Article>>("/api/collections/_zdata_articles/records?perPage=1&filter=product%20!%3D%20%22%22&expand=product");
    const article = items[0]!;
    const product = article.expand!.product!;
    const html = await page(`/blog/${segment(article.title)}/${article.id}`);
    const [card, ...others] = productCards(region(parsePage(html), "Product in this article")!);
    expect(others).toHaveLength(0);
    expect(card!.type).toBe(article.product_cardtype);
    // Its name, its heading, links its own page (issue 53).
    expect(linksNamed(card!.heading, product.name).map((a) => a.getAttribute("href"))).toEqual([
      `/products/${encodeURIComponent(product.name.toLowerCase())}/${product.id}`,
    ]);
  });

  it("sends any other title segment to the canonical address (301), query kept", async () => {
    const article = await newest();
    const response = await visit(`/blog/Not-The-Title/${article.id}?from=newsletter`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/blog/${segment(article.title)}/${article.id}?from=newsletter`);
  });

  it("answers 404 with the not-found page for an unknown or malformed id", async () => {
    for (const id of ["zzzzzzzzzzzzzzz", "NOT-AN-ID", "a".repeat(40)]) {
      expect(await page(`/blog/x/${id}`, 404)).toContain("Page not found");
    }
  });
});

describe("markdown", () => {
  it("is sanitized: no scripts, handlers or javascript: links survive", () => {
    const blocks = renderMarkdown('Hi <img src=x onerror="alert(1)"> [a](javascript:alert(1)) <script>alert(1)</script>\n\n```js\nconst a = "<b>";\n```\n');
    const html = blocks
      .filter((b) => b.kind === "html")
      .map((b) => b.html)
      .join("");
    expect(html).not.toMatch(/onerror|javascript:|<script/i);
    expect(blocks.find((b) => b.kind === "code")).toEqual({ kind: "code", code: 'const a = "<b>";', language: "js" });
  });
});

describe("comparison /comparisions/{title}/{id}", () => {
  type Expanded = Comparison & {
    expand: {
      authors: Author[];
      categories: Category[];
      primary_product: Product;
      secondery_product: Product;
      primary_product_badges: Badge[];
      secondery_product_badges?: Badge[];
      products?: Product[];
    };
  };
  const EXPAND = "authors,categories,primary_product,primary_product.coupon_offer,secondery_product,primary_product_badges,secondery_product_badges,products";
  const withSmallSecondary = async () =>
    (
      await pocketbase<ListResult<Expanded>>(
        `/api/collections/_zdata_comparisons/records?perPage=1&sort=-publish_time,id&filter=${encodeURIComponent('secondery_product_cardtype = "small"')}&expand=${EXPAND}`,
      )
    ).items[0]!;
  const cards = (html: string) => productCards(parsePage(html).querySelector("main")!);

  it("shows title, subtitle, author, date, category badge, banner, intro and outro", async () => {
    const comparison = await withSmallSecondary();
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    expectHeader(html, comparison, "comparisions", comparison.expand.categories[0]!, comparison.expand.authors[0]!);
    expect(textIn(headerOf(html).querySelector("h1 + p"))).toBe(comparison.subtitle);
    // The intro before the products, the outro after them.
    const read = parsePage(html);
    const block = (text: string) => [...read.querySelectorAll("main div")].find((div) => textIn(div) === text);
    const [intro, outro] = [block(textOf(comparison.intro)), block(textOf(comparison.outro))];
    const products = cards(html).map((card) => read.getElementById(card.heading.id)!);
    expect(products.length).toBeGreaterThan(0);
    expect(intro && precedes(read, intro, products[0]!)).toBe(true);
    expect(outro && precedes(read, products.at(-1)!, outro)).toBe(true);
  });

  it("shows the primary and secondary products with their badges and card types, then the further products", async () => {
    const comparison = await withSmallSecondary();
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    const shown = cards(html);
    const x = comparison.expand;
    expect(shown.map((c) => c.type)).toEqual([comparison.primary_product_cardtype, "small", ...(x.products ?? []).map(() => "small")]);
    expect(shown.map((c) => c.name)).toEqual([x.primary_product.name, x.secondery_product.name, ...(x.products ?? []).map((p) => p.name)]);
    const badges = (card: Element) => [...(card.querySelector('[aria-label="Badges"]')?.querySelectorAll("li") ?? [])];
    expect(badges(shown[0]!.card).map(textIn)).toEqual(x.primary_product_badges.map((b) => b.title));
    // Each seeded badge has its glyph, drawn by the stylesheet (no icon font is loaded), hidden from screen readers.
    for (const badge of badges(shown[0]!.card)) {
      const glyph = badge.querySelector("[aria-hidden=true]");
      expect(
        [...(glyph?.classList ?? [])].some((name) => /^bi-[a-z-]+$/.test(name)),
        textIn(badge),
      ).toBe(true);
      expect(textIn(glyph)).toBe("");
    }
    expect(badges(shown[1]!.card).map(textIn)).toEqual((x.secondery_product_badges ?? []).map((b) => b.title));
  });

  it("product cards: pros and cons, rating and reviews, coupon peek, call to action through /goto", async () => {
    const comparison = await withSmallSecondary();
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    const product = comparison.expand.primary_product;
    const card = cards(html)[0]!.card;
    // Pros and cons, each under its label.
    const under = (label: string) => textIn([...card.querySelectorAll("p")].find((p) => textIn(p) === label)?.nextElementSibling);
    expect(under("Pros")).toBe(textOf(product.pros));
    expect(under("Cons")).toBe(textOf(product.cons));
    const text = textIn(card);
    expect(text).toContain(`Rated ${product.rating.toFixed(1)} out of 5`);
    expect(text).toContain(` (${product.review_count.toLocaleString("en-US")} reviews)`);
    const cta = linksNamed(card, comparison.cta_label);
    expect(cta.map((a) => [a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")])).toEqual([
      [goto(product.cta_url), "_blank", "sponsored noopener"],
    ]);
    const code = liveCode(product);
    if (code) {
      expect(text).toContain(`Get Code ending in ${code.slice(-3)}`);
      expect(card.outerHTML).not.toContain(code);
    } else expect(text).not.toContain("Get Code");
    // The large card has the screenshot slider, a labelled carousel region.
    const slider = card.querySelector('[aria-roledescription="carousel"]');
    expect([slider?.getAttribute("role"), slider?.getAttribute("aria-label")]).toEqual(["region", `${product.name} screenshots`]);
  });

  it("never shows a product that is not published", async () => {
    const withDraft = await asSuperuser<ListResult<Comparison & { expand: { products: Product[] } }>>(
      `/api/collections/_zdata_comparisons/records?perPage=50&expand=products&filter=${encodeURIComponent('products.status ?= "draft"')}`,
    );
    const comparison = withDraft.items[0]!;
    const draft = comparison.expand.products.find((p) => p.status === "draft")!;
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    expect(html).not.toContain(draft.name);
    expect(cards(html)).toHaveLength(2 + comparison.expand.products.filter((p) => p.status === "published").length);
  });

  it("splits the tags by commas", async () => {
    const comparison = await withSmallSecondary();
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    expect(comparison.tags).toContain(", ");
    expect(tagChips(html)).toEqual(comparison.tags.split(",").map((t) => t.trim()));
  });

  it("/comparision reads the id (path or query) or the store, and answers 400 without either", async () => {
    const comparison = await withSmallSecondary();
    const h1 = h1Of;
    const canonical = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    expect(canonical).toContain(`<link rel="canonical" href="http://127.0.0.1:8787/comparisions/${segment(comparison.title)}/${comparison.id}"/>`);
    const byPath = await page(`/comparision/${comparison.id}`);
    expect(h1(byPath)).toBe(comparison.title);
    // The same comparison at another address: only its own address is indexed.
    expect(byPath).toContain('<meta name="robots" content="noindex"/>');
    expect(h1(await page(`/comparision?id=${comparison.id}`))).toBe(comparison.title);
    const store = comparison.stores[0]!;
    const newestForStore = (
      await pocketbase<ListResult<Comparison>>(
        `/api/collections/_zdata_comparisons/records?perPage=1&sort=-publish_time,id&filter=${encodeURIComponent(`stores.id ?= "${store}"`)}`,
      )
    ).items[0]!;
    expect(h1(await page(`/comparision?store=${store}`))).toBe(newestForStore.title);
    expect(await page("/comparision", 400)).toContain("This address is not valid");
    expect(await page("/comparision?store=not%20valid", 400)).toContain("This address is not valid");
    expect(await page("/comparision?store=zzzzzzzzzzzzzzz", 404)).toContain("Page not found");
  });

  it("sends another title segment to the canonical address and answers 404 for an unknown id", async () => {
    const comparison = await withSmallSecondary();
    const response = await visit(`/comparisions/x/${comparison.id}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    expect(await page("/comparisions/x/zzzzzzzzzzzzzzz", 404)).toContain("Page not found");
  });
});

describe("advertorial /advertorials/{title}/{id}", () => {
  type Expanded = Editorial & { expand: { authors: Author[]; categories: Category[]; products: Product[] } };
  const withOverview = async () =>
    (
      await pocketbase<ListResult<Expanded>>(
        `/api/collections/_zdata_advertorials/records?perPage=50&sort=-publish_time,id&filter=${encodeURIComponent("show_overview = true")}&expand=authors,categories,products,products.coupon_offer`,
      )
    ).items.find((a) => a.expand.products.length > 4)!;

  it("shows title, subtitle, author avatar and name, medium date, category badge and banner", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    expectHeader(html, advertorial, "advertorials", advertorial.expand.categories[0]!, advertorial.expand.authors[0]!);
    expect(html).toContain(`<link rel="canonical" href="http://127.0.0.1:8787/advertorials/${segment(advertorial.title)}/${advertorial.id}"/>`);
    expect(textIn(headerOf(html).querySelector("h1 + p"))).toBe(advertorial.subtitle);
  });

  it("cuts a summary of more than 30 words to 20 on small screens, with 'show more'", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    const summary = headerOf(html).nextElementSibling!;
    const words = textOf(advertorial.summary).split(" ");
    expect(words.length).toBeGreaterThan(30);
    // Which of the two versions shows is the stylesheet's choice by screen width (Bootstrap's
    // d-none/d-md-* display classes): the wide one holds all of it.
    expect(textIn(summary.querySelector(".d-md-block"))).toBe(words.join(" "));
    const small = summary.querySelector(".d-md-none")!;
    // On a small screen: 20 words, and a closed 'show more' toggle controlling them.
    const toggle = [...small.querySelectorAll("button")];
    expect(toggle.map((b) => [textIn(b), b.getAttribute("aria-expanded")])).toEqual([["show more", "false"]]);
    expect(textIn(small.querySelector(`[id="${toggle[0]!.getAttribute("aria-controls")}"]`))).toBe(`${words.slice(0, 20).join(" ")}...`);
  });

  it("offers no toggle for a summary of 30 words or fewer", () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    const html = renderToString(createElement(AdvertorialSummary, { html: `<p>${thirty}</p>`, text: thirty }));
    const summary = parsePage(html);
    expect(fragmentText(html)).toBe(thirty);
    expect(summary.querySelector("button")).toBeNull();
  });

  it("has the Quick Overview: 4 products, the rest under 'See More', coupon codes as their last 3 characters", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    const box = region(parsePage(html), "Quick Overview")!;
    // Each product's name leads to its place on the page.
    const names = (list: Element | null | undefined) =>
      [...(list?.querySelectorAll("a[href^='#product-']") ?? [])].map((a) => [Number(a.getAttribute("href")!.slice("#product-".length)), textIn(a)]);
    const more = box.querySelector("details");
    const products = advertorial.expand.products;
    expect(names(box.querySelector("ol"))).toEqual(products.slice(0, 4).map((p, i) => [i + 1, p.name]));
    // The rest in a disclosure, closed, opened by 'See More' (its label when open, 'Show Less', is the stylesheet's to show).
    expect(more?.hasAttribute("open")).toBe(false);
    expect(textIn(more?.querySelector("summary"))).toMatch(/^See More\b/);
    expect(names(more)).toEqual(products.slice(4).map((p, i) => [i + 5, p.name]));
    const codes = products.map(liveCode).filter(Boolean);
    expect(textIn(box).match(/Get Code ending in/g) ?? []).toHaveLength(codes.length);
    for (const code of codes) {
      expect(textIn(box)).toContain(`Get Code ending in ${code.slice(-3)}`);
      expect(box.outerHTML).not.toContain(code);
    }
  });

  it("shows the description, the numbered products with call to action and summary, the Conclusion and comma tags", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    expect(textOf(html)).toContain(textOf(advertorial.description));
    const read = parsePage(html);
    // The numbered products, each the target of its #product-N link.
    const items = [...read.querySelectorAll("li[id^='product-']")];
    expect(items.map((item) => item.id)).toEqual(advertorial.expand.products.map((_, i) => `product-${i + 1}`));
    advertorial.expand.products.forEach((product, i) => {
      const item = items[i]!;
      expect(textIn(item.querySelector("h3"))).toBe(`${i + 1} ${product.headline}`);
      expect(linksNamed(item, product.cta_label).map((a) => [a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")])).toEqual([
        [goto(product.cta_url), "_blank", "sponsored noopener"],
      ]);
      expect(textIn(item)).toContain(textOf(product.summary));
    });
    expect(headings(read)).toContainEqual({ level: 2, text: "Conclusion" });
    expect(textOf(html)).toContain(textOf(advertorial.conclusion));
    expect(tagChips(html)).toEqual(advertorial.tags.split(",").map((t) => t.trim()));
  });

  it("has the author sidebar and a read-more block", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    expectAuthorSidebar(html, advertorial.expand.authors[0]!);
    expect(readMoreIds(html)).toHaveLength(4);
    expect(readMoreIds(html)).not.toContain(advertorial.id);
  });

  it("leaves the Quick Overview out when show_overview is off", async () => {
    const { items } = await pocketbase<ListResult<Editorial>>(
      `/api/collections/_zdata_advertorials/records?perPage=1&filter=${encodeURIComponent("show_overview = false")}`,
    );
    const html = await page(`/advertorials/${segment(items[0]!.title)}/${items[0]!.id}`);
    expect(html).not.toContain("Quick Overview");
    expect(html).toContain('id="product-1"');
  });

  it("/advertorial?store= shows the store's newest advertorial, or the fallback when it has none", async () => {
    const stores = (await pocketbase<ListResult<{ id: string }>>("/api/collections/_zdata_stores/records?perPage=60&fields=id")).items.map((s) => s.id);
    const all = (await pocketbase<ListResult<Editorial>>("/api/collections/_zdata_advertorials/records?perPage=100&sort=-publish_time,id")).items;
    const reviewed = stores.find((id) => all.some((a) => a.stores.includes(id)))!;
    const html = await page(`/advertorial?store=${reviewed}`);
    expect(h1Of(html)).toBe(all.find((a) => a.stores.includes(reviewed))!.title);
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    const unreviewed = stores.find((id) => !all.some((a) => a.stores.includes(id)));
    expect(unreviewed, "a store without an advertorial").toBeDefined();
    const fallback = await page(`/advertorial?store=${unreviewed}`);
    expect(h1Of(fallback)).toBe("No review yet");
    expect(fallback).toContain("Our team is working on it to bring more articles to you.");
    expect(fallback).toContain('<meta name="robots" content="noindex"/>');

    expect(await page("/advertorial", 400)).toContain("This address is not valid");
    expect(await page("/advertorial?store=%3Cscript%3E", 400)).toContain("This address is not valid");
  });

  it("answers 404 for an unknown id and sends another title segment to the canonical address", async () => {
    expect(await page("/advertorials/x/zzzzzzzzzzzzzzz", 404)).toContain("Page not found");
    const advertorial = await withOverview();
    const response = await visit(`/advertorials/other/${advertorial.id}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
  });
});

describe("publication status", () => {
  it("is one of draft, published, archived, and only published records pass the collection rules (and editors, issue 35)", async () => {
    for (const name of ["_zdata_articles", "Products"]) {
      const collection = await asSuperuser<{ listRule: string; viewRule: string; fields: { name: string; values?: string[]; required?: boolean }[] }>(
        `/api/collections/${name}`,
      );
      expect(collection.listRule).toBe('(status = "published") || @request.auth.collectionName = "editors"');
      expect(collection.viewRule).toBe('(status = "published") || @request.auth.collectionName = "editors"');
      expect(collection.fields.find((f) => f.name === "status")).toMatchObject({ values: ["draft", "published", "archived"], required: true });
    }
  });

  it("hides draft and archived articles and products from every public read", async () => {
    const hidden = 'status != "published"';
    const articles = await asSuperuser<ListResult<Article>>(`/api/collections/_zdata_articles/records?perPage=100&filter=${encodeURIComponent(hidden)}`);
    const products = await asSuperuser<ListResult<Product>>(`/api/collections/Products/records?perPage=100&filter=${encodeURIComponent(hidden)}`);
    expect(articles.items.map((a) => a.status)).toContain("draft");
    expect(new Set(products.items.map((p) => p.status))).toEqual(new Set(["draft", "archived"]));

    for (const [collection, records] of [
      ["_zdata_articles", articles.items],
      ["Products", products.items],
    ] as const) {
      const listed = await visit(`/api/collections/${collection}/records?perPage=100&filter=${encodeURIComponent(hidden)}`);
      expect(((await listed.json()) as ListResult<unknown>).items).toEqual([]);
      for (const record of records) expect((await visit(`/api/collections/${collection}/records/${record.id}`)).status).toBe(404);
    }
    for (const draft of articles.items) expect(await page(`/blog/${segment(draft.title)}/${draft.id}`, 404)).toContain("Page not found");

    const listed: string[] = [];
    for (let n = 1; n <= 3; n++) listed.push(...[...(await page(`/blog?page=${n}`)).matchAll(/href="\/blog\/[^"/]+\/([a-z0-9]{15})"/g)].map((m) => m[1]!));
    for (const draft of articles.items) expect(listed).not.toContain(draft.id);
  });
});

describe("when PocketBase is down", () => {
  afterAll(() => setPocketBase("start"));

  it("a detail page never read before answers 503 with the retryable error page", async () => {
    // Records no other test in this file renders, so the edge cache has no copy of them.
    const article = (await pocketbase<ListResult<Article>>("/api/collections/_zdata_articles/records?perPage=1&sort=publish_time,id")).items[0]!;
    const comparison = (await pocketbase<ListResult<Comparison>>("/api/collections/_zdata_comparisons/records?perPage=1&sort=publish_time,id")).items[0]!;
    const advertorial = (await pocketbase<ListResult<Editorial>>("/api/collections/_zdata_advertorials/records?perPage=1&sort=publish_time,id")).items[0]!;
    await setPocketBase("stop");
    try {
      for (const path of [
        `/blog/${segment(article.title)}/${article.id}`,
        `/comparisions/${segment(comparison.title)}/${comparison.id}`,
        `/advertorials/${segment(advertorial.title)}/${advertorial.id}`,
      ]) {
        const html = await page(path, 503);
        expect(html).toContain("We could not load this page just now");
        expect(html).not.toContain("Page not found");
      }
    } finally {
      await setPocketBase("start");
    }
  });
});
