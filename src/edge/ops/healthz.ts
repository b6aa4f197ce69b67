import type { Context } from "hono";
import type { Config } from "../../env";
import type { AppEnv } from "../app-env";

/** How long /healthz and the status page wait for PocketBase's own health route. */
const HEALTH_TIMEOUT_MS = 3_000;

/** Whether PocketBase answers its health route, and how long it took. */
export async function pocketbaseHealth(config: Config): Promise<{ up: boolean; ms: number }> {
  const started = Date.now();
  try {
    const response = await fetch(`${config.pocketbaseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    await response.body?.cancel();
    return { up: response.ok, ms: Date.now() - started };
  } catch {
    return { up: false, ms: Date.now() - started };
  }
}

/**
 * GET /healthz for uptime monitors: 200 only when the Worker and PocketBase both answer,
 * 503 otherwise. Never cached, and it says nothing about the configuration.
 */
export async function healthz(c: Context<AppEnv>): Promise<Response> {
  const pocketbase = await pocketbaseHealth(c.var.config);
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  return c.json({ worker: "ok", pocketbase: pocketbase.up ? "ok" : "down" }, pocketbase.up ? 200 : 503);
}
