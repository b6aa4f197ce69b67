import { beforeAll, describe, expect, it } from "vitest";
import type { Article, Author, Comparison, Editorial, ListResult, Product, Store } from "../../src/data/types";
import { w3c } from "../support/sitemap-xml";
import { formatPrice } from "../../src/lib/price";
import { pocketbase, pocketbaseWriter, testEnv, textOf, visit } from "./helpers";

const ORIGIN = testEnv.SITE_ORIGIN;
const GOOGLEBOT = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };

type Node = Record<string, unknown> & { "@type": string };

/** The complete document a crawler gets, with a Host header that must change nothing. */
async function page(path: string): Promise<string> {
  const response = await visit(path, { headers: { ...GOOGLEBOT, Host: "evil.example", "X-Forwarded-Host": "evil.example" } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  expect(html).not.toContain("evil.example");
  return html;
}

/** Every JSON-LD node of a page, from each <script type="application/ld+json">. */
function jsonLd(html: string): Node[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const doc = JSON.parse(m[1]!) as { "@context": string; "@graph": Node[] };
    expect(doc["@context"]).toBe("https://schema.org");
    return doc["@graph"];
  });
}

const ofType = (nodes: Node[], type: string) => nodes.filter((n) => n["@type"] === type);

/** Every URL the structured data names, a person's pages elsewhere (url, sameAs) and schema.org's own enumerations aside, is on the site origin. */
function expectOwnUrls(nodes: Node[]): void {
  const walk = (value: unknown, key: string): void => {
    if (typeof value === "string" && /^https?:/.test(value) && key !== "sameAs" && key !== "@context" && key !== "availability" && key !== "itemListOrder")
      expect(value.startsWith(`${ORIGIN}/`), `${key}: ${value}`).toBe(true);
    else if (Array.isArray(value)) {
      for (const v of value) walk(v, key);
    } else if (value && typeof value === "object")
      for (const [k, v] of Object.entries(value)) if (!((value as Node)["@type"] === "Person" && k === "url")) walk(v, k);
  };
  walk(nodes, "");
}

/** Content of a <meta> (property or name) in the head. */
function meta(html: string, key: string): string | undefined {
  return html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, "\\:")}" content="([^"]*)"/>`))?.[1]?.replace(/&amp;/g, "&");
}

const segment = (title: string) => encodeURIComponent(title.toLowerCase());
const file = (record: { collectionName: string; id: string }, name: string, thumb?: string) =>
  `${ORIGIN}/api/files/${record.collectionName}/${record.id}/${name}${thumb ? `?thumb=${thumb}` : ""}`;
const goto = (target: string) => `${ORIGIN}/goto?url=${encodeURIComponent(target)}`;
/** The author of an Article: their page on the site (issue 53) and their profiles elsewhere. */
const authorNode = (a: Author) => {
  const name = `${a.first_name} ${a.last_name}`;
  const node: Record<string, unknown> = { "@type": "Person", name, url: `${ORIGIN}/authors/${segment(name)}/${a.id}` };
  const profiles = (a.social_links ?? []).map((l) => l.url);
  if (profiles.length) node.sameAs = profiles;
  return node;
};

/** The Product node of a rated product card (name, headline, image, its page, rating, and its
 * offer through /goto with the plan price when the product has one). */
function productNode(p: Product): Node {
  const node: Node = {
    "@type": "Product",
    name: p.name,
    ...(p.headline && { description: p.headline }),
    ...(p.featured_image && { image: file(p, p.featured_image, "400x0") }),
    url: `${ORIGIN}/products/${segment(p.name)}/${p.id}`,
    aggregateRating: { "@type": "AggregateRating", ratingValue: p.rating, reviewCount: p.review_count, bestRating: 5, worstRating: 0 },
  };
  if (p.cta_url && p.price > 0 && p.price_currency) {
    node.offers = {
      "@type": "Offer",
      url: goto(p.cta_url),
      price: p.price.toFixed(2),
      priceCurrency: p.price_currency,
      availability: "https://schema.org/InStock",
    };
  }
  return node;
}
const rated = (p: Product | undefined): p is Product => Boolean(p && p.rating > 0 && p.review_count > 0);

const revisedLater = (r: { revised_at: string; publish_time: string }) => r.revised_at !== "" && r.revised_at.slice(0, 10) > r.publish_time.slice(0, 10);

function articleNode(record: Article | Comparison | Editorial, url: string, description: string): Node {
  const image = record.featured_image || record.banner_image;
  const author = record.expand?.authors?.[0];
  return {
    "@type": "Article",
    "@id": `${url}#article`,
    mainEntityOfPage: url,
    headline: record.title,
    ...(description && { description }),
    ...(image && { image: [file(record, image)] }),
    datePublished: w3c(record.publish_time),
    // Updated (issue 53): the revision when it is on a later day than the publication.
    dateModified: w3c(revisedLater(record) ? record.revised_at : record.publish_time),
    ...(author && { author: [authorNode(author)] }),
    publisher: { "@type": "Organization", "@id": `${ORIGIN}/#organization`, name: "DealPilot", url: `${ORIGIN}/` },
  };
}

