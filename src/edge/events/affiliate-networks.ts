import type { Context } from "hono";
import { toHex } from "../../lib/hex";
import type { AppEnv } from "../app-env";
import { cachedRead } from "../cache/cache";
import { asService } from "../service-account";

/**
 * Which active affiliate network a postback token belongs to, known by the token's SHA-256:
 * PocketBase keeps the hash beside each token (pb_hooks/postbacks.pb.js) and hides the
 * token itself from the Worker's service account, so the edge never holds a token. Each
 * answer (a network, or none) is kept in the edge cache like any read: fresh for a minute,
 * then stale while revalidating, and stale while PocketBase fails, so a network's postbacks
 * keep being accepted (and queued) while it is down. A deactivated network stops being
 * accepted, and a token that was unknown starts being accepted, within the read freshness
 * (CACHE_FRESH_S).
 */

/** Hex SHA-256 of a token, as PocketBase's $security.sha256 writes it. */
export async function tokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return toHex(digest);
}

async function lookUp(c: Context<AppEnv>, hash: string): Promise<Response> {
  const { config } = c.var;
  if (!config.service) throw new Error("affiliate networks: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
  const query = new URLSearchParams({ filter: `token_hash = "${hash}" && active = true`, fields: "id", perPage: "1", skipTotal: "1" });
  const response = await asService(config, config.service, `/api/collections/affiliate_networks/records?${query}`, { method: "GET" });
  if (!response.ok) throw new Error(`affiliate networks: PocketBase answered ${response.status}`);
  const { items } = (await response.json()) as { items: Array<{ id: string }> };
  return Response.json({ id: items[0]?.id ?? null });
}

/** The id of the active network whose token this is; undefined for any other token. Throws
 * only when there is no copy of the answer and PocketBase cannot give one. */
export async function activeNetworkOf(c: Context<AppEnv>, token: string): Promise<string | undefined> {
  const { config } = c.var;
  const hash = await tokenHash(token);
  const { body } = await cachedRead(`${config.siteOrigin}/_edge-cache/_affiliate-network/${hash}`, () => lookUp(c, hash), config.readTtl, {
    cache: caches.default,
    waitUntil: (p) => c.executionCtx.waitUntil(p),
    holdMs: config.contentVersionTtl * 1000,
  });
  const { id } = JSON.parse(new TextDecoder().decode(body)) as { id: string | null };
  return id ?? undefined;
}
