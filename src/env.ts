import { normaliseHost } from "./lib/redirect-target";
import { EVENTS_KEEP_DAYS } from "./lib/rules";
import { SITEMAP_MAX_URLS } from "./lib/sitemap";

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
  /** Seconds a cached HTML page (or sitemap file) is served as fresh. 0 with PAGE_CACHE_STALE_S 0 turns the page cache off. */
  PAGE_CACHE_FRESH_S: string;
  /** Seconds past freshness a cached page is still served (while re-rendering, or while rendering fails). */
  PAGE_CACHE_STALE_S: string;
  /** Seconds the Worker keeps the content version it read from PocketBase before reading it
   * again (docs/decisions/022): an editor's change reaches cached pages within about this plus a render. */
  CONTENT_VERSION_TTL_S: string;
  /** Secret: the operator's bearer token, for POST /_cache/purge (local page-cache purge) and the
   * internal headers (src/edge/middleware/internal-headers.ts). Without it the endpoint does not exist. */
  CACHE_PURGE_SECRET?: string;
  /** URLs per child sitemap, at most the protocol's 50,000 (lowered by tests to reach several files). */
  SITEMAP_URLS_PER_FILE?: string;
  /** Secret: email of the PocketBase `edge_services` account the Worker signs in as to store
   * newsletter sign-ups, votes and outbound events. Without it sign-ups and votes answer
   * "unavailable" and events stay in the queue. */
  PB_SERVICE_EMAIL?: string;
  /** Secret: password of that account (`wrangler secret put PB_SERVICE_PASSWORD`). */
  PB_SERVICE_PASSWORD?: string;
  /** Extra hosts /goto may redirect to besides those in the content, comma separated
   * (e.g. an affiliate network's click domain). IP addresses are honoured only here. */
  ALLOWED_REDIRECT_HOSTS?: string;
  /** Queue binding (`[[queues.producers]]`): /goto clicks and impressions and code reveals go
   * here, and the Worker's queue() consumer stores them (docs/events.md). */
  EVENTS?: Queue<unknown>;
  /** Secret: key of the HMAC that tells one visitor's repeated events apart without storing
   * anything about them (docs/decisions/033). Without it every event counts. */
  EVENTS_KEY_SECRET?: string;
  /** R2 bucket binding (`[[r2_buckets]]`): the events archive, the system of record for raw
   * events (src/edge/events/event-archive.ts), and the consumer's record of waiting events. */
  EVENTS_ARCHIVE?: R2Bucket;
  /** Days PocketBase keeps raw events before the retention job deletes them (default 400;
   * the archive keeps them). docs/operations.md. */
  EVENTS_KEEP_DAYS?: string;
  /** "production" in wrangler.toml `[env.production.vars]`, "local" at its top level: what
   * src/edge/ops/deployment-check.ts holds the configuration to. */
  DEPLOYMENT?: string;
  /** Secret: key of the HMAC that signs the session cookie of marketers and editors signed in on
   * the site (src/edge/admin/session.ts): a cookie the Worker did not sign is refused without a
   * PocketBase request. Without it nobody can sign in on the site. */
  SESSION_SECRET?: string;
  /** Rate Limiting binding (`[[ratelimits]]` in wrangler.toml): newsletter attempts per client. */
  NEWSLETTER_LIMITER?: RateLimit;
  /** Rate Limiting binding: "did it work?" votes per client (POST /offers/{id}/feedback). */
  FEEDBACK_LIMITER?: RateLimit;
  /** Rate Limiting binding: postbacks per client IP, before the token is looked up (GET/POST /postback/{token}). */
  POSTBACK_CLIENT_LIMITER?: RateLimit;
  /** Rate Limiting binding: postbacks per affiliate network (GET/POST /postback/{token}). */
  POSTBACK_LIMITER?: RateLimit;
  /** Rate Limiting binding: report sign-in attempts per client (POST /admin/sign-in). */
  SIGN_IN_LIMITER?: RateLimit;
  /** Rate Limiting binding: store-alert sign-ups per client (POST /stores/{id}/alerts). */
  ALERTS_LIMITER?: RateLimit;
  /** Secret: key of the HMAC that signs the links in our emails (confirm, unsubscribe, manage;
   * docs/email.md). Without it no sign-up is taken ("unavailable") and nothing is sent. A new
   * value voids every link already sent. */
  MAIL_TOKEN_SECRET?: string;
  /** Secret: the password the relay's bounce and complaint notifications bring (HTTP Basic,
   * POST /mail/notifications). Without it that endpoint answers 404. */
  MAIL_NOTIFICATIONS_SECRET?: string;
  /** The publisher's postal address, printed in every alert and digest (CAN-SPAM). */
  MAIL_POSTAL_ADDRESS?: string;
  /** The operator's email address for ops alerts (docs/operations.md); empty: alerts are log lines only. */
  OPS_ALERT_EMAIL?: string;
  /** Send requests (of 20 messages) the mail job keeps in flight to PocketBase's mailer; 8 by
   * default. Lower it to stay under a relay's sending rate (docs/email.md). */
  MAIL_SEND_CONCURRENCY?: string;
}