describe("home", () => {
  it("describes the site: Organization and WebSite with a SearchAction, and its sharing tags", async () => {
    const html = await page("/");
    const nodes = jsonLd(html);
    expect(nodes.map((n) => n["@type"])).toEqual(["Organization", "WebSite"]);
    const site = await pocketbase<{ support_email: string; social_links: { url: string }[] }>("/api/collections/websites/records/9");
    expect(ofType(nodes, "Organization")[0]).toEqual({
      "@type": "Organization",
      "@id": `${ORIGIN}/#organization`,
      name: "DealPilot",
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo-512.png`,
      email: site.support_email,
      sameAs: site.social_links.map((l) => l.url),
    });
    expect(ofType(nodes, "WebSite")[0]).toEqual({
      "@type": "WebSite",
      "@id": `${ORIGIN}/#website`,
      name: "DealPilot",
      url: `${ORIGIN}/`,
      publisher: { "@id": `${ORIGIN}/#organization` },
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: `${ORIGIN}/search?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      },
    });
    // The search the SearchAction names answers a bare q.
    expect((await visit("/search?q=vpn", { headers: GOOGLEBOT })).status).toBe(200);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/"/>`);
    expect(meta(html, "og:url")).toBe(`${ORIGIN}/`);
    expect(meta(html, "og:type")).toBe("website");
    expect(meta(html, "og:site_name")).toBe("DealPilot");
    expect(meta(html, "og:title")).toBe("DealPilot");
    expect(meta(html, "og:image")).toBe(`${ORIGIN}/og-home.png`);
    expect(meta(html, "og:image:alt")).toBe("DealPilot: verified coupons, deals and software reviews");
    expect(meta(html, "twitter:image")).toBe(`${ORIGIN}/og-home.png`);
    expect(meta(html, "twitter:image:alt")).toBe(meta(html, "og:image:alt"));
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "twitter:title")).toBe("DealPilot");
    expect(meta(html, "twitter:description")).toBe(meta(html, "og:description"));
    expectOwnUrls(nodes);
  });
});

describe("store page", () => {
  let store: Store;
  beforeAll(async () => {
    store = (
      await pocketbase<ListResult<Store>>(
        `/api/collections/_zdata_stores/records?perPage=1&sort=title&filter=${encodeURIComponent('rating > 0 && reviewers > 0 && default_action_url != ""')}`,
      )
    ).items[0]!;
  });

  it("has the breadcrumb as a BreadcrumbList and the store as a rated Product with its Offer", async () => {
    const path = `/stores/${segment(store.title)}/${store.id}`;
    const html = await page(path);
    const nodes = jsonLd(html);
    expect(ofType(nodes, "BreadcrumbList")).toEqual([
      {
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
          { "@type": "ListItem", position: 2, name: "Coupons & Deals", item: `${ORIGIN}/offers` },
          { "@type": "ListItem", position: 3, name: store.title, item: `${ORIGIN}${path}` },
        ],
      },
    ]);
    expect(ofType(nodes, "Product")).toEqual([
      {
        "@type": "Product",
        name: store.title,
        description: store.subheading,
        image: file(store, store.logo),
        brand: { "@type": "Brand", name: store.title },
        url: `${ORIGIN}${path}`,
        aggregateRating: { "@type": "AggregateRating", ratingValue: store.rating, reviewCount: store.reviewers, bestRating: 5, worstRating: 0 },
        // A store has no price, and an Offer without one is an error for rich results.
      },
    ]);
    expect(meta(html, "og:image")).toBe(file(store, store.banner_image));
    expect(meta(html, "twitter:image")).toBe(file(store, store.banner_image));
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    expect(meta(html, "og:image:alt")).toBe(meta(html, "og:title")!.replace(/ \| DealPilot$/, ""));
    expect(meta(html, "og:url")).toBe(`${ORIGIN}${path}`);
    expectOwnUrls(nodes);
  });

  it("has no Product for a store without rating or reviewers, the breadcrumb still", async () => {
    const writer = await pocketbaseWriter();
    try {
      const unrated = await writer.create<Store>("_zdata_stores", { title: `Unrated ${crypto.randomUUID().slice(0, 8)}`, rating: 4.5, reviewers: 0 });
      const nodes = jsonLd(await page(`/stores/${segment(unrated.title)}/${unrated.id}`));
      expect(nodes.map((n) => n["@type"])).toEqual(["BreadcrumbList"]);
    } finally {
      await writer.cleanup();
    }
  });
});

