// The rules the Worker and PocketBase's hooks both apply (issue 47, docs/decisions/049):
// written once, here. The hooks `require` this file; the Worker imports it through
// src/lib/rules.ts, which adds the types. A CommonJS module without PocketBase's globals
// (not a .pb.js file, so PocketBase does not load it as hooks of its own), so Node's tests
// load it too. It runs in PocketBase's JavaScript engine (goja): no URL, no Intl.

/** The spec's nine tracking keys (section 3), in the order the site stores them. */
const TRACKING_KEYS = /** @type {const} */ (["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"]);

/** A conversion's status, as networks report it (docs/reports.md). */
const CONVERSION_STATUSES = /** @type {const} */ (["pending", "approved", "reversed"]);

/** The editorial status of the six collections with one (docs/editors.md). */
const EDITORIAL_STATUSES = /** @type {const} */ (["draft", "published", "archived"]);
const STATUS_COLLECTIONS = ["_zdata_articles", "Products", "_zdata_stores", "_zdata_offers", "_zdata_comparisons", "_zdata_advertorials"];

/** What the report can group by (src/lib/report.ts names them, pb_hooks/reports.js sums them). */
const REPORT_GROUPS = /** @type {const} */ (["day", "campaign", "source", "medium", "store", "offer", "country", "device", "network", "link"]);

/** What daily_clicks sums clicks by (pb_migrations/1767226600_daily_clicks.js): one row per day and combination. */
const DAILY_DIMENSIONS = /** @type {const} */ ([
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "store",
  "offer",
  "country",
  "device",
  "target_host",
  "short_link",
]);

/** The characters a campaign value is made of (src/lib/tracking.ts cleans values down to
 * them; a short link's values must already be made of them). A regular expression class body. */
const TRACKING_VALUE_CHARACTERS = "A-Za-z0-9\\-._~+:/@!$()*,| ";

/**
 * Longest values, in characters, of what the edge accepts and PocketBase stores: the edge
 * refuses what the field could not hold (a postback answered OK must be storable), and a
 * Worker test holds PocketBase's schema to these numbers.
 */
const LIMITS = {
  /** A network's click id (our UUIDv7s are 36; networks' sub-id slots hold up to 64). */
  click_id: 64,
  /** A network's transaction id. */
  txid: 128,
  /** A postback's event name. */
  event: 100,
  /** One tracking value (gclid and fbclid run to about 100). */
  tracking_value: 200,
  /** A partner URL as written, and the path of the page a click came from. */
  url: 2000,
  /** A DNS host name. */
  host: 253,
  /** A network's click domains, comma separated. */
  click_domains: 2000,
  /** An imported offer's heading (plain text), and its description and terms (sanitized HTML). */
  feed_heading: 200,
  feed_text: 5000,
  /** A coupon code (the offers' coupon_code field holds 100). */
  coupon_code: 100,
  /** A network's ids of a promotion and of an advertiser. */
  promotion_id: 200,
  advertiser_id: 100,
  /** An editor's CSV upload at /admin/imports, in bytes (pb_migrations/1767227101_feed_uploads.js holds the same). */
  feed_upload_bytes: 10 * 1024 * 1024,
  /** A short link's slug (docs/links.md). */
  slug: 50,
};

/** The feeds an affiliate network's promotions can come from (docs/feeds.md). */
const FEED_KINDS = /** @type {const} */ (["awin", "awin_csv", "impact", "cj", "rakuten", "csv"]);

/**
 * Email to subscribers (docs/email.md): a subscriber's status and digest choice, the kinds of
 * message and the states of a send in the log (pb_migrations/1767227300_subscribers.js holds
 * the same values), and the timings both the Worker and the mail routes apply.
 */
