import type { Context } from "hono";
import { COLLECTIONS } from "../data/collections";
import { normaliseHost } from "../lib/redirect-target";
import type { AppEnv } from "./app-env";
import { cachedRead } from "./cache";
import type { ContentOrigin } from "./content-origin";

/** The content record a partner URL belongs to (ids; empty when none). */
export interface LinkedRecords {
  offer: string;
  store: string;
  product: string;
}

/** The content fields holding partner URLs (ARCHITECTURE rule 6), and what a URL found in
 * each says about the record it belongs to. Earlier entries win when one URL appears in
 * several places: an offer (and its store), else a product, else a store. */
const URL_FIELDS: ReadonlyArray<{ collection: string; fields: readonly string[]; extra?: string; link?: (item: Record<string, unknown>) => LinkedRecords }> = [
  {
    collection: COLLECTIONS.offers,
    fields: ["cta_url"],
    extra: "store",
    link: (item) => ({ offer: String(item.id), store: String(item.store ?? ""), product: "" }),
  },
  { collection: COLLECTIONS.products, fields: ["cta_url"], link: (item) => ({ offer: "", store: "", product: String(item.id) }) },
  { collection: COLLECTIONS.stores, fields: ["default_action_url", "website"], link: (item) => ({ offer: "", store: String(item.id), product: "" }) },
  { collection: COLLECTIONS.banners, fields: ["url"] },
];

const PAGE_SIZE = 500;

/** Host names in a URL field value; macros in paths and queries do not matter here. */
function hostOf(value: unknown): string | undefined {
  if (typeof value !== "string" || !/^https?:\/\//i.test(value)) return undefined;
  const authority = value.slice(value.indexOf("//") + 2).split(/[/?#]/, 1)[0] ?? "";
  if (authority.includes("@")) return undefined;
  return normaliseHost(authority.replace(/:\d+$/, ""));
}

interface IndexJson {
  hosts: string[];
  links: Record<string, LinkedRecords>;
}

/** Reads every URL field page by page (each page is an edge-cached read of its own). */
async function collectLinks(origin: ContentOrigin): Promise<IndexJson> {
  const hosts = new Set<string>();
  const links: Record<string, LinkedRecords> = {};
  for (const { collection, fields, extra, link } of URL_FIELDS) {
    const read = ["id", ...fields, ...(extra ? [extra] : [])];
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE), fields: read.join(","), skipTotal: "1", sort: "id" });
      const response = await origin.read(`/api/collections/${collection}/records?${query}`);
      if (!response.ok) throw new Error(`partner link index: ${collection} answered ${response.status}`);
      const { items } = (await response.json()) as { items: Array<Record<string, unknown>> };
      for (const item of items)
        for (const field of fields) {
          const value = item[field];
          const host = hostOf(value);
          if (!host || typeof value !== "string") continue;
          hosts.add(host);
          if (link && !Object.hasOwn(links, value)) links[value] = link(item);
        }
      if (items.length < PAGE_SIZE) break;
    }
  }
  return { hosts: [...hosts].sort(), links };
}

/** The partner links found in the content. */
export interface PartnerLinks {
  /** Hosts /goto may redirect to. */
  hosts: ReadonlySet<string>;
  /** The record a partner URL (as written, macros unresolved) belongs to, if any. */
  recordsOf(url: string): LinkedRecords | undefined;
}

/**
 * The index parsed, by the body of the copy it was parsed from. An isolate answers repeated
 * reads from one held copy (decision 029), so a warm /goto parses the index once per copy
 * instead of once per click. The keys are the copies themselves: nothing outlives them.
 */
const parsed = new WeakMap<ArrayBuffer, PartnerLinks>();

function parse(body: ArrayBuffer): PartnerLinks {
  const { hosts, links } = JSON.parse(new TextDecoder().decode(body)) as IndexJson;
  return { hosts: new Set(hosts), recordsOf: (url) => (Object.hasOwn(links, url) ? links[url] : undefined) };
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
    `${config.siteOrigin}/_edge-cache/_partner-links`,
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
