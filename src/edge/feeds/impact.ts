import { base64, type FeedFormat, FeedError, networkFetch, pageOf, text } from "./network-fetch";
import type { RawPromotion } from "./promotion";

/**
 * Impact's partner API, ads of type COUPON (`GET /Mediapartners/{AccountSID}/Ads`, HTTP Basic
 * with the Account SID and Auth Token). It answers XML unless `Accept: application/json`
 * asks for JSON; a page is `{"@page", "@numpages", "@nextpageuri", "Ads": [...]}`. The code
 * is `DealDefaultPromoCode` (`Code` is the ad's HTML); dates carry their offset and an empty
 * `EndDate` is open-ended. Fields: docs/feeds.md "Impact".
 */

const PAGE_SIZE = 100;

interface ImpactAd {
  Id?: unknown;
  Name?: unknown;
  Description?: unknown;
  DealDefaultPromoCode?: unknown;
  StartDate?: unknown;
  EndDate?: unknown;
  CampaignId?: unknown;
  CampaignName?: unknown;
  TrackingLink?: unknown;
  LandingPageUrl?: unknown;
}

export function impactRow(ad: ImpactAd): RawPromotion {
  return {
    promotionId: text(ad.Id),
    advertiserId: text(ad.CampaignId),
    advertiserName: text(ad.CampaignName),
    siteUrl: text(ad.LandingPageUrl),
    title: text(ad.Name),
    description: text(ad.Description),
    terms: "",
    code: text(ad.DealDefaultPromoCode),
    start: text(ad.StartDate),
    end: text(ad.EndDate),
    trackingUrl: text(ad.TrackingLink),
    countries: [],
  };
}

export const impact: FeedFormat = {
  defaultBase: "https://api.impact.com",
  subIdParam: "subId1",
  paceSeconds: 1,
  firstCursor: { page: 1 },
  async fetchPage(source, cursor) {
    const { page } = pageOf(cursor);
    const query = new URLSearchParams({ Type: "COUPON", PageSize: String(PAGE_SIZE), Page: String(page) });
    const response = await networkFetch(
      `${source.apiBase}/Mediapartners/${encodeURIComponent(source.account)}/Ads?${query}`,
      { headers: { Authorization: `Basic ${base64(`${source.account}:${source.credentials}`)}`, Accept: "application/json" } },
      `Impact ads page ${page}`,
    );
    if (!(response.headers.get("Content-Type") ?? "").includes("json")) {
      await response.body?.cancel();
      throw new FeedError(`Impact ads page ${page}: answered ${response.headers.get("Content-Type") ?? "no type"}, not JSON`, false);
    }
    const body = (await response.json().catch(() => null)) as { Ads?: unknown; "@numpages"?: unknown; "@nextpageuri"?: unknown } | null;
    if (!body || !Array.isArray(body.Ads)) throw new FeedError(`Impact ads page ${page}: not the ads format`, false);
    const pages = Number(text(body["@numpages"]));
    const more = Number.isFinite(pages) ? page < pages : text(body["@nextpageuri"]) !== "";
    return { rows: (body.Ads as ImpactAd[]).map(impactRow), unreadable: {}, next: more ? { page: page + 1 } : null };
  },
};
