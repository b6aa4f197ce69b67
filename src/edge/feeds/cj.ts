import { type FeedFormat, FeedError, networkFetch, nextByTotal, pageOf, text } from "./network-fetch";
import type { RawPromotion } from "./promotion";
import { parseXml } from "./xml";

/**
 * CJ's Link Search API v2 (`GET https://link-search.api.cj.com/v2/link-search`, Bearer
 * personal access token): XML `<cj-api><links total-matched records-returned page-number>`
 * of `<link>`, at most 100 per page and 25 calls a minute. `coupon-code` is often empty (a
 * deal). Dates carry no zone: the network's `feed_time_zone`. Fields: docs/feeds.md "CJ".
 */

const PAGE_SIZE = 100;

export function cjRow(link: Record<string, unknown>): RawPromotion {
  const countries = text(link["targeted-country"] ?? link["targeted-countries"])
    .split(/[\s,]+/)
    .filter(Boolean);
  return {
    promotionId: text(link["link-id"]),
    advertiserId: text(link["advertiser-id"]),
    advertiserName: text(link["advertiser-name"]),
    siteUrl: text(link.destination),
    title: text(link["link-name"]),
    description: text(link.description),
    terms: "",
    code: text(link["coupon-code"]),
    start: text(link["promotion-start-date"]),
    end: text(link["promotion-end-date"]),
    trackingUrl: text(link.clickUrl),
    countries,
  };
}

export const cj: FeedFormat = {
  defaultBase: "https://link-search.api.cj.com",
  subIdParam: "sid",
  // 25 calls a minute: one every 2.4 s, kept at 3.
  paceSeconds: 3,
  firstCursor: { page: 1 },
  async fetchPage(source, cursor) {
    const { page, seen } = pageOf(cursor);
    const query = new URLSearchParams({
      "website-id": source.account,
      "advertiser-ids": "joined",
      "promotion-type": "coupon",
      "records-per-page": String(PAGE_SIZE),
      "page-number": String(page),
    });
    const response = await networkFetch(
      `${source.apiBase}/v2/link-search?${query}`,
      { headers: { Authorization: `Bearer ${source.credentials}`, Accept: "application/xml" } },
      `CJ links page ${page}`,
    );
    const doc = parseXml(await response.text(), ["link"], `CJ links page ${page}`);
    const links = (doc["cj-api"] as { links?: Record<string, unknown> } | undefined)?.links;
    if (!links || typeof links !== "object") throw new FeedError(`CJ links page ${page}: not the link-search format`, false);
    const rows = ((links.link as Array<Record<string, unknown>> | undefined) ?? []).map(cjRow);
    return { rows, unreadable: {}, next: nextByTotal(page, seen, rows.length, Number(text(links["@_total-matched"]))) };
  },
};
