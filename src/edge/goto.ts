import type { Context } from "hono";
import { isbot } from "isbot";
import { readCookie } from "../lib/cookies";
import { isAllowedTarget, parseTarget } from "../lib/redirect-target";
import { parseTracking, replaceMacros, TRACKING_COOKIE } from "../lib/tracking";
import type { AppEnv } from "./app-env";
import { recordOutboundEvent, type OutboundKind } from "./outbound-events";
import { partnerHosts } from "./partner-hosts";

/**
 * GET /goto?url=<encoded partner URL>[&wp=0] (spec sections 1 and 7, ARCHITECTURE rule 6).
 * Resolves the tracking macros from the visitor's tracking cookie and redirects (302) to
 * a partner host found in the content or in ALLOWED_REDIRECT_HOSTS; anything else gets a
 * 400 page and no redirect. `wp=0` marks a background ping: an impression is recorded and
 * the answer is 204, so a background request never reaches a partner.
 */
export async function goto(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  // Partners see our origin, never the page path (the default policy says the same; set
  // here explicitly because this answer's policy is the one the browser applies to the redirect).
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Robots-Tag", "noindex");
  const { config, origin } = c.var;
  const template = c.req.query("url");
  const parsed = parseTarget(template);
  if (!parsed.ok || !template) return notPartnerLink(c);

  let hosts: ReadonlySet<string>;
  try {
    hosts = await partnerHosts(config.siteOrigin, origin, config.readTtl, { cache: caches.default, waitUntil: (p) => c.executionCtx.waitUntil(p), version: c.var.contentVersion });
  } catch (err) {
    console.error("partner host index unavailable", err);
    if (!config.extraRedirectHosts.has(parsed.url.hostname)) return unavailable(c);
    hosts = new Set();
  }
  if (!isAllowedTarget(parsed.url, hosts, config.extraRedirectHosts)) return notPartnerLink(c);

  const tracking = parseTracking(readCookie(c.req.header("Cookie"), TRACKING_COOKIE));
  const resolved = parseTarget(replaceMacros(template, tracking));
  // Macro values are URL-encoded, so they cannot move the link to another host; checked anyway.
  if (!resolved.ok || resolved.url.host !== parsed.url.host) return notPartnerLink(c);

  const kind: OutboundKind = c.req.query("wp") === "0" ? "impression" : "click";
  if (!isbot(c.req.header("User-Agent") ?? "")) {
    const pb = origin.client();
    c.executionCtx.waitUntil(
      recordOutboundEvent(config, pb, {
        kind,
        template,
        targetHost: parsed.url.hostname,
        referrerPath: referrerPath(c.req.header("Referer"), config.siteOrigin, new URL(c.req.url).origin),
        tracking,
        country: country(c),
      }),
    );
  }
  if (kind === "impression") return c.body(null, 204);
  return c.redirect(resolved.url.href, 302);
}

/** The path of our own page the click came from; nothing for other sites' pages. */
function referrerPath(referer: string | undefined, ...ownOrigins: string[]): string {
  if (!referer) return "";
  try {
    const url = new URL(referer);
    return ownOrigins.includes(url.origin) ? url.pathname.slice(0, 2000) : "";
  } catch {
    return "";
  }
}

function country(c: Context<AppEnv>): string {
  const cf = (c.req.raw as { cf?: { country?: unknown } }).cf;
  const code = typeof cf?.country === "string" ? cf.country : (c.req.header("CF-IPCountry") ?? "");
  return /^[A-Z]{2}$/.test(code) ? code : "";
}

function page(c: Context<AppEnv>, status: 400 | 503, title: string, text: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to homepage</a></p></main></body></html>`;
  return c.html(html, status);
}

function notPartnerLink(c: Context<AppEnv>): Response {
  return page(c, 400, "This is not a known partner link", "We only send visitors on to the partner sites that appear in our reviews and offers, and this link does not lead to one of them. Nothing was opened.");
}

function unavailable(c: Context<AppEnv>): Response {
  c.header("Retry-After", "30");
  return page(c, 503, "We could not check this link just now", "Please try again in a moment.");
}