describe("editorial pages", () => {
  let article: Article;
  let comparison: Comparison;
  let advertorial: Editorial;
  beforeAll(async () => {
    article = (
      await pocketbase<ListResult<Article>>(
        `/api/collections/_zdata_articles/records?perPage=1&sort=-publish_time,id&filter=${encodeURIComponent('product != ""')}&expand=authors,product`,
      )
    ).items[0]!;
    comparison = (
      await pocketbase<ListResult<Comparison>>(
        "/api/collections/_zdata_comparisons/records?perPage=1&sort=-publish_time,id&expand=authors,primary_product,secondery_product,products",
      )
    ).items[0]!;
    advertorial = (
      await pocketbase<ListResult<Editorial>>("/api/collections/_zdata_advertorials/records?perPage=1&sort=-publish_time,id&expand=authors,products")
    ).items[0]!;
  });

  it("blog article: BreadcrumbList Home / Blog / title, Article with author, dates and image, its rated product", async () => {
    const path = `/blog/${segment(article.title)}/${article.id}`;
    const html = await page(path);
    const nodes = jsonLd(html);
    expect(ofType(nodes, "BreadcrumbList")[0]!.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: "Blog", item: `${ORIGIN}/blog` },
      { "@type": "ListItem", position: 3, name: article.title, item: `${ORIGIN}${path}` },
    ]);
    expect(ofType(nodes, "Article")).toEqual([articleNode(article, `${ORIGIN}${path}`, article.meta_description)]);
    const product = article.expand!.product!;
    expect(ofType(nodes, "Product")).toEqual(rated(product) ? [productNode(product)] : []);
    expect(meta(html, "og:type")).toBe("article");
    expect(meta(html, "article:published_time")).toBe(w3c(article.publish_time));
    expect(meta(html, "article:modified_time")).toBe(w3c(revisedLater(article) ? article.revised_at : article.publish_time));
    expect(meta(html, "og:image")).toBe(file(article, article.featured_image || article.banner_image));
    expectOwnUrls(nodes);
  });

  it("comparison: Article and a Product for each rated product it compares", async () => {
    const path = `/comparisions/${segment(comparison.title)}/${comparison.id}`;
    const nodes = jsonLd(await page(path));
    expect(ofType(nodes, "Article")).toEqual([articleNode(comparison, `${ORIGIN}${path}`, comparison.meta_description || comparison.subtitle)]);
    const x = comparison.expand!;
    const products = [x.primary_product, x.secondery_product, ...(x.products ?? [])].filter(rated);
    expect(products.length).toBeGreaterThan(0);
    expect(ofType(nodes, "Product")).toEqual(products.map(productNode));
    expect(ofType(nodes, "BreadcrumbList")).toEqual([]);
    expectOwnUrls(nodes);
  });

  it("advertorial: Article and its rated products", async () => {
    const path = `/advertorials/${segment(advertorial.title)}/${advertorial.id}`;
    const html = await page(path);
    const nodes = jsonLd(html);
    expect(ofType(nodes, "Article")).toEqual([articleNode(advertorial, `${ORIGIN}${path}`, advertorial.meta_description || advertorial.subtitle)]);
    expect(ofType(nodes, "Product")).toEqual((advertorial.expand!.products ?? []).filter(rated).map(productNode));
    expect(meta(html, "og:type")).toBe("article");
    expectOwnUrls(nodes);
  });

  it("alternative addresses (noindex) carry no structured data: the piece is described at its own address", async () => {
    const html = await page(`/comparision/${comparison.id}`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(jsonLd(html)).toEqual([]);
  });
});

