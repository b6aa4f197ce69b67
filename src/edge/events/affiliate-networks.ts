import type { Context } from "hono";
import { clickDomainList } from "../../lib/rules";
import type { AppEnv } from "../app-env";
import { cachedRead } from "../cache/cache";
import { asService } from "../service-account";
import { sha256Hex } from "../signing";

/**
 * The affiliate networks as the edge needs them (docs/reports.md), in one index read as the
 * Worker's service account and kept in the edge cache like any read (fresh for
 * CACHE_FRESH_S, then stale while revalidating, and stale while PocketBase fails): the
 * SHA-256 of each active network's postback token (PocketBase keeps it beside the token,
 * pb_hooks/postbacks.pb.js, and hides the token itself), and every network's click domains
 * (/goto's partner domains, with the stores' websites). A postback with an unknown token,
 * however many, costs PocketBase nothing once the index is held; a new network's token is
 * accepted, and a deactivated one's refused, within the read freshness.
 */

interface NetworksJson {
  /** Token hash → network id, active networks only. */
  tokens: Record<string, string>;
  /** Click domains of every network, lower case. */
  clickDomains: string[];
}

export interface AffiliateNetworks {
  /** The id of the active network whose token has this SHA-256 (hex). */
  networkOfTokenHash(hash: string): string | undefined;
  clickDomains: readonly string[];
}

const PAGE_SIZE = 500;

async function readNetworks(c: Context<AppEnv>): Promise<NetworksJson> {
  const { config } = c.var;
  if (!config.service) throw new Error("affiliate networks: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
  const index: NetworksJson = { tokens: {}, clickDomains: [] };
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({
      fields: "id,token_hash,active,click_domains",
      page: String(page),
      perPage: String(PAGE_SIZE),
      skipTotal: "1",
      sort: "id",
    });
    const response = await asService(config, config.service, `/api/collections/affiliate_networks/records?${query}`, { method: "GET" });
    if (!response.ok) throw new Error(`affiliate networks: PocketBase answered ${response.status}`);
    const { items } = (await response.json()) as { items: Array<{ id: string; token_hash: string; active: boolean; click_domains: string }> };
    for (const network of items) {
      if (network.active && network.token_hash) index.tokens[network.token_hash] = network.id;
      index.clickDomains.push(...clickDomainList(network.click_domains));
    }
    if (items.length < PAGE_SIZE) return index;
  }
}

/** The index parsed, by the body of the copy it was parsed from (as partner-links.ts does). */
const parsed = new WeakMap<ArrayBuffer, AffiliateNetworks>();

/** The networks' index; throws only when there is no copy and PocketBase cannot give one. */
export async function affiliateNetworks(c: Context<AppEnv>): Promise<AffiliateNetworks> {
  const { config } = c.var;
  const { body } = await cachedRead(`${config.siteOrigin}/_edge-cache/_affiliate-networks`, async () => Response.json(await readNetworks(c)), config.readTtl, {
    cache: caches.default,
    waitUntil: (p) => c.executionCtx.waitUntil(p),
    holdMs: config.contentVersionTtl * 1000,
  });
  let networks = parsed.get(body);
  if (!networks) {
    const { tokens, clickDomains } = JSON.parse(new TextDecoder().decode(body)) as NetworksJson;
    networks = { networkOfTokenHash: (hash) => (Object.hasOwn(tokens, hash) ? tokens[hash] : undefined), clickDomains };
    parsed.set(body, networks);
  }
  return networks;
}

/** The id of the active network whose postback token this is; undefined for any other token. */
export async function activeNetworkOf(c: Context<AppEnv>, token: string): Promise<string | undefined> {
  return (await affiliateNetworks(c)).networkOfTokenHash(await sha256Hex(token));
}
