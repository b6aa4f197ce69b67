import type { Context } from "hono";
import { newClickId } from "../../lib/click-id";
import { outboundHref } from "../../lib/outbound";
import { partnerUrlHost, SHORT_LINK, sitePathProblem } from "../../lib/rules";
import { mergeTracking, type TrackingData } from "../../lib/tracking";
import type { AppEnv } from "../app-env";
import { enqueueEvent } from "../events/messages";
import { outboundEvent, visitorContext } from "../events/outbound-events";
import { trackingCookie } from "../middleware/tracking-capture";
import { type IndexedLink, type ShortLinks, shortLinks } from "./link-index";
import { linkNotActive, linkRemoved, linksUnavailable } from "./link-pages";

/**
 * GET /l/{slug}: a marketer's short link (docs/links.md, docs/decisions/064), answered at
 * the edge from the links' index (link-index.ts), slugs compared without regard to case.
 * A live link sets the tracking cookie as a page arriving with its campaign values would,
 * plus the link's id (never under GPC, DNT or the site's opt-out), queues a visit event
 * (kind "link"), and redirects (302) to its page of this site, or through /goto to its
 * offer's partner link (where the redirect-host rule and the offer's end apply again).
 * Unknown, paused and expired links, and links whose offer is not published or has not
 * started, get a 404 page; deleted ones 410; never a redirect anywhere else.
 */

/** Where a link leads now, on this site: its page, or /goto with its offer's partner URL; null when nowhere. */
function targetOf(link: IndexedLink, index: ShortLinks, now: number): { location: string; url: string; targetHost: string; store: string } | null {
  if (link.offer) {
    const offer = index.offer(link.offer);
    if (!offer || offer.startsAt > now) return null;
    return { location: outboundHref(offer.url), url: offer.url, targetHost: partnerUrlHost(offer.url), store: offer.store };
  }
  // The index holds what PocketBase's checks let in; checked again, so nothing but a page of this site is ever a Location.
  return sitePathProblem(link.path) ? null : { location: link.path, url: link.path, targetHost: "", store: "" };
}

export async function resolveShortLink(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex");
  const slug = c.req.param("slug") ?? "";
  if (!SHORT_LINK.slug.test(slug)) return linkNotActive(c, "");
  let index: ShortLinks;
  try {
    index = await shortLinks(c);
  } catch (err) {
    console.error("short links index unavailable", err);
    return linksUnavailable(c);
  }
  const key = slug.toLowerCase();
  if (index.retired(key)) return linkRemoved(c, slug);
  const link = index.link(key);
  const now = Date.now();
  if (!link || link.paused || (link.expiresAt !== null && link.expiresAt <= now)) return linkNotActive(c, slug);
  const target = targetOf(link, index, now);
  if (!target) return linkNotActive(c, slug);

  const visitor = visitorContext(c);
  const incoming: TrackingData = { ...link.values, link: link.id };
  if (!visitor.optedOut) {
    const cookie = trackingCookie(c, incoming);
    if (cookie) c.header("Set-Cookie", cookie, { append: true });
  }
  // The visit's values are the ones the visitor carries from now on (none under an opt-out).
  const carried = visitor.optedOut ? visitor : { ...visitor, tracking: mergeTracking(visitor.tracking, incoming) };
  await enqueueEvent(
    c,
    await outboundEvent(c, carried, {
      clickId: newClickId(),
      kind: "link",
      url: target.url,
      targetHost: target.targetHost,
      linked: { offer: link.offer, store: target.store, product: "" },
      shortLink: link.id,
    }),
  );
  return c.redirect(target.location, 302);
}