const SUBSCRIBER_STATUSES = /** @type {const} */ (["pending", "active", "unsubscribed", "bounced"]);
const DIGEST_CHOICES = /** @type {const} */ (["weekly", "daily", "none"]);
const MAIL_KINDS = /** @type {const} */ (["confirmation", "alert", "digest", "notice"]);
const MAIL_SEND_STATUSES = /** @type {const} */ (["sending", "sent", "failed", "skipped"]);
const MAIL_TIMING = {
  /** A confirmation link works this many days. */
  confirm_days: 7,
  /** What is not confirmed this many days after its confirmation email is deleted. */
  pending_days: 30,
  /** At most one store alert per subscriber in this many hours. */
  alert_gap_hours: 4,
  /** A confirmation email sent again for the same requests waits this many minutes. */
  confirmation_gap_minutes: 10,
  /** At most this many confirmation emails to one address a day, whatever is asked. */
  confirmations_per_day: 5,
};

/**
 * How long PocketBase keeps raw events (docs/operations.md): EVENTS_KEEP_DAYS, in days.
 * The default outlasts every network's attribution window; the least is past the longest
 * an event can still arrive (14 days in the dead-letter queue), so a day's sums are final
 * before its events go. The archive in R2 keeps them for the 24 months the privacy policy
 * says.
 */
const EVENTS_KEEP_DAYS = { default: 400, least: 30 };

/** ISO 3166-1 alpha-2: the countries offers may be limited to, and the admin UI's choices. */
const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

/**
 * The redirect-host rule (ARCHITECTURE rule 6): /goto leads only to a host inside one of the
 * trusted domains, that is the stores' website domains, the networks' click domains and the
 * operator's ALLOWED_REDIRECT_HOSTS. A domain covers its subdomains ("example.com" covers
 * "go.example.com"); a leading "www." of a store's website is dropped, so the store's other
 * subdomains count too. `host` is a lower-case host name as the URL parser writes it.
 * @param {string} host @param {readonly string[]} domains
 */
function hostInDomains(host, domains) {
  for (let i = 0; i < domains.length; i++) {
    const domain = domains[i];
    if (domain && (host === domain || host.slice(-domain.length - 1) === `.${domain}`)) return true;
  }
  return false;
}

/** The domains a list of click domains names ("awin1.com, sjv.io"), lower case, dots trimmed.
 * @param {unknown} text @returns {string[]} */
function clickDomainList(text) {
  const domains = [];
  const parts = String(text || "").split(/[\s,]+/);
  for (let i = 0; i < parts.length; i++) {
    const domain = String(parts[i])
      .toLowerCase()
      .replace(/^\.+|\.+$/g, "");
    if (domain) domains.push(domain);
  }
  return domains;
}

/**
 * https, then a host of at least two dot-separated labels ending in a letters-only (or
 * punycode) top-level label, an optional port, then the path, query or end. No user info
 * ("https://shop.example@evil.example"), no IP address, no "localhost". Macros such as
 * {utm_source} may follow in the path and query, never in the host. The host is group 1.
 */
