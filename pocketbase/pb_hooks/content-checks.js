/// <reference path="../pb_data/types.d.ts" />
// Shared by content.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does
// not load it as hooks of its own; handlers run in isolated contexts and `require` it).
// Each check answers the field it is about and a message an editor can act on, or null.

const { PARTNER_URL } = require(`${__hooks}/rules.js`);

const MESSAGES = {
  validation_ends_before_start: "The offer would end before it starts: set “expires at” later than “starts at”.",
  validation_coupon_needs_code_or_url: "A coupon needs a coupon code or a partner URL (cta url), or visitors have nothing to use.",
  validation_partner_url: "A partner URL must start with https:// and name a real site, for example https://shop.example.com/deal.",
  validation_country_urls:
    'Country URLs (cta urls) map a country code to a partner URL, for example {"DE": "https://shop.example.de/deal"}: two capital letters each, of a country the offers list knows, and https:// addresses.',
  validation_store_needs_action_url: "This store has offers: set its default action URL, where its buttons lead when an offer has no link of its own.",
};

/** PocketBase's date text ("2026-11-23 10:00:00.000Z") as milliseconds; NaN when empty. */
function time(record, field) {
  const text = record.getString(field);
  return text ? Date.parse(text.replace(" ", "T")) : Number.NaN;
}

function partnerUrl(record, field) {
  const url = record.getString(field);
  return url && !PARTNER_URL.test(url) ? [field, "validation_partner_url"] : null;
}

/** `cta_urls` (issue 36): a JSON object from a country code the `countries` choices know to
 * a partner URL; empty means none. */
function countryUrls(record) {
  const raw = record.getString("cta_urls");
  if (!raw || raw === "null") return null;
  let urls;
  try {
    urls = JSON.parse(raw);
  } catch {
    return ["cta_urls", "validation_country_urls"];
  }
  const known = record.collection().fields.getByName("countries").values;
  const valid =
    typeof urls === "object" &&
    urls !== null &&
    !Array.isArray(urls) &&
    Object.entries(urls).every(([country, url]) => known.includes(country) && typeof url === "string" && PARTNER_URL.test(url));
  return valid ? null : ["cta_urls", "validation_country_urls"];
}

/** The problems of a record about to be saved, as [field, code] pairs (null: none). */
const CHECKS = {
  _zdata_offers: (record) => [
    time(record, "expires_at") <= time(record, "starts_at") ? ["expires_at", "validation_ends_before_start"] : null,
    record.getString("type") === "coupon" && !record.getString("coupon_code").trim() && !record.getString("cta_url")
      ? ["coupon_code", "validation_coupon_needs_code_or_url"]
      : null,
    partnerUrl(record, "cta_url"),
    countryUrls(record),
  ],
  _zdata_stores: (record, app) => [
    partnerUrl(record, "default_action_url"),
    !record.isNew() && !record.getString("default_action_url") && hasOffers(app, record.id)
      ? ["default_action_url", "validation_store_needs_action_url"]
      : null,
  ],
  Products: (record) => [partnerUrl(record, "cta_url")],
};

function hasOffers(app, storeId) {
  return app.findRecordsByFilter("_zdata_offers", "store = {:store}", "", 1, 0, { store: storeId }).length > 0;
}

/**
 * Throws a 400 naming every failed check by field, the way PocketBase reports its own
 * field errors, so the admin UI shows each message under its field.
 * @param {core.App} app @param {core.Record} record
 */
function check(app, record) {
  const problems = CHECKS[record.collection().name](record, app).filter(Boolean);
  if (problems.length === 0) return;
  const data = {};
  for (const [field, code] of problems) data[field] = new ValidationError(code, MESSAGES[code]);
  throw new BadRequestError(problems.map(([, code]) => MESSAGES[code]).join(" "), data);
}

module.exports = { CHECKED_COLLECTIONS: Object.keys(CHECKS), check: check };