describe("issue 53's pages", () => {
  let product: Product;
  let author: Author;
  beforeAll(async () => {
    const products = (await pocketbase<ListResult<Product>>("/api/collections/Products/records?perPage=100&sort=id")).items;
    const alternatives = new Set(
      (
        await pocketbase<ListResult<{ id: string }>>(
          `/api/collections/_zsec_product_alternatives/records?perPage=100&filter=${encodeURIComponent("alternatives >= 3")}`,
        )
      ).items.map((row) => row.id),
    );
    product = products.find((p) => rated(p) && p.price > 0 && p.cta_url && alternatives.has(p.id))!;
    author = (await pocketbase<ListResult<Author>>("/api/collections/_zdata_authors/records?perPage=1&sort=id")).items[0]!;
  });

  it("product page: BreadcrumbList, the rated Product with its page, brand and priced Offer, and its live offers as Offers of it", async () => {
    const path = `/products/${segment(product.name)}/${product.id}`;
    const nodes = jsonLd(await page(path));
    expect(ofType(nodes, "BreadcrumbList")[0]!.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: "Comparisons", item: `${ORIGIN}/comparisions` },
      { "@type": "ListItem", position: 3, name: product.name, item: `${ORIGIN}${path}` },
    ]);
    const { url: _cardUrl, ...card } = productNode(product);
    expect(ofType(nodes, "Product")).toEqual([
      { ...card, "@id": `${ORIGIN}${path}#product`, brand: { "@type": "Brand", name: product.brand }, url: `${ORIGIN}${path}` },
    ]);
    const offers = ofType(nodes, "Offer");
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) expect(offer.itemOffered).toEqual({ "@id": `${ORIGIN}${path}#product` });
    expectOwnUrls(nodes);
  });

  it("alternatives page: BreadcrumbList and an ItemList of the products' pages, best first", async () => {
    const path = `/products/${segment(product.name)}/${product.id}/alternatives`;
    const nodes = jsonLd(await page(path));
    expect((ofType(nodes, "BreadcrumbList")[0]!.itemListElement as { name: string }[]).map((e) => e.name)).toEqual([
      "Home",
      "Comparisons",
      product.name,
      "Alternatives",
    ]);
    const [list] = ofType(nodes, "ItemList");
    const items = list!.itemListElement as { position: number; url: string }[];
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.map((item) => item.position)).toEqual(items.map((_, i) => i + 1));
    for (const item of items) expect(item.url).toMatch(new RegExp(`^${ORIGIN}/products/[^/]+/[a-z0-9]{15}$`));
    expectOwnUrls(nodes);
  });

  it("author page: BreadcrumbList and a ProfilePage of the Person, with their profiles", async () => {
    const name = `${author.first_name} ${author.last_name}`;
    const nodes = jsonLd(await page(`/authors/${segment(name)}/${author.id}`));
    const [profile] = ofType(nodes, "ProfilePage");
    expect((profile!.mainEntity as Node)["@type"]).toBe("Person");
    expect((profile!.mainEntity as Node).sameAs).toEqual(author.social_links!.map((l) => l.url));
    expect(ofType(nodes, "BreadcrumbList")).toHaveLength(1);
    expectOwnUrls(nodes);
  });

  it("method pages: canonical on the site origin, no structured data", async () => {
    for (const path of ["/how-we-verify-codes", "/how-we-rate"]) {
      const html = await page(path);
      expect(html, path).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
      expect(jsonLd(html), path).toEqual([]);
    }
  });
});

