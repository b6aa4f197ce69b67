import { sanitizeHtml } from "../../data/sanitize";
import { countryCode } from "../../lib/countries";
import { contentDate, feedInstant } from "../../lib/feed-dates";
import { toHex } from "../../lib/hex";
import { LIMITS, partnerUrlHost } from "../../lib/rules";
import { CLICK_ID_MACRO } from "../../lib/tracking";

/**
 * One promotion as a network's feed gives it (each format module reads its own fields into
 * this shape), and the offer it becomes: feed text is untrusted (docs/feeds.md "Content").
 */
export interface RawPromotion {
  /** The network's id of the promotion; Rakuten's feed has none (see rakutenPromotionId). */
  promotionId: string;
  advertiserId: string;
  advertiserName: string;
  /** The advertiser's site or the promotion's landing page: how a store is suggested. */
  siteUrl: string;
  title: string;
  description: string;
  terms: string;
  /** The code; empty or "N/A" for a deal. */
  code: string;
  start: string;
  end: string;
  trackingUrl: string;
  /** ISO 3166-1 alpha-2 codes; empty: worldwide. */
  countries: string[];
}

/** What network_promotions.data holds: the offer's fields as the import writes them. */
export interface PromotionData {
  heading: string;
  description: string;
  tnc: string;
  type: "coupon" | "deal";
  coupon_code: string;
  cta_url: string;
  starts_at: string;
  expires_at: string;
  countries: string[];
}

export interface Promotion {
  promotionId: string;
  advertiserId: string;
  advertiserName: string;
  siteUrl: string;
  data: PromotionData;
}

/** How a network's promotions are read: its zone for dates without one, its sub-id parameter. */
export interface ReadSettings {
  timeZone: string;
  subIdParam: string;
}

export type Normalized = { ok: true; promotion: Promotion } | { ok: false; reason: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Text without markup: through the sanitizer, then its tags dropped and its entities read. */
export function plainText(html: string): string {
  return sanitizeHtml(html)
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** Rich text through the one sanitizer; past the limit, its plain text cut to fit. */
function richText(html: string): string {
  const clean = sanitizeHtml(html.trim());
  return clean.length <= LIMITS.feed_text ? clean : cut(plainText(html), LIMITS.feed_text);
}

/** "N/A", "none", dashes and the like mean no code: the promotion is a deal. */
export function couponCode(raw: string): string {
  const code = raw.trim();
  return /^(n\/?a|none|null|-+|no code( required)?)$/i.test(code) ? "" : code;
}

/**
 * The tracking link with `{click_id}` in the network's sub-id parameter (any value the
 * feed put there is replaced), so /goto fills it and the network's postbacks name the click.
 */
export function withClickId(url: string, param: string): string {
  const hashAt = url.indexOf("#");
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = base.indexOf("?");
  const path = queryAt === -1 ? base : base.slice(0, queryAt);
  const pairs = queryAt === -1 ? [] : base.slice(queryAt + 1).split("&");
  const kept = pairs.filter((pair) => pair !== "" && pair.split("=")[0] !== param);
  kept.push(`${param}={${CLICK_ID_MACRO}}`);
  return `${path}?${kept.join("&")}${hash}`;
}

/**
 * A feed's promotion as the offer the import writes, or why it is skipped: no id, no
 * advertiser, no title, a tracking link that is not https (or names no real host), a date
 * that is no date, an end before the start.
 */
export function normalize(raw: RawPromotion, settings: ReadSettings): Normalized {
  const promotionId = raw.promotionId.trim();
  const advertiserId = raw.advertiserId.trim();
  if (!promotionId || promotionId.length > LIMITS.promotion_id) return { ok: false, reason: "no promotion id" };
  if (!advertiserId || advertiserId.length > LIMITS.advertiser_id) return { ok: false, reason: "no advertiser id" };
  const heading = cut(plainText(raw.title), LIMITS.feed_heading);
  if (!heading) return { ok: false, reason: "no title" };
  const link = raw.trackingUrl.trim();
  if (!partnerUrlHost(link)) return { ok: false, reason: "tracking link not https" };
  const ctaUrl = withClickId(link, settings.subIdParam);
  if (ctaUrl.length > LIMITS.url) return { ok: false, reason: "tracking link too long" };
  const code = couponCode(plainText(raw.code));
  if (code.length > LIMITS.coupon_code) return { ok: false, reason: "code too long" };
  const start = feedInstant(raw.start, settings.timeZone, "start");
  const end = feedInstant(raw.end, settings.timeZone, "end");
  if (start === "invalid" || end === "invalid") return { ok: false, reason: "unreadable date" };
  if (start !== null && end !== null && end <= start) return { ok: false, reason: "ends before it starts" };
  const countries = [...new Set(raw.countries.map((c) => countryCode(c)).filter((c): c is string => c !== null))].sort();
  return {
    ok: true,
    promotion: {
      promotionId,
      advertiserId,
      advertiserName: cut(plainText(raw.advertiserName), 200),
      siteUrl: /^https?:\/\//i.test(raw.siteUrl.trim()) && raw.siteUrl.trim().length <= LIMITS.url ? raw.siteUrl.trim() : "",
      data: {
        heading,
        description: richText(raw.description),
        tnc: richText(raw.terms),
        type: code ? "coupon" : "deal",
        coupon_code: code,
        cta_url: ctaUrl,
        starts_at: start === null ? "" : contentDate(start),
        expires_at: end === null ? "" : contentDate(end),
        countries,
      },
    },
  };
}

/**
 * Rakuten's coupon feed gives no promotion id: the promotion is known by its advertiser,
 * code, description and start (a change to any of them is a new promotion, and the old one
 * vanishes in time).
 */
export async function rakutenPromotionId(advertiserId: string, code: string, description: string, start: string): Promise<string> {
  const text = [advertiserId, code, description, start].map((part) => part.trim()).join("\u001f");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest)).slice(0, 40);
}
