import type { Context } from "hono";
import { COLLECTIONS } from "../../data/collections";
import { parseContentDate } from "../../lib/dates";
import { SHORT_LINK } from "../../lib/rules";
import type { AppEnv } from "../app-env";
import { cachedRead } from "../cache/cache";
import { asService } from "../service-account";

/**
 * The edge's index of marketers' short links (docs/links.md, docs/decisions/064): every
 * link by its slug in lower case, with what a visit needs (where it leads, its campaign
 * values, paused, expiry) and, for a link to an offer, the offer's partner URL while the
 * offer is published; and every retired (deleted) slug. Built from PocketBase as the
 * Worker's service account (links are readable by marketers and the Worker only) plus the
 * offers' public reads, kept in the edge cache under the content version like any read, and
 * held by the isolate: a warm /l/{slug} asks PocketBase nothing, and a link's change (which
 * raises the content version, pb_hooks/short_links.pb.js) is live within the publishing
 * latency, as an edit of content is.
 */

export type LinkValues = Partial<Record<(typeof SHORT_LINK.values)[number], string>>;

export interface IndexedLink {
  id: string;
  slug: string;
  /** A path of this site; "" for a link to an offer. */
  path: string;
  /** The offer a link to an offer's partner link names. */
  offer: string;
  values: LinkValues;
  paused: boolean;
  /** When the link stops leading anywhere (ms); null for never. */
  expiresAt: number | null;
}

/** A linked offer while it is published: its partner URL as written, its store and when it starts (ms, 0: started). */
export interface IndexedOffer {
  url: string;
  store: string;
  startsAt: number;
}

interface IndexJson {
  links: Record<string, IndexedLink>;
  offers: Record<string, IndexedOffer>;
  /** Lower-case slug → the deleted link's id. */
  retired: Record<string, string>;
}

export interface ShortLinks {
  link(slug: string): IndexedLink | undefined;
  /** The published offer a link leads to, if it is one. */
  offer(id: string): IndexedOffer | undefined;
  retired(slug: string): boolean;
}

const PAGE_SIZE = 500;
/** Offers read per request by id (each a short filter). */
const OFFERS_PER_READ = 40;
const LINK_FIELDS = ["id", "slug", "destination", "offer", "paused", "expires_at", ...SHORT_LINK.values];

async function readPages<T>(c: Context<AppEnv>, collection: string, fields: string): Promise<T[]> {
  const { config } = c.var;
  if (!config.service) throw new Error("short links: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE), fields, skipTotal: "1", sort: "id" });
    const response = await asService(config, config.service, `/api/collections/${collection}/records?${query}`, { method: "GET" });
    if (!response.ok) throw new Error(`short links: ${collection} answered ${response.status}`);
    const read = ((await response.json()) as { items: T[] }).items;
    items.push(...read);
    if (read.length < PAGE_SIZE) return items;
  }
}

const time = (value: unknown) => (typeof value === "string" && value ? (parseContentDate(value)?.getTime() ?? null) : null);

/** The published ones of `ids`, through the content's own edge-cached reads (drafts and archived offers are not in them). */
async function readOffers(c: Context<AppEnv>, ids: string[]): Promise<Record<string, IndexedOffer>> {
  const offers: Record<string, IndexedOffer> = {};
  for (let start = 0; start < ids.length; start += OFFERS_PER_READ) {
    const filter = ids
      .slice(start, start + OFFERS_PER_READ)
      .map((id) => `id="${id}"`)
      .join("||");
    const query = new URLSearchParams({ filter, fields: "id,cta_url,store,starts_at", perPage: String(OFFERS_PER_READ), skipTotal: "1" });
    const response = await c.var.origin.read(`/api/collections/${COLLECTIONS.offers}/records?${query}`);
    if (!response.ok) throw new Error(`short links: offers answered ${response.status}`);
    const { items } = (await response.json()) as { items: Array<{ id: string; cta_url?: string; store?: string; starts_at?: string }> };
    for (const item of items) if (item.cta_url) offers[item.id] = { url: item.cta_url, store: item.store ?? "", startsAt: time(item.starts_at) ?? 0 };
  }
  return offers;
}

async function buildIndex(c: Context<AppEnv>): Promise<IndexJson> {
  type LinkRecord = Record<string, unknown> & { id: string; slug: string; destination: string; offer: string; paused: boolean };
  const [records, retiredRecords] = await Promise.all([
    readPages<LinkRecord>(c, "short_links", LINK_FIELDS.join(",")),
    readPages<{ id: string; slug: string }>(c, "retired_short_links", "id,slug"),
  ]);
  const links: Record<string, IndexedLink> = {};
  for (const record of records) {
    const values: LinkValues = {};
    for (const name of SHORT_LINK.values) if (typeof record[name] === "string" && record[name]) values[name] = record[name];
    links[record.slug.toLowerCase()] = {
      id: record.id,
      slug: record.slug,
      path: record.offer ? "" : record.destination,
      offer: record.offer,
      values,
      paused: record.paused,
      expiresAt: time(record.expires_at),
    };
  }
  const offerIds = [...new Set(records.map((record) => record.offer).filter((id) => /^[a-z0-9]{15}$/.test(id)))].sort();
  const retired: Record<string, string> = {};
  for (const record of retiredRecords) retired[record.slug.toLowerCase()] = record.id;
  return { links, offers: await readOffers(c, offerIds), retired };
}

/** The index parsed, by the body of the copy it was parsed from (as partner-links.ts does). */
const parsed = new WeakMap<ArrayBuffer, ShortLinks>();

/** The short links' index; throws only when there is no copy at all and PocketBase cannot give one. */
export async function shortLinks(c: Context<AppEnv>): Promise<ShortLinks> {
  const { config } = c.var;
  const { body } = await cachedRead(`${config.siteOrigin}/_edge-cache/_short-links`, async () => Response.json(await buildIndex(c)), config.readTtl, {
    cache: caches.default,
    waitUntil: (p) => c.executionCtx.waitUntil(p),
    version: c.var.contentVersion,
    holdMs: config.contentVersionTtl * 1000,
  });
  let index = parsed.get(body);
  if (!index) {
    const { links, offers, retired } = JSON.parse(new TextDecoder().decode(body)) as IndexJson;
    index = {
      link: (slug) => (Object.hasOwn(links, slug) ? links[slug] : undefined),
      offer: (id) => (Object.hasOwn(offers, id) ? offers[id] : undefined),
      retired: (slug) => Object.hasOwn(retired, slug),
    };
    parsed.set(body, index);
  }
  return index;
}
