import type { Context } from "hono";
import { COLLECTIONS } from "../../data/collections";
import { countryCode } from "../../lib/countries";
import { parseContentDate } from "../../lib/dates";
import { normaliseHost } from "../../lib/redirect-target";
import { websiteDomain } from "../../lib/rules";
import type { AppEnv } from "../app-env";
import { cachedRead } from "../cache/cache";
import type { ContentOrigin } from "../cache/content-origin";

/** The content record a partner URL belongs to (ids; empty when none). */
export interface LinkedRecords {
  offer: string;
  store: string;
  product: string;
}

/** The content fields holding partner URLs (ARCHITECTURE rule 6), and what a URL found in
 * each says about the record it belongs to. Earlier entries win when one URL appears in
 * several places: an offer (and its store), else a product, else a store. `endsAt` is when
 * a record stops using its URL (ms; Infinity for never); records without it never do.
 * `byCountry` gives the URLs a record uses instead for visitors from some countries. */
const URL_FIELDS: ReadonlyArray<{
  collection: string;
  fields: readonly string[];
  extra?: readonly string[];
  link?: (item: Record<string, unknown>) => LinkedRecords;
  endsAt?: (item: Record<string, unknown>) => number;
  byCountry?: (item: Record<string, unknown>) => Record<string, string>;
}> = [
  {
    collection: COLLECTIONS.offers,
    fields: ["cta_url"],
    extra: ["store", "expires_at", "cta_urls"],
    link: (item) => ({ offer: String(item.id), store: String(item.store ?? ""), product: "" }),
    // An unreadable date counts as none, as in the live rule (src/data/live-offers.ts).
    endsAt: (item) => parseContentDate(String(item.expires_at ?? ""))?.getTime() ?? Number.POSITIVE_INFINITY,
    byCountry: (item) => countryUrls(item.cta_urls),
  },
  { collection: COLLECTIONS.products, fields: ["cta_url"], link: (item) => ({ offer: "", store: "", product: String(item.id) }) },
  { collection: COLLECTIONS.stores, fields: ["default_action_url", "website"], link: (item) => ({ offer: "", store: String(item.id), product: "" }) },
  { collection: COLLECTIONS.banners, fields: ["url"] },
];

const PAGE_SIZE = 500;

/** An offer's `cta_urls` (an editor's JSON) kept to what it may hold: a known country code
 * to an http(s) URL. Anything else is left out, so /goto falls back to `cta_url`. */
function countryUrls(value: unknown): Record<string, string> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const urls: Record<string, string> = {};
  for (const [key, url] of Object.entries(value)) {
    const country = countryCode(key);
    if (country && hostOf(url) && typeof url === "string") urls[country] = url;
  }
  return urls;
}

