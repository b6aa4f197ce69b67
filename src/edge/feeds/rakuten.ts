import { base64, type FeedFormat, FeedError, networkFetch, pageOf, text } from "./network-fetch";
import { couponCode, type RawPromotion, rakutenPromotionId } from "./promotion";
import { parseXml } from "./xml";

/**
 * Rakuten Advertising's Coupon Web Service 1.0 (`GET /coupon/1.0`, XML only, Bearer access
 * token, up to 500 per page): `<couponfeed><TotalMatches><TotalPages><PageNumberRequested>`
 * and `<link>` elements. The access token comes from `POST /token` with the application's
 * client id and secret and the site id (SID) as scope; it lives an hour, so each page asks
 * for one. Dates are days in GMT; `couponcode` "N/A" means none; promotions have no id
 * (rakutenPromotionId). Fields: docs/feeds.md "Rakuten".
 */

const PAGE_SIZE = 500;

async function accessToken(base: string, credentials: string, sid: string): Promise<string> {
  const response = await networkFetch(
    `${base}/token`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${base64(credentials)}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ scope: sid }),
    },
    "Rakuten token",
  );
  const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null;
  const token = text(body?.access_token);
  if (!token) throw new FeedError("Rakuten token: answered no access_token", false);
  return token;
}

export async function rakutenRow(link: Record<string, unknown>): Promise<RawPromotion> {
  const advertiserId = text(link.advertiserid);
  const code = couponCode(text(link.couponcode));
  const description = text(link.offerdescription);
  const start = text(link.offerstartdate);
  return {
    promotionId: await rakutenPromotionId(advertiserId, code, description, start),
    advertiserId,
    advertiserName: text(link.advertisername),
    siteUrl: "",
    title: description,
    description,
    terms: text(link.couponrestriction),
    code,
    start,
    end: text(link.offerenddate),
    trackingUrl: text(link.clickurl),
    countries: [],
  };
}

export const rakuten: FeedFormat = {
  defaultBase: "https://api.linksynergy.com",
  subIdParam: "u1",
  paceSeconds: 1,
  firstCursor: { page: 1 },
  async fetchPage(source, cursor) {
    const { page } = pageOf(cursor);
    const token = await accessToken(source.apiBase, source.credentials, source.account);
    const query = new URLSearchParams({ resultsperpage: String(PAGE_SIZE), pagenumber: String(page) });
    const response = await networkFetch(
      `${source.apiBase}/coupon/1.0?${query}`,
      { headers: { Authorization: `Bearer ${token}`, Accept: "application/xml" } },
      `Rakuten coupons page ${page}`,
    );
    const doc = parseXml(await response.text(), ["link"], `Rakuten coupons page ${page}`);
    const feed = doc.couponfeed as Record<string, unknown> | undefined;
    if (!feed || typeof feed !== "object") throw new FeedError(`Rakuten coupons page ${page}: not the coupon feed format`, false);
    const rows = await Promise.all(((feed.link as Array<Record<string, unknown>> | undefined) ?? []).map(rakutenRow));
    const pages = Number(text(feed.TotalPages));
    const more = Number.isFinite(pages) ? page < pages : rows.length === PAGE_SIZE;
    return { rows, unreadable: {}, next: more && rows.length > 0 ? { page: page + 1 } : null };
  },
};
