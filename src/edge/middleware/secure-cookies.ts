import type { Context } from "hono";
import type { AppEnv } from "../app-env";

/** Whether a cookie set now gets `Secure`: on a site configured for HTTPS, and on any
 * request that arrived over HTTPS whatever the configuration says. Only plain-http local
 * development goes without (browsers would drop a Secure cookie there). */
export function secureCookies(c: Context<AppEnv>): boolean {
  return c.var.config.secureCookies || new URL(c.req.url).protocol === "https:";
}