/** Host names in a URL field value; macros in paths and queries do not matter here. */
function hostOf(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value)) return undefined;
  const authority = value.slice(value.indexOf("//") + 2).split(/[/?#]/, 1)[0] ?? "";
  if (authority.includes("@")) return undefined;
  return normaliseHost(authority.replace(/:\d+$/, ""));
}

interface IndexJson {
  /** The website domains of the published stores: with the networks' click domains, where /goto may lead. */
  domains: string[];
  links: Record<string, LinkedRecords>;
  /** When the last record using a URL stops using it (ms), for the URLs only offers with an
   * end use: the one moment /goto needs to tell an ended offer's link, kept without dates. */
  ends: Record<string, number>;
  /** The URL used instead of a partner URL for visitors from a country: URL → country → URL. */
  byCountry: Record<string, Record<string, string>>;
}

/** Reads every URL field page by page (each page is an edge-cached read of its own). */
async function collectLinks(origin: ContentOrigin): Promise<IndexJson> {
  const domains = new Set<string>();
  const links: Record<string, LinkedRecords> = {};
  const lastUse = new Map<string, number>();
  const byCountry: Record<string, Record<string, string>> = {};
  for (const { collection, fields, extra = [], link, endsAt, byCountry: alternatives } of URL_FIELDS) {
    const read = ["id", ...fields, ...extra];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE), fields: read.join(","), skipTotal: "1", sort: "id" });
      const response = await origin.read(`/api/collections/${collection}/records?${query}`);
      if (!response.ok) throw new Error(`partner link index: ${collection} answered ${response.status}`);
      const { items } = (await response.json()) as { items: Array<Record<string, unknown>> };
      for (const item of items) {
        if (collection === COLLECTIONS.stores && websiteDomain(item.website)) domains.add(websiteDomain(item.website));
        for (const field of fields) {
          const value = item[field];
          if (!hostOf(value) || typeof value !== "string") continue;
          if (link && !Object.hasOwn(links, value)) links[value] = link(item);
          lastUse.set(value, Math.max(lastUse.get(value) ?? 0, endsAt ? endsAt(item) : Number.POSITIVE_INFINITY));
          const countryUrls = alternatives?.(item) ?? {};
          if (Object.keys(countryUrls).length === 0 || Object.hasOwn(byCountry, value)) continue;
          byCountry[value] = countryUrls;
        }
      }
      if (items.length < PAGE_SIZE) break;
    }
  }
  const ends: Record<string, number> = {};
  for (const [url, end] of lastUse) if (Number.isFinite(end)) ends[url] = end;
  return { domains: [...domains].sort(), links, ends, byCountry };
}

/** The partner links found in the content. */
export interface PartnerLinks {
  /** The published stores' website domains (each covering its subdomains). */
  domains: readonly string[];
  /** The record a partner URL (as written, macros unresolved) belongs to, if any. */
  recordsOf(url: string): LinkedRecords | undefined;
  /** When a partner URL (as written) stopped leading anywhere live, if it has by `now` (ms):
   * every record using it is an offer, and the last of them has ended. Offers still to start
   * have not ended. */
  endedAt(url: string, now: number): number | undefined;
  /** The URL to use instead of a partner URL (as written) for a visitor from `country`, if any. */
  forCountry(url: string, country: string | null): string | undefined;
}

/**
 * The index parsed, by the body of the copy it was parsed from. An isolate answers repeated
 * reads from one held copy (decision 029), so a warm /goto parses the index once per copy
 * instead of once per click. The keys are the copies themselves: nothing outlives them.
 */
const parsed = new WeakMap<ArrayBuffer, PartnerLinks>();

function parse(body: ArrayBuffer): PartnerLinks {
  const { domains, links, ends, byCountry } = JSON.parse(new TextDecoder().decode(body)) as IndexJson;
  return {
    domains,
    recordsOf: (url) => (Object.hasOwn(links, url) ? links[url] : undefined),
    endedAt: (url, now) => {
      const end = Object.hasOwn(ends, url) ? ends[url] : undefined;
      return end !== undefined && end <= now ? end : undefined;
    },
    forCountry: (url, country) => (country !== null && Object.hasOwn(byCountry, url) ? byCountry[url]?.[country] : undefined),
  };
}

/**
 * The partner links index, built from PocketBase and kept in the edge cache like any read
 * (fresh, then stale while revalidating, stale when PocketBase fails), and held by the
 * isolate like content reads (decision 029): a warm /goto asks PocketBase nothing. Throws
 * only when there is no copy at all and PocketBase cannot answer.
 */
export async function partnerLinks(c: Context<AppEnv>): Promise<PartnerLinks> {
  const { config } = c.var;
  const { body } = await cachedRead(
    `${config.siteOrigin}/_edge-cache/_partner-links-by-domain`,
    async () => Response.json(await collectLinks(c.var.origin)),
    config.readTtl,
    {
      cache: caches.default,
      waitUntil: (p) => c.executionCtx.waitUntil(p),
      version: c.var.contentVersion,
      holdMs: config.contentVersionTtl * 1000,
    },
  );
  let links = parsed.get(body);
  if (!links) {
    links = parse(body);
    parsed.set(body, links);
  }
  return links;
}
