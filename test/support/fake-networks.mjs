// @ts-check
/**
 * Fakes of the affiliate networks' promotion APIs (docs/feeds.md), one loopback HTTP server
 * for all of them, for the Worker tests, the browser test and `npm run bench:import`. Each
 * fake feed lives under a key of its own: its base URL is `{server}/{key}` and its network's
 * `feed_api_base` points there. A feed answers as the network's documentation says: the
 * same paths, query parameters, authentication, paging, formats (JSON, XML, CSV with Range)
 * and field names; and it can refuse as networks do (401, 429 with Retry-After, 500).
 *
 * Control (JSON bodies): POST /__fake/feeds/{key} sets a feed: { kind, account, credentials,
 * pageSize?, promotions?: [promotion], generate?: { count, advertisers, seed } };
 * POST /__fake/feeds/{key}/faults sets { status500OnPage?, rateLimitOnPage?, retryAfter?,
 * failFromPage? } (the first two once each); GET /__fake/feeds/{key}/requests counts the
 * requests served. A promotion: { id, advertiserId, advertiserName, site, title, description,
 * terms, code, start, end, tracking, countries } with dates written as that network writes them.
 */
import { createHash } from "node:crypto";
import http from "node:http";

/** @typedef {{ id: string, advertiserId: string, advertiserName: string, site: string, title: string, description: string, terms: string, code: string, start: string, end: string, tracking: string, countries: string[] }} Promotion */
/** @typedef {{ kind: string, account: string, credentials: string, pageSize?: number, promotions: Promotion[], faults: Record<string, number>, served: number, tokens: Set<string>, file?: Buffer }} Feed */