export interface Config {
  pocketbaseUrl: string;
  siteOrigin: string;
  readTtl: { fresh: number; stale: number };
  fileTtl: { fresh: number; stale: number };
  /** Full-page cache; both 0 means pages are never stored. */
  pageTtl: { fresh: number; stale: number };
  /** Seconds a content version read is trusted (src/edge/cache/content-version.ts). */
  contentVersionTtl: number;
  /** The operator's bearer token; null when unset (the purge endpoint then answers 404). */
  purgeSecret: string | null;
  sitemapUrlsPerFile: number;
  /** Hosts /goto accepts besides those found in the content (normalised host names). */
  extraRedirectHosts: ReadonlySet<string>;
  /** Whether cookies get the Secure attribute: everywhere but a plain-http local origin. */
  secureCookies: boolean;
  /** PocketBase service account for the Worker's writes; null when its secrets are not set. */
  service: { email: string; password: string } | null;
  /** Key of the session cookie's HMAC; null when the secret is not set (no sign-in). */
  sessionSecret: string | null;
  /** Key of the events' count_key HMAC; null when the secret is not set. */
  eventsKeySecret: string | null;
  /** Email to subscribers (docs/email.md): the links' key and the relay's notifications'
   * password (null when not set), and the postal address every alert and digest shows. */
  mail: { tokenSecret: string | null; notificationsSecret: string | null; postalAddress: string; sendConcurrency: number; operatorAddress: string };
  /** Days raw events stay in PocketBase (EVENTS_KEEP_DAYS). */
  eventsKeepDays: number;
}

function seconds(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number of seconds, got ${JSON.stringify(value)}`);
  return n;
}

function sitemapUrlsPerFile(value: string | undefined): number {
  if (value === undefined || value === "") return SITEMAP_MAX_URLS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > SITEMAP_MAX_URLS)
    throw new Error(`SITEMAP_URLS_PER_FILE must be an integer from 1 to ${SITEMAP_MAX_URLS}, got ${JSON.stringify(value)}`);
  return n;
}

function sendConcurrency(value: string | undefined): number {
  if (value === undefined || value === "") return 8;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 32) throw new Error(`MAIL_SEND_CONCURRENCY must be an integer from 1 to 32, got ${JSON.stringify(value)}`);
  return n;
}

function keepDays(value: string | undefined): number {
  if (value === undefined || value === "") return EVENTS_KEEP_DAYS.default;
  const n = Number(value);
  if (!Number.isInteger(n) || n < EVENTS_KEEP_DAYS.least)
    throw new Error(`EVENTS_KEEP_DAYS must be a whole number of days, at least ${EVENTS_KEEP_DAYS.least}, got ${JSON.stringify(value)}`);
  return n;
}

export function readConfig(env: Env): Config {
  const fileSeconds = seconds(env.FILE_CACHE_S, "FILE_CACHE_S");
  return {
    pocketbaseUrl: env.POCKETBASE_URL.replace(/\/+$/, ""),
    siteOrigin: env.SITE_ORIGIN.replace(/\/+$/, ""),
    readTtl: { fresh: seconds(env.CACHE_FRESH_S, "CACHE_FRESH_S"), stale: seconds(env.CACHE_STALE_S, "CACHE_STALE_S") },
    fileTtl: { fresh: fileSeconds, stale: fileSeconds },
    pageTtl: { fresh: seconds(env.PAGE_CACHE_FRESH_S, "PAGE_CACHE_FRESH_S"), stale: seconds(env.PAGE_CACHE_STALE_S, "PAGE_CACHE_STALE_S") },
    contentVersionTtl: seconds(env.CONTENT_VERSION_TTL_S, "CONTENT_VERSION_TTL_S"),
    purgeSecret: env.CACHE_PURGE_SECRET || null,
    sitemapUrlsPerFile: sitemapUrlsPerFile(env.SITEMAP_URLS_PER_FILE),
    extraRedirectHosts: new Set(
      (env.ALLOWED_REDIRECT_HOSTS ?? "")
        .split(",")
        .map(normaliseHost)
        .filter((h): h is string => Boolean(h)),
    ),
    secureCookies: !env.SITE_ORIGIN.startsWith("http://"),
    service: env.PB_SERVICE_EMAIL && env.PB_SERVICE_PASSWORD ? { email: env.PB_SERVICE_EMAIL, password: env.PB_SERVICE_PASSWORD } : null,
    sessionSecret: env.SESSION_SECRET || null,
    eventsKeySecret: env.EVENTS_KEY_SECRET || null,
    mail: {
      tokenSecret: env.MAIL_TOKEN_SECRET || null,
      notificationsSecret: env.MAIL_NOTIFICATIONS_SECRET || null,
      postalAddress: (env.MAIL_POSTAL_ADDRESS ?? "").trim(),
      sendConcurrency: sendConcurrency(env.MAIL_SEND_CONCURRENCY),
      operatorAddress: (env.OPS_ALERT_EMAIL ?? "").trim(),
    },
    eventsKeepDays: keepDays(env.EVENTS_KEEP_DAYS),
  };
}
