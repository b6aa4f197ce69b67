/**
 * schema.org JSON-LD nodes for search engines. Every URL is absolute on the configured
 * site origin (never the request's Host); site-relative paths are resolved against it.
 */
import { outboundHref } from "./outbound";
import { w3cDateTime } from "./sitemap";

export type JsonLdNode = { "@type": string } & Record<string, unknown>;

export const SCHEMA_CONTEXT = "https://schema.org";

/** Where a page is and what the site is called: what every builder needs. */
export interface PageIdentity {
  siteOrigin: string;
  siteName: string;
  /** The page's canonical address. */
  url: string;
}

/** A site-relative path on the site origin; an absolute URL is kept. */
export function absoluteUrl(siteOrigin: string, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteOrigin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

const organizationId = (siteOrigin: string) => `${siteOrigin}/#organization`;

/** Drops properties whose value is missing, so the output never carries empty fields. */
function compact<T extends Record<string, unknown>>(node: T): T {
  return Object.fromEntries(
    Object.entries(node).filter(([, value]) => value !== undefined && value !== "" && !(Array.isArray(value) && value.length === 0)),
  ) as T;
}

/** The whole page's nodes as one JSON-LD document. */
export function jsonLdGraph(nodes: ReadonlyArray<JsonLdNode | null | undefined>): { "@context": string; "@graph": JsonLdNode[] } {
  return { "@context": SCHEMA_CONTEXT, "@graph": nodes.filter((node): node is JsonLdNode => Boolean(node)) };
}

export interface OrganizationFacts {
  logoPath: string;
  email?: string;
  /** Profiles of the site elsewhere (social networks). */
  sameAs?: string[];
}

export function organization(page: PageIdentity, { logoPath, email, sameAs }: OrganizationFacts): JsonLdNode {
  return compact({
    "@type": "Organization",
    "@id": organizationId(page.siteOrigin),
    name: page.siteName,
    url: `${page.siteOrigin}/`,
    logo: absoluteUrl(page.siteOrigin, logoPath),
    email,
    sameAs,
  });
}

/** The site with its search (the /search route answers ?q= alone). */
export function webSite(page: PageIdentity): JsonLdNode {
  return {
    "@type": "WebSite",
    "@id": `${page.siteOrigin}/#website`,
    name: page.siteName,
    url: `${page.siteOrigin}/`,
    publisher: { "@id": organizationId(page.siteOrigin) },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${page.siteOrigin}/search?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export interface Crumb {
  name: string;
  /** Site path; the last crumb (the page itself) has none and takes the page's address. */
  path?: string;
}

export function breadcrumbList(page: Pick<PageIdentity, "siteOrigin" | "url">, crumbs: readonly Crumb[]): JsonLdNode {
  return {
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.path === undefined ? page.url : absoluteUrl(page.siteOrigin, crumb.path),
    })),
  };
}

export interface ArticleFacts {
  headline: string;
  description?: string;
  /** Site-relative or absolute image URLs. */
  images: string[];
  /** PocketBase datetimes. */
  published?: string;
  modified?: string;
  /** `path`: the author's page on this site (issue 53), which identifies them. */
  author?: { name: string; path: string; profiles: string[] } | null;
}

/** A blog article, advertorial or comparison, published by the site. */
export function article(page: PageIdentity, facts: ArticleFacts): JsonLdNode {
  return compact({
    "@type": "Article",
    "@id": `${page.url}#article`,
    mainEntityOfPage: page.url,
    headline: facts.headline,
    description: facts.description,
    image: facts.images.map((image) => absoluteUrl(page.siteOrigin, image)),
    datePublished: w3cDateTime(facts.published),
    dateModified: w3cDateTime(facts.modified ?? facts.published),
    author: facts.author
      ? [compact({ "@type": "Person", name: facts.author.name, url: absoluteUrl(page.siteOrigin, facts.author.path), sameAs: facts.author.profiles })]
      : undefined,
    publisher: { "@type": "Organization", "@id": organizationId(page.siteOrigin), name: page.siteName, url: `${page.siteOrigin}/` },
  });
}

export interface ProductFacts {
  /** Its node id, when other nodes refer to it (a product page's offers). */
  id?: string;
  name: string;
  description?: string;
  image?: string;
  brand?: string;
  /** The page that presents it, when it has its own (a store page). */
  url?: string;
  /** 0–5, as editors rate; 0 means unrated. */
  rating: number;
  /** How many reviews the rating sums up. */
  reviewCount: number;
  /** The partner's offer page, linked through /goto like the page's call-to-action. */
  offerUrl?: string;
  /** The plan price; without it there is no Offer (search engines require one's price). */
  price?: { amount: number; currency: string } | null;
}

/**
 * A rated product or store (Product with AggregateRating and, when it has a price and
 * links out, an Offer); null when it has no rating or no reviewers, since a rating
 * without them is not one. An Offer without price and currency is an error for Google's
 * rich results, so a product without a price (and a store) has none.
 */
export function product(page: Pick<PageIdentity, "siteOrigin">, facts: ProductFacts): JsonLdNode | null {
  if (!(facts.rating > 0) || !(facts.reviewCount > 0)) return null;
  return compact({
    "@type": "Product",
    "@id": facts.id,
    name: facts.name,
    description: facts.description,
    image: facts.image ? absoluteUrl(page.siteOrigin, facts.image) : undefined,
    brand: facts.brand ? { "@type": "Brand", name: facts.brand } : undefined,
    url: facts.url,
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: facts.rating,
      reviewCount: facts.reviewCount,
      bestRating: 5,
      worstRating: 0,
    },
    offers:
      facts.offerUrl && facts.price
        ? {
            "@type": "Offer",
            url: absoluteUrl(page.siteOrigin, outboundHref(facts.offerUrl)),
            price: facts.price.amount.toFixed(2),
            priceCurrency: facts.price.currency,
            availability: "https://schema.org/InStock",
          }
        : undefined,
  });
}

export interface PersonFacts {
  name: string;
  /** What they know best. */
  expertise?: string;
  /** Their bio as plain text. */
  description?: string;
  image?: string;
  /** Their profiles elsewhere. */
  profiles: string[];
}

/** An author's page (issue 53): a ProfilePage whose main entity is the Person, who works for the site. */
export function profilePage(page: PageIdentity, facts: PersonFacts): JsonLdNode {
  return {
    "@type": "ProfilePage",
    "@id": `${page.url}#profile`,
    url: page.url,
    mainEntity: compact({
      "@type": "Person",
      "@id": `${page.url}#person`,
      name: facts.name,
      url: page.url,
      description: facts.description,
      knowsAbout: facts.expertise,
      image: facts.image ? absoluteUrl(page.siteOrigin, facts.image) : undefined,
      sameAs: facts.profiles,
      worksFor: { "@id": organizationId(page.siteOrigin) },
    }),
  };
}

/** A ranked list of pages of this site (an alternatives page's products), best first. */
export function itemList(page: PageIdentity, name: string, items: readonly { name: string; path: string }[]): JsonLdNode {
  return {
    "@type": "ItemList",
    name,
    numberOfItems: items.length,
    itemListOrder: "https://schema.org/ItemListOrderDescending",
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, name: item.name, url: absoluteUrl(page.siteOrigin, item.path) })),
  };
}
