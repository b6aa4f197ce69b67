import { COLLECTIONS } from "../data/collections";
import { normaliseHost } from "../lib/redirect-target";
import { readThrough, type CacheTtl, type EdgeCacheDeps } from "./cache";
import type { ContentOrigin } from "./content-origin";

/** The content fields holding partner URLs (ARCHITECTURE rule 6). */
const URL_FIELDS: ReadonlyArray<{ collection: string; fields: readonly string[] }> = [
  { collection: COLLECTIONS.stores, fields: ["website", "default_action_url"] },
  { collection: COLLECTIONS.offers, fields: ["cta_url"] },
  { collection: COLLECTIONS.products, fields: ["cta_url"] },
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

/** Reads every URL field page by page (each page is an edge-cached read of its own). */
async function collectHosts(origin: ContentOrigin): Promise<string[]> {
  const hosts = new Set<string>();
  for (const { collection, fields } of URL_FIELDS) {
    for (let page = 1; ; page++) {
      const query = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE), fields: fields.join(","), skipTotal: "1", sort: "id" });
      const response = await origin.read(`/api/collections/${collection}/records?${query}`);
      if (!response.ok) throw new Error(`partner host index: ${collection} answered ${response.status}`);
      const { items } = (await response.json()) as { items: Array<Record<string, unknown>> };
      for (const item of items) for (const field of fields) {
        const host = hostOf(item[field]);
        if (host) hosts.add(host);
      }
      if (items.length < PAGE_SIZE) break;
    }
  }
  return [...hosts].sort();
}

/**
 * The set of partner hosts found in the content, built from PocketBase and kept in the
 * edge cache like any read (fresh, then stale while revalidating, stale when PocketBase
 * fails). Throws only when there is no copy at all and PocketBase cannot answer.
 */
export async function partnerHosts(siteOrigin: string, origin: ContentOrigin, ttl: CacheTtl, deps: EdgeCacheDeps): Promise<ReadonlySet<string>> {
  const response = await readThrough(
    `${siteOrigin}/_edge-cache/_partner-hosts`,
    async () => Response.json({ hosts: await collectHosts(origin) }),
    ttl,
    deps,
  );
  const { hosts } = (await response.json()) as { hosts: string[] };
  return new Set(hosts);
}
