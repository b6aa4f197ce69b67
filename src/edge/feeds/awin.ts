import { type FeedFormat, FeedError, networkFetch, nextByTotal, pageOf, text } from "./network-fetch";
import type { RawPromotion } from "./promotion";

/**
 * Awin's Publisher API, offers (`POST /publisher/{publisherId}/promotions`, Bearer token): a
 * JSON body of `filters` and `pagination` {page, pageSize}; the answer is
 * `{"data": [...], "pagination": {"page", "pageSize", "total"}}`. A promotion of type
 * `voucher` has a `voucher` object (`code`, `exclusive`); one of type `promotion` has none.
 * Dates carry their offset. Fields: docs/feeds.md "Awin".
 */

const PAGE_SIZE = 200;

interface AwinPromotion {
  promotionId?: unknown;
  type?: unknown;
  title?: unknown;
  description?: unknown;
  terms?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  url?: unknown;
  urlTracking?: unknown;
  advertiser?: { id?: unknown; name?: unknown };
  voucher?: { code?: unknown; exclusive?: unknown };
  regions?: { all?: unknown; list?: Array<{ countryCode?: unknown }> };
}

export function awinRow(item: AwinPromotion): RawPromotion {
  const regions = item.regions?.all === true || !Array.isArray(item.regions?.list) ? [] : item.regions.list.map((region) => text(region.countryCode));
  return {
    promotionId: text(item.promotionId),
    advertiserId: text(item.advertiser?.id),
    advertiserName: text(item.advertiser?.name),
    siteUrl: text(item.url),
    title: text(item.title),
    description: text(item.description),
    terms: text(item.terms),
    code: item.type === "voucher" ? text(item.voucher?.code) : "",
    start: text(item.startDate),
    end: text(item.endDate),
    trackingUrl: text(item.urlTracking),
    countries: regions,
  };
}

export const awin: FeedFormat = {
  defaultBase: "https://api.awin.com",
  subIdParam: "clickref",
  // Awin allows 20 API calls a minute.
  paceSeconds: 3,
  firstCursor: { page: 1 },
  async fetchPage(source, cursor) {
    const { page, seen } = pageOf(cursor);
    const response = await networkFetch(
      `${source.apiBase}/publisher/${encodeURIComponent(source.account)}/promotions`,
      {
        method: "POST",
        headers: { Authorization: `Bearer ${source.credentials}`, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ filters: { membership: "joined", status: "active", type: "all" }, pagination: { page, pageSize: PAGE_SIZE } }),
      },
      `Awin offers page ${page}`,
    );
    const body = (await response.json().catch(() => null)) as { data?: unknown; pagination?: { total?: unknown } } | null;
    if (!body || !Array.isArray(body.data)) throw new FeedError(`Awin offers page ${page}: not the offers format`, false);
    const rows = (body.data as AwinPromotion[]).map(awinRow);
    return { rows, unreadable: {}, next: nextByTotal(page, seen, rows.length, Number(body.pagination?.total)) };
  },
};
