import type { Context } from "hono";
import { newClickId } from "../lib/click-id";
import { isAllowedTarget, parseTarget } from "../lib/redirect-target";
import { replaceMacros } from "../lib/tracking";
import type { AppEnv } from "./app-env";
import { enqueueEvent, isVisitorAction, outboundEvent, visitorContext, type OutboundKind } from "./outbound-events";
import { partnerLinks, type PartnerLinks } from "./partner-links";

/**
 * GET /goto?url=<encoded partner URL>[&wp=0] (spec sections 1 and 7, ARCHITECTURE rule 6).
 * Resolves the tracking macros from the visitor's tracking cookie, and `{click_id}` with
 * the event's own id, and redirects (302) to a partner host found in the content or in
 * ALLOWED_REDIRECT_HOSTS; anything else gets a 400 page and no redirect. `wp=0` marks a
 * background ping: an impression is recorded and the answer is 204, so a background request
 * never reaches a partner. A visitor's click or impression goes to the events queue, and the
 * answer leaves as soon as the queue has it (docs/decisions/033-events-through-a-queue.md).
 */
export async function goto(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  // Partners see our origin, never the page path (the default policy says the same; set
  // here explicitly because this answer's policy is the one the browser applies to the redirect).
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("X-Robots-Tag", "noindex");
  const { config } = c.var;
  const template = c.req.query("url");
  const parsed = parseTarget(template);
  if (!parsed.ok || !template) return notPartnerLink(c);

  let links: PartnerLinks | undefined;
  try {
    links = await partnerLinks(c);
  } catch (err) {
    console.error("partner link index unavailable", err);
    if (!config.extraRedirectHosts.has(parsed.url.hostname)) return unavailable(c);
  }
  if (!isAllowedTarget(parsed.url, links?.hosts ?? new Set(), config.extraRedirectHosts)) return notPartnerLink(c);

  const visitor = visitorContext(c);
  const clickId = newClickId();
  const resolved = parseTarget(replaceMacros(template, visitor.tracking, visitor.optedOut ? "" : clickId));
  // Macro values are URL-encoded, so they cannot move the link to another host; checked anyway.
  if (!resolved.ok || resolved.url.host !== parsed.url.host) return notPartnerLink(c);

  const kind: OutboundKind = c.req.query("wp") === "0" ? "impression" : "click";
  if (isVisitorAction(c)) {
    await enqueueEvent(
      c,
      await outboundEvent(c, visitor, { clickId, kind, url: template, targetHost: parsed.url.hostname, linked: links?.recordsOf(template) }),
    );
  }
  if (kind === "impression") return c.body(null, 204);
  return c.redirect(resolved.url.href, 302);
}

function page(c: Context<AppEnv>, status: 400 | 503, title: string, text: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="color-scheme" content="light dark"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:40rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1><p>${text}</p><p><a href="/">Go to homepage</a></p></main></body></html>`;
  return c.html(html, status);
}

function notPartnerLink(c: Context<AppEnv>): Response {
  return page(
    c,
    400,
    "This is not a known partner link",
    "We only send visitors on to the partner sites that appear in our reviews and offers, and this link does not lead to one of them. Nothing was opened.",
  );
}

function unavailable(c: Context<AppEnv>): Response {
  c.header("Retry-After", "30");
  return page(c, 503, "We could not check this link just now", "Please try again in a moment.");
}
