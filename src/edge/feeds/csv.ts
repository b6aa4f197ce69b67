import { type FeedFormat, FeedError } from "./network-fetch";
import { csvPage, type CsvRecord } from "./csv-pages";
import type { RawPromotion } from "./promotion";

/**
 * CSV feeds: Awin's promotions export, and the generic column map for any other network
 * (docs/feeds.md "Generic CSV"). Both are files, read a page of rows at a time (csv-pages.ts).
 */

const list = (value: string | undefined) =>
  (value ?? "")
    .split(/[\s,;|]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Awin's export: `Promotion ID`, `Advertiser ID`, `Advertiser`, `Type`, `Code`, `Title`,
 * `Description`, `Terms`, `Starts`/`Ends` (dd/mm/yyyy HH:MM:SS, no zone), `Deeplink Tracking`,
 * `Deeplink`, `Regions`, `Categories`, `Exclusive`. */
export function awinCsvRow(r: CsvRecord): RawPromotion {
  const regions = list(r.Regions);
  return {
    promotionId: r["Promotion ID"] ?? "",
    advertiserId: r["Advertiser ID"] ?? "",
    advertiserName: r.Advertiser ?? "",
    siteUrl: r.Deeplink ?? "",
    title: r.Title ?? "",
    description: r.Description ?? "",
    terms: r.Terms ?? "",
    code: /voucher/i.test(r.Type ?? "") ? (r.Code ?? "") : "",
    start: r.Starts ?? "",
    end: r.Ends ?? "",
    trackingUrl: r["Deeplink Tracking"] ?? "",
    countries: regions.some((region) => /^all$/i.test(region)) ? [] : regions,
  };
}

/** The generic column map (docs/feeds.md "Generic CSV"): the columns it reads, by name in the
 * header row, in any order; others are ignored. */
export const GENERIC_CSV_COLUMNS = [
  "promotion_id",
  "advertiser_id",
  "advertiser_name",
  "advertiser_url",
  "title",
  "description",
  "terms",
  "code",
  "starts",
  "ends",
  "tracking_url",
  "countries",
] as const;
/** Without these no row can be imported, so an upload without them is refused whole. */
export const GENERIC_CSV_REQUIRED: readonly string[] = ["promotion_id", "advertiser_id", "title", "tracking_url"];

export function genericCsvRow(r: CsvRecord): RawPromotion {
  return {
    promotionId: r.promotion_id ?? "",
    advertiserId: r.advertiser_id ?? "",
    advertiserName: r.advertiser_name ?? "",
    siteUrl: r.advertiser_url ?? "",
    title: r.title ?? "",
    description: r.description ?? "",
    terms: r.terms ?? "",
    code: r.code ?? "",
    start: r.starts ?? "",
    end: r.ends ?? "",
    trackingUrl: r.tracking_url ?? "",
    countries: list(r.countries),
  };
}

export const awinCsv: FeedFormat = {
  defaultBase: "https://ui.awin.com",
  subIdParam: "clickref",
  paceSeconds: 0,
  firstCursor: { offset: 0, header: [] },
  async fetchPage(source, cursor) {
    // Awin's export link: /export-promotions/{publisherId}/{key}?… (docs/feeds.md "Awin CSV").
    const url = `${source.apiBase}/export-promotions/${encodeURIComponent(source.account)}/${encodeURIComponent(source.credentials)}?promotionType=&categoryIds=&regionIds=&advertiserIds=&membershipStatus=joined&promotionStatus=`;
    const page = await csvPage(url, { Accept: "text/csv" }, cursor, `Awin CSV at byte ${"offset" in cursor ? cursor.offset : 0}`, awinCsvRow);
    return { ...page, unreadable: {} };
  },
};

export const genericCsv: FeedFormat = {
  defaultBase: "",
  subIdParam: "subid",
  paceSeconds: 0,
  firstCursor: { offset: 0, header: [] },
  async fetchPage(source, cursor) {
    if (!/^https?:\/\//.test(source.apiBase)) throw new FeedError("CSV feed: feed_api_base must be the file's address", false);
    const headers: Record<string, string> = { Accept: "text/csv" };
    if (source.credentials) headers.Authorization = `Bearer ${source.credentials}`;
    const page = await csvPage(source.apiBase, headers, cursor, `CSV at byte ${"offset" in cursor ? cursor.offset : 0}`, genericCsvRow);
    return { ...page, unreadable: {} };
  },
};