const xmlEscape = (/** @type {string} */ s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const csvCell = (/** @type {string} */ s) => (/[",\r\n]/.test(String(s)) ? `"${String(s).replace(/"/g, '""')}"` : String(s));

/**
 * Deterministic promotions for load: `count` of them over `advertisers` advertisers.
 * @param {{ count: number, advertisers?: number, seed?: string, kind?: string }} options
 * @returns {Promotion[]}
 */
export function generatePromotions({ count, advertisers = 50, seed = "bench", kind = "awin" }) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const a = i % advertisers;
    const day = 1 + (i % 28);
    const iso =
      kind === "cj"
        ? `2030-01-${String(day).padStart(2, "0")} 00:00:00`
        : kind === "rakuten"
          ? `2030-01-${String(day).padStart(2, "0")}`
          : `2030-01-${String(day).padStart(2, "0")}T23:59:00+00:00`;
    out.push({
      id: `${seed}-${i}`,
      advertiserId: `${seed}-adv-${a}`,
      advertiserName: `Bench Advertiser ${a}`,
      site: `https://adv${a}.${seed}.example/`,
      title: `${10 + (i % 50)}% off everything (${i})`,
      description: `<p>Save on <strong>item ${i}</strong>.</p>`,
      terms: "Excludes gift cards.",
      code: i % 3 === 0 ? "" : `CODE${i}`,
      start: "",
      end: iso,
      tracking: `https://track.${seed}.example/c/${a}/${i}`,
      countries: [],
    });
  }
  return out;
}

/** The Awin offers API's item for a promotion. */
function awinItem(/** @type {Promotion} */ p) {
  const item = {
    promotionId: /^\d+$/.test(p.id) ? Number(p.id) : p.id,
    type: p.code ? "voucher" : "promotion",
    advertiser: { id: p.advertiserId, name: p.advertiserName, joined: true },
    title: p.title,
    description: p.description,
    terms: p.terms,
    startDate: p.start,
    endDate: p.end,
    url: p.site,
    urlTracking: p.tracking,
    dateAdded: p.start,
    campaign: "",
    regions: p.countries.length ? { all: false, list: p.countries.map((c) => ({ name: c, countryCode: c })) } : { all: true },
  };
  return p.code ? { ...item, voucher: { code: p.code, exclusive: false, attributable: false } } : item;
}

function impactAd(/** @type {Promotion} */ p) {
  return {
    Id: p.id,
    Name: p.title,
    Description: p.description,
    CampaignId: p.advertiserId,
    CampaignName: p.advertiserName,
    Type: "COUPON",
    TrackingLink: p.tracking,
    LandingPageUrl: p.site,
    Code: `<a href="${p.tracking}">${p.title}</a>`,
    DealDefaultPromoCode: p.code,
    DealType: p.code ? "GENERAL_SALE" : "FREE_SHIPPING",
    StartDate: p.start,
    EndDate: p.end,
  };
}

function cjLink(/** @type {Promotion} */ p) {
  const field = (/** @type {string} */ name, /** @type {string} */ value) => `<${name}>${xmlEscape(value)}</${name}>`;
  return `<link>${field("advertiser-id", p.advertiserId)}${field("advertiser-name", p.advertiserName)}${field("link-id", p.id)}${field("link-name", p.title)}${field("description", p.description)}${field("link-type", "Text Link")}${field("promotion-type", "Coupon")}${field("coupon-code", p.code)}${field("promotion-start-date", p.start)}${field("promotion-end-date", p.end)}${field("clickUrl", p.tracking)}${field("destination", p.site)}${field("targeted-country", p.countries.join(","))}${field("relationship-status", "joined")}</link>`;
}

function rakutenLink(/** @type {Promotion} */ p) {
  const field = (/** @type {string} */ name, /** @type {string} */ value) => `<${name}>${xmlEscape(value)}</${name}>`;
  return `<link type="TEXT"><categories><category id="1">General</category></categories><promotiontypes><promotiontype id="11">Percentage off</promotiontype></promotiontypes>${field("offerdescription", p.title)}${field("offerstartdate", p.start)}${field("offerenddate", p.end)}${field("couponcode", p.code || "N/A")}${field("couponrestriction", p.terms)}${field("clickurl", p.tracking)}${field("advertiserid", p.advertiserId)}${field("advertisername", p.advertiserName)}<network id="1">US Network</network></link>`;
}

const AWIN_CSV_COLUMNS = [
  "Promotion ID",
  "Advertiser ID",
  "Advertiser",
  "Type",
  "Code",
  "Title",
  "Description",
  "Terms",
  "Starts",
  "Ends",
  "Deeplink Tracking",
  "Deeplink",
  "Regions",
  "Categories",
  "Exclusive",
];
const GENERIC_COLUMNS = [
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
];

function csvFile(/** @type {Feed} */ feed) {
  const awin = feed.kind === "awin_csv";
  const rows = [(awin ? AWIN_CSV_COLUMNS : GENERIC_COLUMNS).join(",")];
  for (const p of feed.promotions) {
    const cells = awin
      ? [
          p.id,
          p.advertiserId,
          p.advertiserName,
          p.code ? "Voucher" : "Promotion",
          p.code,
          p.title,
          p.description,
          p.terms,
          p.start,
          p.end,
          p.tracking,
          p.site,
          p.countries.join(", ") || "All",
          "General",
          "No",
        ]
      : [p.id, p.advertiserId, p.advertiserName, p.site, p.title, p.description, p.terms, p.code, p.start, p.end, p.tracking, p.countries.join(" ")];
    rows.push(cells.map(csvCell).join(","));
  }
  return Buffer.from(`${rows.join("\r\n")}\r\n`);
}

/**
 * @param {{ port?: number }} [options]
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void>, setFeed: (key: string, feed: any) => void }>}
 */
export async function startFakeNetworks({ port = 0 } = {}) {
  /** @type {Map<string, Feed>} */
  const feeds = new Map();

  /** @param {string} key @param {any} body */
  function setFeed(key, body) {
    const promotions = body.generate ? generatePromotions({ ...body.generate, kind: body.kind }) : (body.promotions ?? []);
    feeds.set(key, {
      kind: body.kind,
      account: String(body.account ?? ""),
      credentials: String(body.credentials ?? ""),
      pageSize: body.pageSize,
      promotions,
      faults: {},
      served: 0,
      tokens: new Set(),
    });
  }

  /** A fault for this page, if any (429 and 500 strike once each). @returns {[number, Record<string, string>] | null} */
  function fault(/** @type {Feed} */ feed, /** @type {number} */ page) {
    const f = feed.faults;
    if (f.failFromPage && page >= f.failFromPage) return [500, { "retry-after": "0" }];
    if (f.rateLimitOnPage === page) {
      delete f.rateLimitOnPage;
      return [429, { "retry-after": String(f.retryAfter ?? 1) }];
    }
    if (f.status500OnPage === page) {
      delete f.status500OnPage;
      return [500, {}];
    }
    return null;
  }

  /** @param {http.IncomingMessage} req */
  const readBody = (req) =>
    new Promise((resolve) => {
      const parts = /** @type {Buffer[]} */ ([]);
      req.on("data", (c) => parts.push(c));
      req.on("end", () => resolve(Buffer.concat(parts).toString("utf8")));
    });

  /** @param {http.ServerResponse} res @param {number} status @param {string | Buffer} body @param {Record<string, string>} [headers] */
  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, headers);
    res.end(body);
  };

  /** @param {Feed} feed @param {number} page @param {number} size */
  const slice = (feed, page, size) => feed.promotions.slice((page - 1) * size, page * size);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = /** @type {string} */ (await readBody(req));
    const control = /^\/__fake\/feeds\/([\w-]+)(\/faults|\/requests)?$/.exec(url.pathname);
    if (control) {
      const [, key, sub] = control;
      if (!sub && req.method === "POST") {
        setFeed(key ?? "", JSON.parse(body));
        return send(res, 200, JSON.stringify({ key, count: feeds.get(key ?? "")?.promotions.length }), { "content-type": "application/json" });
      }
      const feed = feeds.get(key ?? "");
      if (!feed) return send(res, 404, "no such feed");
      if (sub === "/faults") {
        feed.faults = JSON.parse(body || "{}");
        return send(res, 200, "{}", { "content-type": "application/json" });
      }
      return send(res, 200, JSON.stringify({ served: feed.served }), { "content-type": "application/json" });
    }
    const [, key = "", ...rest] = url.pathname.split("/");
    const feed = feeds.get(key);
    if (!feed) return send(res, 404, "no such feed");
    feed.served++;
    const path = `/${rest.join("/")}`;
    const auth = req.headers.authorization ?? "";
    const bearer = auth.startsWith("Bearer ") ? auth.slice(7) : "";

    if (feed.kind === "awin" && req.method === "POST" && path === `/publisher/${feed.account}/promotions`) {
      if (bearer !== feed.credentials) return send(res, 401, '{"error":"Unauthorized"}');
      const { pagination = {} } = JSON.parse(body || "{}");
      const page = Number(pagination.page ?? 1);
      const size = Math.min(Number(pagination.pageSize ?? 10), feed.pageSize ?? 1000);
      const hit = fault(feed, page);
      if (hit) return send(res, hit[0], '{"error":"fault"}', hit[1]);
      const data = slice(feed, page, size).map(awinItem);
      return send(res, 200, JSON.stringify({ data, pagination: { page, pageSize: size, total: feed.promotions.length } }), {
        "content-type": "application/json",
      });
    }
    if (feed.kind === "impact" && req.method === "GET" && path === `/Mediapartners/${feed.account}/Ads`) {
      if (auth !== `Basic ${Buffer.from(`${feed.account}:${feed.credentials}`).toString("base64")}`) return send(res, 401, "Unauthorized");
      if (url.searchParams.get("Type") !== "COUPON") return send(res, 400, "Type=COUPON expected");
      const page = Number(url.searchParams.get("Page") ?? 1);
      const size = Math.min(Number(url.searchParams.get("PageSize") ?? 1000), feed.pageSize ?? 1000);
      const hit = fault(feed, page);
      if (hit) return send(res, hit[0], "fault", hit[1]);
      const ads = slice(feed, page, size).map(impactAd);
      const pages = Math.max(1, Math.ceil(feed.promotions.length / size));
      if (!(req.headers.accept ?? "").includes("application/json")) {
        const xml = `<?xml version="1.0" encoding="UTF-8"?><ImpactRadiusResponse><Ads page="${page}" numpages="${pages}">${ads.map((a) => `<Ad><Id>${xmlEscape(a.Id)}</Id></Ad>`).join("")}</Ads></ImpactRadiusResponse>`;
        return send(res, 200, xml, { "content-type": "application/xml" });
      }
      const next = page < pages ? `/Mediapartners/${feed.account}/Ads?Type=COUPON&PageSize=${size}&Page=${page + 1}` : "";
      return send(
        res,
        200,
        JSON.stringify({
          "@page": String(page),
          "@numpages": String(pages),
          "@pagesize": String(size),
          "@total": String(feed.promotions.length),
          "@nextpageuri": next,
          Ads: ads,
        }),
        {
          "content-type": "application/json",
        },
      );
    }
    if (feed.kind === "cj" && req.method === "GET" && path === "/v2/link-search") {
      if (bearer !== feed.credentials) return send(res, 401, "<cj-api><error-message>Not Authorized</error-message></cj-api>");
      if (url.searchParams.get("website-id") !== feed.account) return send(res, 400, "<cj-api><error-message>website-id</error-message></cj-api>");
      const page = Number(url.searchParams.get("page-number") ?? 1);
      const size = Math.min(Number(url.searchParams.get("records-per-page") ?? 50), 100, feed.pageSize ?? 100);
      const hit = fault(feed, page);
      if (hit) return send(res, hit[0], "<cj-api><error-message>fault</error-message></cj-api>", hit[1]);
      const links = slice(feed, page, size);
      const xml = `<?xml version="1.0" encoding="UTF-8"?><cj-api><links total-matched="${feed.promotions.length}" records-returned="${links.length}" page-number="${page}">${links.map(cjLink).join("")}</links></cj-api>`;
      return send(res, 200, xml, { "content-type": "application/xml" });
    }
    if (feed.kind === "rakuten" && req.method === "POST" && path === "/token") {
      if (bearer !== Buffer.from(feed.credentials).toString("base64") || new URLSearchParams(body).get("scope") !== feed.account)
        return send(res, 401, '{"error":"invalid_client"}');
      const token = createHash("sha256").update(`${Math.random()}`).digest("hex");
      feed.tokens.add(token);
      return send(res, 200, JSON.stringify({ access_token: token, token_type: "bearer", expires_in: 3600 }), { "content-type": "application/json" });
    }
    if (feed.kind === "rakuten" && req.method === "GET" && path === "/coupon/1.0") {
      if (!feed.tokens.has(bearer)) return send(res, 401, "<fault><errorcode>900902</errorcode><errorstring>Missing Credentials</errorstring></fault>");
      const page = Number(url.searchParams.get("pagenumber") ?? 1);
      const size = Math.min(Number(url.searchParams.get("resultsperpage") ?? 100), 500, feed.pageSize ?? 500);
      const hit = fault(feed, page);
      if (hit) return send(res, hit[0], "<fault><errorstring>fault</errorstring></fault>", hit[1]);
      const links = slice(feed, page, size);
      const pages = Math.max(1, Math.ceil(feed.promotions.length / size));
      const xml = `<?xml version="1.0" encoding="UTF-8"?><couponfeed><TotalMatches>${feed.promotions.length}</TotalMatches><TotalPages>${pages}</TotalPages><PageNumberRequested>${page}</PageNumberRequested>${links.map(rakutenLink).join("")}</couponfeed>`;
      return send(res, 200, xml, { "content-type": "application/xml" });
    }
    const csvPath = feed.kind === "awin_csv" ? `/export-promotions/${feed.account}/${encodeURIComponent(feed.credentials)}` : "/feed.csv";
    if ((feed.kind === "awin_csv" || feed.kind === "csv") && req.method === "GET" && path === csvPath) {
      if (feed.kind === "csv" && feed.credentials && bearer !== feed.credentials) return send(res, 401, "Unauthorized");
      // Built once per feed, as a network serves a file it exported: every page's range of it is then as cheap as a file server's.
      feed.file ??= csvFile(feed);
      const file = feed.file;
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
      // A CSV "page" for faults: the first request is page 1, each ranged one the next.
      const page = range ? 2 : 1;
      const hit = fault(feed, page);
      if (hit) return send(res, hit[0], "fault", hit[1]);
      if (!range) return send(res, 200, file, { "content-type": "text/csv; charset=utf-8", "accept-ranges": "bytes" });
      const from = Number(range[1]);
      if (from >= file.length) return send(res, 416, "", { "content-range": `bytes */${file.length}` });
      return send(res, 206, file.subarray(from), {
        "content-type": "text/csv; charset=utf-8",
        "content-range": `bytes ${from}-${file.length - 1}/${file.length}`,
      });
    }
    send(res, 404, "not found");
  });

  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    setFeed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