const PARTNER_URL = /^https:\/\/((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59}))(?::\d{1,5})?(?:[/?#]|$)/i;

/** The host of a partner URL written as the content checks accept it, lower case; "" when it is not one.
 * @param {unknown} url @returns {string} */
function partnerUrlHost(url) {
  const match = PARTNER_URL.exec(String(url || ""));
  return match ? String(match[1]).toLowerCase() : "";
}

/** The domain a store's website gives (its host without a leading "www."); "" without one.
 * @param {unknown} url @returns {string} */
function websiteDomain(url) {
  const match = /^https?:\/\/([^/?#:@\s]+)/i.exec(String(url || "").trim());
  return match
    ? String(match[1])
        .toLowerCase()
        .replace(/^www\./, "")
        .replace(/\.+$/, "")
    : "";
}

/**
 * Marketers' short links (docs/links.md, docs/decisions/064): the campaign values a link
 * carries (the first five tracking keys), its slug's form (3 to 50 letters, digits, "-" or
 * "_", starting and ending with a letter or digit; compared without regard to case), the
 * words no slug may be, and the random slugs made for links given none (no 0/o, 1/l/i).
 */
const SHORT_LINK = {
  values: /** @type {const} */ (["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]),
  slug: /^[A-Za-z0-9][A-Za-z0-9_-]{1,48}[A-Za-z0-9]$/,
  reserved: [
    "admin",
    "api",
    "app",
    "build",
    "dealpilot",
    "delete",
    "edit",
    "goto",
    "help",
    "l",
    "link",
    "links",
    "login",
    "new",
    "postback",
    "qr",
    "settings",
    "sign-in",
    "sign-out",
    "static",
    "support",
    "www",
  ],
  randomLength: 7,
  randomAlphabet: "23456789abcdefghjkmnpqrstuvwxyz",
};

/**
 * An event's links to the records it was about, by field, and their collections. A record
 * deleted before the event is stored leaves the event without that link, never without the
 * event: the queue's consumer (src/edge/events/events-consumer.ts) and the archive's replay
 * (ops.js) both store it so.
 */
const EVENT_LINKS = /** @type {const} */ ({ offer: "_zdata_offers", store: "_zdata_stores", product: "Products" });

/** The site's routes that are not pages a visitor is sent to: a short link never leads there. */
const NOT_PAGES = ["/l/", "/goto", "/admin", "/api/", "/postback/", "/events/", "/_cache/", "/build/"];

/**
 * Why a short link's destination is not a page of this site, or "" when it is one: a path
 * starting with one "/" (never "//" or "/\\", which browsers read as another host), of
 * printable ASCII without spaces or backslashes (the browser's own form of an address),
 * outside NOT_PAGES, and without campaign values in its query (they belong in the link's
 * fields, and pages never see them). The code names the problem; docs/links.md says each.
 * @param {unknown} value @returns {"" | "not_a_path" | "not_a_page" | "has_campaign_values"}
 */
function sitePathProblem(value) {
  const path = typeof value === "string" ? value : "";
  if (path.length > LIMITS.url || !/^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/.test(path)) return "not_a_path";
  const bare = (path.split(/[?#]/)[0] || "").toLowerCase();
  for (const page of NOT_PAGES) {
    const route = page.replace(/\/$/, "");
    if (bare === route || bare.indexOf(`${route}/`) === 0) return "not_a_page";
  }
  const query = path.indexOf("?") === -1 ? "" : path.slice(path.indexOf("?") + 1).split("#")[0] || "";
  const names = query.split("&").map((pair) => (pair.split("=")[0] || "").toLowerCase());
  for (const key of TRACKING_KEYS) if (names.indexOf(key) !== -1) return "has_campaign_values";
  return "";
}

module.exports = {
  TRACKING_KEYS: TRACKING_KEYS,
  CONVERSION_STATUSES: CONVERSION_STATUSES,
  EDITORIAL_STATUSES: EDITORIAL_STATUSES,
  STATUS_COLLECTIONS: STATUS_COLLECTIONS,
  REPORT_GROUPS: REPORT_GROUPS,
  DAILY_DIMENSIONS: DAILY_DIMENSIONS,
  TRACKING_VALUE_CHARACTERS: TRACKING_VALUE_CHARACTERS,
  LIMITS: LIMITS,
  FEED_KINDS: FEED_KINDS,
  SUBSCRIBER_STATUSES: SUBSCRIBER_STATUSES,
  DIGEST_CHOICES: DIGEST_CHOICES,
  MAIL_KINDS: MAIL_KINDS,
  MAIL_SEND_STATUSES: MAIL_SEND_STATUSES,
  MAIL_TIMING: MAIL_TIMING,
  EVENTS_KEEP_DAYS: EVENTS_KEEP_DAYS,
  EVENT_LINKS: EVENT_LINKS,
  COUNTRY_CODES: COUNTRY_CODES,
  PARTNER_URL: PARTNER_URL,
  hostInDomains: hostInDomains,
  clickDomainList: clickDomainList,
  partnerUrlHost: partnerUrlHost,
  websiteDomain: websiteDomain,
  SHORT_LINK: SHORT_LINK,
  sitePathProblem: sitePathProblem,
};
