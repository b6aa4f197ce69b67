import { normaliseHost } from "./lib/redirect-target";

/** Bindings and vars of the Worker (wrangler.toml [vars], secrets, `.dev.vars`). */
export interface Env {
  ASSETS: Fetcher;
  /** Origin of the PocketBase server, e.g. http://127.0.0.1:8090. Never exposed to pages. */
  POCKETBASE_URL: string;
  /** Canonical public origin of the site, for canonical / Open Graph URLs and cache keys. */
  SITE_ORIGIN: string;
  /** Seconds a cached read is served as fresh. */
  CACHE_FRESH_S: string;
  /** Seconds past freshness a cached read is still served (while revalidating, or while the origin fails). */
  CACHE_STALE_S: string;
  /** Seconds a PocketBase file is cached at the edge and in browsers. */
  FILE_CACHE_S: string;
  /** Secret: email of the PocketBase `edge_services` account the Worker signs in as to store
   * newsletter sign-ups (the only write it makes). Without it sign-ups answer "unavailable". */
  PB_SERVICE_EMAIL?: string;
  /** Secret: password of that account (`wrangler secret put PB_SERVICE_PASSWORD`). */
  PB_SERVICE_PASSWORD?: string;
  /** Extra hosts /goto may redirect to besides those in the content, comma separated
   * (e.g. an affiliate network's click domain). IP addresses are honoured only here. */
  ALLOWED_REDIRECT_HOSTS?: string;
  /** Rate Limiting binding (`[[ratelimits]]` in wrangler.toml): newsletter attempts per client. */
  NEWSLETTER_LIMITER?: RateLimit;
}

export interface Config {
  pocketbaseUrl: string;
  siteOrigin: string;
  readTtl: { fresh: number; stale: number };
  fileTtl: { fresh: number; stale: number };
  /** Hosts /goto accepts besides those found in the content (normalised host names). */
  extraRedirectHosts: ReadonlySet<string>;
  /** Whether cookies get the Secure attribute: everywhere but a plain-http local origin. */
  secureCookies: boolean;
  /** PocketBase service account for the Worker's writes; null when its secrets are not set. */
  service: { email: string; password: string } | null;
}

function seconds(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of seconds, got ${JSON.stringify(value)}`);
  return n;
}

export function readConfig(env: Env): Config {
  const fileSeconds = seconds(env.FILE_CACHE_S, "FILE_CACHE_S");
  return {
    pocketbaseUrl: env.POCKETBASE_URL.replace(/\/+$/, ""),
    siteOrigin: env.SITE_ORIGIN.replace(/\/+$/, ""),
    readTtl: { fresh: seconds(env.CACHE_FRESH_S, "CACHE_FRESH_S"), stale: seconds(env.CACHE_STALE_S, "CACHE_STALE_S") },
    fileTtl: { fresh: fileSeconds, stale: fileSeconds },
    extraRedirectHosts: new Set((env.ALLOWED_REDIRECT_HOSTS ?? "").split(",").map(normaliseHost).filter((h): h is string => Boolean(h))),
    secureCookies: !env.SITE_ORIGIN.startsWith("http://"),
    service: env.PB_SERVICE_EMAIL && env.PB_SERVICE_PASSWORD ? { email: env.PB_SERVICE_EMAIL, password: env.PB_SERVICE_PASSWORD } : null,
  };
}
