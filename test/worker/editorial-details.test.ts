import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { AdvertorialSummary } from "../../src/app/pages/advertorial/AdvertorialSummary";
import { renderMarkdown } from "../../src/data/markdown";
import type { Article, Author, Badge, Category, Comparison, Editorial, ListResult, Offer, Product } from "../../src/data/types";
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

const mainOf = (html: string) => html.match(/<main[\s\S]*<\/main>/)?.[0] ?? "";
const medium = (value: string) =>
  new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(value.replace(" ", "T")));
const segment = (title: string) => encodeURIComponent(title.toLowerCase());
const goto = (url: string) => `/goto?url=${encodeURIComponent(url)}`.replace(/&/g, "&amp;");
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

const tagChips = (html: string) =>
  [
    ...(html.match(/<ul class="list-inline mt-4 mb-0 article-tags" aria-label="Tags">([\s\S]*?)<\/ul>/)?.[1] ?? "").matchAll(/<span [^>]*>([^<]*)<\/span>/g),
  ].map((m) => textOf(m[1]!));

function expectHeader(
  html: string,
  record: { title: string; publish_time: string; revised_at: string; banner_image: string; collectionName: string; id: string },
  kind: string,
  category: Category,
  author: Author,
) {
  const main = mainOf(html);
  expect(main).toContain(`<a class="badge text-bg-primary text-decoration-none mb-2" href="/${kind}?id=${category.id}"`);
  expect(textOf(main.match(/<h1 [^>]*>([\s\S]*?)<\/h1>/)![1]!)).toBe(record.title);
  // "Updated" (issue 53) when the piece was revised on a later day than it was published.
  const updated = record.revised_at && record.revised_at.slice(0, 10) > record.publish_time.slice(0, 10) ? ` · Updated ${medium(record.revised_at)}` : "";
  expect(textOf(main.match(/<div class="[^"]*article-byline">([\s\S]*?)<\/div>/)![1]!)).toBe(
    `By ${author.first_name} ${author.last_name} · Published ${medium(record.publish_time)}${updated}`,
  );
  expect(main).toContain(`<time dateTime="${record.publish_time.slice(0, 10)}">${medium(record.publish_time)}</time>`);
  expect(main).toMatch(
    new RegExp(`<img class="rounded-circle" src="${fileOf(author, author.avatar, "100x100").replace(/[?]/g, "\\?")}" alt="" width="40" height="40"`),
  );
  expect(main).toContain(`src="${fileOf(record, record.banner_image)}" alt="" width="1200" height="400"`);
}

function expectAuthorSidebar(html: string, author: Author) {
  const aside = html.match(/<section class="card shadow-sm author-sidebar"[\s\S]*?<\/section>/)?.[0] ?? "";
  expect(aside).toContain(">About the author</h2>");
  const name = `${author.first_name} ${author.last_name}`;
  // Their name links their page (issue 53), and their expertise follows it.
  expect(aside).toContain(
    `<p class="h5 mb-0"><a class="link-body-emphasis" href="/authors/${encodeURIComponent(name.toLowerCase())}/${author.id}">${name}</a></p>`,
  );
  expect(aside).toContain(`<p class="small mb-0">${author.expertise}</p>`);
  expect(textOf(aside)).toContain(textOf(author.about));
  const links = [...aside.matchAll(/<a [^>]*href="([^"]+)" target="_blank" rel="noopener nofollow">/g)].map((m) => m[1]);
  expect(links).toEqual(author.social_links!.map((l) => l.url));
}

function readMoreIds(html: string): string[] {
  const block = html.match(/<section class="read-more[\s\S]*?<\/section>/)?.[0] ?? "";
  return [...block.matchAll(/class="stretched-link[^"]*" href="[^"]*\/([a-z0-9]+)"/g)].map((m) => m[1]!);
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
    expect(textOf(mainOf(html).match(/<div class="lead mb-4">([\s\S]*?)<\/div>/)![1]!)).toBe(textOf(article.summary));
    expect(html).toContain(`<title>${article.meta_title.replace(" | DealPilot Blog", "").replace(/&/g, "&amp;")} | DealPilot</title>`);
  });

  it("renders the markdown, gives each code block a Copy button, and splits tags by spaces", async () => {
    const article = await newest();
    const html = await page(`/blog/${segment(article.title)}/${article.id}`);
    const content = html.match(/<div class="article-content">([\s\S]*?)<\/div><ul class="list-inline mt-4/)?.[1] ?? "";
    expect(content).toMatch(/<h2>Why it matters<\/h2>/);
    expect(content).toMatch(/<ol>\s*<li>/);
    const fence = article.content.match(/^```([a-z]+)\n([\s\S]*?)\n```$/m)!;
    const figure = content.match(/<figure class="code-block[\s\S]*?<\/figure>/)![0];
    expect(figure).toContain(
      `<span>${fence[1]}</span><button type="button" class="btn btn-sm btn-outline-secondary" aria-label="Copy ${fence[1]} code">Copy</button>`,
    );
    expect(figure).toContain(`<pre class="mb-0 p-3" tabindex="0"><code class="language-${fence[1]}">`);
    expect(textOf(figure.match(/<code [^>]*>([\s\S]*?)<\/code>/)![1]!)).toBe(textOf(fence[2]!));
    // External links open in a new tab, marked by the sanitizer; site links stay plain.
    expect(content).toMatch(/<a href="https:\/\/[^"]+" target="_blank" rel="noopener nofollow">/);
    expect(content).toContain('<a href="/stores">');
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
    expect(html).toContain(`<article class="card shadow-sm product-card product-card-${article.product_cardtype}"`);
    // Its name links its own page (issue 53).
    expect(html).toContain(
      `><a class="link-body-emphasis" href="/products/${encodeURIComponent(product.name.toLowerCase())}/${product.id}">${product.name.replace(/&/g, "&amp;")}</a></h2>`,
    );
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
  const cards = (html: string) =>
    [...html.matchAll(/<article class="card shadow-sm product-card product-card-(medium|small)"[\s\S]*?<\/article>/g)].map((m) => ({ type: m[1], html: m[0] }));

  it("shows title, subtitle, author, date, category badge, banner, intro and outro", async () => {
    const comparison = await withSmallSecondary();
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    expectHeader(html, comparison, "comparisions", comparison.expand.categories[0]!, comparison.expand.authors[0]!);
    expect(textOf(mainOf(html).match(/<p class="lead text-body-secondary">([\s\S]*?)<\/p>/)![1]!)).toBe(comparison.subtitle);
    expect(textOf(html.match(/<div class="mb-4 comparison-intro">([\s\S]*?)<\/div>/)![1]!)).toBe(textOf(comparison.intro));
    expect(textOf(html.match(/<div class="mb-4 comparison-outro">([\s\S]*?)<\/div>/)![1]!)).toBe(textOf(comparison.outro));
  });

  it("shows the primary and secondary products with their badges and card types, then the further products", async () => {
    const comparison = await withSmallSecondary();
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    const shown = cards(html);
    const x = comparison.expand;
    expect(shown.map((c) => c.type)).toEqual([comparison.primary_product_cardtype, "small", ...(x.products ?? []).map(() => "small")]);
    const names = shown.map((c) => textOf(c.html.match(/<h3 [^>]*>([\s\S]*?)<\/h3>/)![1]!));
    expect(names).toEqual([x.primary_product.name, x.secondery_product.name, ...(x.products ?? []).map((p) => p.name)]);
    const badges = (card: string) => [
      ...card.matchAll(/<span class="badge rounded-pill text-bg-[a-z]+">(<span class="badge-icon [^"]*" aria-hidden="true"><\/span>)?([^<]*)<\/span>/g),
    ];
    expect(badges(shown[0]!.html).map((m) => textOf(m[2]!))).toEqual(x.primary_product_badges.map((b) => b.title));
    // Each seeded badge class has its glyph, drawn by the stylesheet (no icon font is loaded).
    for (const match of badges(shown[0]!.html))
      expect(match[1]).toMatch(/^<span class="badge-icon bi-[a-z-]+ me-1 align-text-top" aria-hidden="true"><\/span>$/);
    expect(badges(shown[1]!.html).map((m) => textOf(m[2]!))).toEqual((x.secondery_product_badges ?? []).map((b) => b.title));
  });

  it("product cards: pros and cons, rating and reviews, coupon peek, call to action through /goto", async () => {
    const comparison = await withSmallSecondary();
    const html = await page(`/comparisions/${segment(comparison.title)}/${comparison.id}`);
    const product = comparison.expand.primary_product;
    const card = cards(html)[0]!.html;
    expect(card).toContain('<p class="fw-semibold text-success-emphasis mb-1">Pros</p>');
    expect(card).toContain('<p class="fw-semibold text-danger-emphasis mb-1">Cons</p>');
    expect(textOf(card)).toContain(textOf(product.pros));
    expect(textOf(card)).toContain(textOf(product.cons));
    expect(card).toContain(`Rated ${product.rating.toFixed(1)} out of 5`);
    expect(card).toContain(` (${product.review_count.toLocaleString("en-US")} reviews)`);
    expect(card).toContain(`<a class="btn btn-primary" href="${goto(product.cta_url)}" target="_blank" rel="sponsored noopener">${comparison.cta_label}</a>`);
    const code = liveCode(product);
    if (code) {
      expect(textOf(card)).toContain(`Get Code ending in ${code.slice(-3)}`);
      expect(card).not.toContain(code);
    } else expect(textOf(card)).not.toContain("Get Code");
    // The large card has the screenshot slider (2 per view, 3 from 600 px).
    expect(card).toMatch(
      /<div class="swiper carousel-2g12-600x3 mt-3 product-slider" role="region" aria-roledescription="carousel" aria-label="[^"]+ screenshots">/,
    );
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
    const h1 = (html: string) => textOf(html.match(/<h1 [^>]*>([\s\S]*?)<\/h1>/)![1]!);
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
    expect(textOf(mainOf(html).match(/<p class="lead text-body-secondary">([\s\S]*?)<\/p>/)![1]!)).toBe(advertorial.subtitle);
  });

  it("cuts a summary of more than 30 words to 20 on small screens, with 'show more'", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    const summary = html.match(/<div class="lead mb-4 advertorial-summary">([\s\S]*?)<\/button><\/div><\/div>/)![1]!;
    const words = textOf(advertorial.summary).split(" ");
    expect(words.length).toBeGreaterThan(30);
    expect(textOf(summary.match(/<div class="d-none d-md-block">([\s\S]*?)<\/div><\/div>/)![1]!)).toBe(words.join(" "));
    const small = summary.match(/<div class="d-md-none">([\s\S]*)/)![1]!;
    expect(textOf(small.match(/<p>([\s\S]*?)<\/p>/)![1]!)).toBe(`${words.slice(0, 20).join(" ")}...`);
    expect(small).toMatch(/<button type="button" class="btn btn-link p-0 align-baseline" aria-expanded="false" aria-controls="[^"]+">show more$/);
  });

  it("offers no toggle for a summary of 30 words or fewer", () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `w${i}`).join(" ");
    const html = renderToString(createElement(AdvertorialSummary, { html: `<p>${thirty}</p>`, text: thirty }));
    expect(html).toBe(`<div class="lead mb-4 advertorial-summary"><div><p>${thirty}</p></div></div>`);
  });

  it("has the Quick Overview: 4 products, the rest under 'See More', coupon codes as their last 3 characters", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    const box = html.match(/<section class="card shadow-sm mb-4 quick-overview"[\s\S]*?<\/section>/)![0];
    const names = (fragment: string) =>
      [...fragment.matchAll(/<a class="fw-semibold text-reset" href="#product-(\d+)">([^<]*)<\/a>/g)].map((m) => [Number(m[1]), textOf(m[2]!)]);
    const [visible, more] = box.split("<details");
    const products = advertorial.expand.products;
    expect(names(visible!)).toEqual(products.slice(0, 4).map((p, i) => [i + 1, p.name]));
    expect(more).toMatch(
      /^ class="overview-more"><summary class="btn btn-link px-0"><span class="when-closed">See More<\/span><span class="when-open">Show Less<\/span><\/summary>/,
    );
    expect(names(more!)).toEqual(products.slice(4).map((p, i) => [i + 5, p.name]));
    const codes = products.map(liveCode).filter(Boolean);
    expect(textOf(box).match(/Get Code ending in/g) ?? []).toHaveLength(codes.length);
    for (const code of codes) {
      expect(textOf(box)).toContain(`Get Code ending in ${code.slice(-3)}`);
      expect(box).not.toContain(code);
    }
  });

  it("shows the description, the numbered products with call to action and summary, the Conclusion and comma tags", async () => {
    const advertorial = await withOverview();
    const html = await page(`/advertorials/${segment(advertorial.title)}/${advertorial.id}`);
    expect(textOf(html)).toContain(textOf(advertorial.description));
    const items = [...html.matchAll(/<li class="card shadow-sm mb-4" id="product-(\d+)"[\s\S]*?<\/li>/g)];
    expect(items.map((m) => Number(m[1]))).toEqual(advertorial.expand.products.map((_, i) => i + 1));
    advertorial.expand.products.forEach((product, i) => {
      const item = items[i]![0];
      expect(textOf(item.match(/<h3 [^>]*>([\s\S]*?)<\/h3>/)![1]!)).toBe(`${i + 1} ${product.headline}`);
      expect(item).toContain(`<a class="btn btn-primary" href="${goto(product.cta_url)}" target="_blank" rel="sponsored noopener">${product.cta_label}</a>`);
      expect(textOf(item)).toContain(textOf(product.summary));
    });
    expect(html).toContain('<h2 id="conclusion" class="h4">Conclusion</h2>');
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
    expect(textOf(html.match(/<h1 [^>]*>([\s\S]*?)<\/h1>/)![1]!)).toBe(all.find((a) => a.stores.includes(reviewed))!.title);
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    const unreviewed = stores.find((id) => !all.some((a) => a.stores.includes(id)));
    expect(unreviewed, "a store without an advertorial").toBeDefined();
    const fallback = await page(`/advertorial?store=${unreviewed}`);
    expect(fallback).toContain('<h1 class="h3">No review yet</h1>');
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
