import type { Context } from "hono";
import { newClickId } from "../../lib/click-id";
import { isAllowedTarget, parseTarget } from "../../lib/redirect-target";
import { replaceMacros } from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import { type AffiliateNetworks, affiliateNetworks } from "./affiliate-networks";
import { notPartnerLink, offerEnded, unavailable } from "./goto-pages";
import { enqueueEvent, type OutboundKind } from "./messages";
import { isVisitorAction, outboundEvent, visitorContext } from "./outbound-events";
import { partnerLinks, type PartnerLinks } from "./partner-links";
import { visitorCountry } from "../pages/visitor-country";

/**
 * GET /goto?url=<encoded partner URL>[&wp=0] (spec sections 1 and 7, ARCHITECTURE rule 6).
 * Resolves the tracking macros from the visitor's tracking cookie, and `{click_id}` with
 * the event's own id, and redirects (302) to a host inside a published store's website domain
 * or a network's click domains, or listed in ALLOWED_REDIRECT_HOSTS (the redirect-host rule,
 * pocketbase/pb_hooks/rules.js); anything else gets a 400 page and no redirect. The link of an offer
 * that has ended (and of no live record) gets a 410 page naming the day, with the store's
 * live offers (docs/offer-lifecycle.md). An offer with a URL for the visitor's country
 * (`cta_urls`) sends that visitor there instead (docs/decisions/042). `wp=0` marks a background ping: an impression is
 * recorded and the answer is 204, so a background request never reaches a partner. A visitor's click or impression goes to the events queue, and the
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
  let networks: AffiliateNetworks | undefined;
  try {
    [links, networks] = await Promise.all([partnerLinks(c), affiliateNetworks(c)]);
  } catch (err) {
    console.error("partner link index unavailable", err);
    if (!config.extraRedirectHosts.has(parsed.url.hostname)) return unavailable(c);
  }
  const partnerDomains = [...(links?.domains ?? []), ...(networks?.clickDomains ?? [])];
  if (!isAllowedTarget(parsed.url, partnerDomains, config.extraRedirectHosts)) return notPartnerLink(c);
  const kind: OutboundKind = c.req.query("wp") === "0" ? "impression" : "click";
  // Nobody goes out, so nothing is recorded: a click would count for an offer no one can use.
  const endedAt = links?.endedAt(template, Date.now());
  if (endedAt !== undefined) return kind === "impression" ? c.body(null, 204) : offerEnded(c, endedAt);

  const visitor = visitorContext(c);
  const clickId = newClickId();
  // The country's URL is in the content's index, so its host is a partner's like the template's.
  const target = links?.forCountry(template, visitorCountry(c.req.raw)) ?? template;
  const expected = target === template ? parsed : parseTarget(target);
  const resolved = parseTarget(replaceMacros(target, visitor.tracking, visitor.optedOut ? "" : clickId));
  // Macro values are URL-encoded, so they cannot move the link to another host; checked anyway.
  if (!resolved.ok || !expected.ok || resolved.url.host !== expected.url.host) return notPartnerLink(c);

  if (isVisitorAction(c)) {
    await enqueueEvent(
      c,
      await outboundEvent(c, visitor, { clickId, kind, url: template, targetHost: resolved.url.hostname, linked: links?.recordsOf(template) }),
    );
  }
  if (kind === "impression") return c.body(null, 204);
  return c.redirect(resolved.url.href, 302);
}