describe("pages without structured data of their own", () => {
  it("still have canonical, Open Graph and Twitter tags on the site origin", async () => {
    for (const path of ["/stores", "/blog", "/offers", "/about-us", "/contact-us", "/privacy-policy"]) {
      const html = await page(path);
      expect(html, path).toContain(`<link rel="canonical" href="${ORIGIN}${path}"/>`);
      expect(meta(html, "og:url"), path).toBe(`${ORIGIN}${path}`);
      expect(meta(html, "og:title"), path).toMatch(/ \| DealPilot$/);
      expect(meta(html, "twitter:title"), path).toBe(meta(html, "og:title"));
      // The list's hero image, or the site's sharing card; described either way.
      if (path !== "/blog") expect(meta(html, "og:image"), path).toBe(`${ORIGIN}/og-home.png`);
      expect(meta(html, "og:image:alt"), path).toBe(path === "/blog" ? "Blog" : "DealPilot: verified coupons, deals and software reviews");
      expect(meta(html, "twitter:image:alt"), path).toBe(meta(html, "og:image:alt"));
      expect(jsonLd(html), path).toEqual([]);
    }
  });
});

describe("what Google's rich results require", () => {
  /** Width and height of a PNG, from its IHDR chunk. */
  const pngSize = (bytes: Uint8Array) => {
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
    return { width: view.getUint32(16), height: view.getUint32(20) };
  };

  it("the Organization logo is a raster image of at least 112 px, and the sharing card is 1200 x 630", async () => {
    const logo = await visit("/logo-512.png");
    expect(logo.headers.get("Content-Type")).toBe("image/png");
    const { width, height } = pngSize(new Uint8Array(await logo.arrayBuffer()));
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(112);
    expect(width).toBe(height);
    expect(pngSize(new Uint8Array(await (await visit("/og-home.png")).arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });

  it("every Offer of every Product node on store, comparison and advertorial pages has a price and currency; products without a price have none", async () => {
    const paths: string[] = [];
    for (const [collection, prefix] of [
      ["_zdata_comparisons", "comparisions"],
      ["_zdata_advertorials", "advertorials"],
    ] as const) {
      const { items } = await pocketbase<ListResult<{ id: string; title: string }>>(`/api/collections/${collection}/records?perPage=1000&fields=id,title`);
      paths.push(...items.map((r) => `/${prefix}/${segment(r.title)}/${r.id}`));
    }
    const stores = await pocketbase<ListResult<Store>>(`/api/collections/_zdata_stores/records?perPage=10&fields=id,title`);
    paths.push(...stores.items.map((s) => `/stores/${segment(s.title)}/${s.id}`));
    const products = ofType((await Promise.all(paths.map(async (path) => jsonLd(await page(path))))).flat(), "Product");
    const offers = products.flatMap((p) => (p.offers ? [p.offers as Record<string, unknown>] : []));
    expect(offers.length).toBeGreaterThan(5);
    for (const offer of offers) {
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.priceCurrency).toMatch(/^[A-Z]{3}$/);
    }
    // The demo content has rated products without a price: they are Products without an Offer.
    expect(products.some((p) => p.offers === undefined)).toBe(true);
  });

  it("every price the structured data states is shown on the page beside its product (issue 34)", async () => {
    const paths: string[] = [];
    for (const [collection, prefix] of [
      ["_zdata_comparisons", "comparisions"],
      ["_zdata_advertorials", "advertorials"],
      ["_zdata_articles", "blog"],
    ] as const) {
      const { items } = await pocketbase<ListResult<{ id: string; title: string }>>(`/api/collections/${collection}/records?perPage=10&fields=id,title`);
      paths.push(...items.map((r) => `/${prefix}/${segment(r.title)}/${r.id}`));
    }
    let priced = 0;
    for (const path of paths) {
      const html = await page(path);
      const shown = textOf(html.replace(/<script[\s\S]*?<\/script>/g, ""));
      for (const product of ofType(jsonLd(html), "Product")) {
        const offer = product.offers as { price?: string; priceCurrency?: string } | undefined;
        if (!offer?.price) continue;
        priced++;
        const price = formatPrice({ amount: Number(offer.price), currency: offer.priceCurrency! });
        expect(shown, `${path}: ${String(product.name)}`).toContain(`${String(product.name)}`);
        expect(shown, `${path}: ${String(product.name)} at ${price}`).toContain(`Price ${price}`);
      }
    }
    expect(priced).toBeGreaterThan(5);
  });
});
