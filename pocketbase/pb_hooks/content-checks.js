/// <reference path="../pb_data/types.d.ts" />
// Shared by content.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does
// not load it as hooks of its own; handlers run in isolated contexts and `require` it).
// Each check answers the field it is about and a message an editor can act on, or null.

const { PARTNER_URL, clickDomainList, hostInDomains, partnerUrlHost, websiteDomain } = require(`${__hooks}/rules.js`);
const reviewFields = require(`${__hooks}/review-fields.js`);

const MESSAGES = {
  validation_ends_before_start: "The offer would end before it starts: set “expires at” later than “starts at”.",
  validation_coupon_needs_code_or_url: "A coupon needs a coupon code or a partner URL (cta url), or visitors have nothing to use.",
  validation_partner_url: "A partner URL must start with https:// and name a real site, for example https://shop.example.com/deal.",
  validation_country_urls:
    'Country URLs (cta urls) map a country code to a partner URL, for example {"DE": "https://shop.example.de/deal"}: two capital letters each, of a country the offers list knows, and https:// addresses.',
  validation_store_needs_action_url: "This store has offers: set its default action URL, where its buttons lead when an offer has no link of its own.",
  validation_partner_host:
    "This link's site is not one the site may send visitors to: /goto leads only to a store's website (and its subdomains) or an affiliate network's click domains. Set the store's website to that site, add the host to its network's click domains (affiliate_networks), or use a link on one of those sites.",
  ...reviewFields.MESSAGES,
};

/**
 * The domains /goto may lead into (the redirect-host rule, rules.js): every store's website
 * and every network's click domains, read in two small queries; the record's own website
 * too, when it is a store saved with a new one.
 */
function trustedDomains(app, record) {
  const rows = arrayOf(new DynamicModel({ text: "" }));
  app.db().newQuery("SELECT website AS text FROM _zdata_stores UNION ALL SELECT click_domains AS text FROM affiliate_networks").all(rows);
  const domains = [];
  for (const row of rows) {
    const website = websiteDomain(row.text);
    if (website) domains.push(website);
    else domains.push(...clickDomainList(row.text));
  }
  if (record.collection().name === "_zdata_stores") domains.push(websiteDomain(record.getString("website")));
  return domains;
}

/** The fields holding partner URLs whose host is outside the trusted domains. */
function untrustedHosts(app, record, fields) {
  const urls = fields
    .map((field) => [field, record.getString(field)])
    .concat(Object.values(countryUrlMap(record)).map((url) => ["cta_urls", url]))
    .filter(([, url]) => partnerUrlHost(url));
  if (urls.length === 0) return [];
  const domains = trustedDomains(app, record);
  return urls.filter(([, url]) => !hostInDomains(partnerUrlHost(url), domains)).map(([field]) => [field, "validation_partner_host"]);
}

/** PocketBase's date text ("2026-11-23 10:00:00.000Z") as milliseconds; NaN when empty. */
function time(record, field) {
  const text = record.getString(field);
  return text ? Date.parse(text.replace(" ", "T")) : Number.NaN;
}

function partnerUrl(record, field) {
  const url = record.getString(field);
  return url && !PARTNER_URL.test(url) ? [field, "validation_partner_url"] : null;
}

/** An offer's `cta_urls` as written: an object, or null when empty or not JSON. */
function countryUrlJson(record) {
  if (record.collection().name !== "_zdata_offers") return null;
  const raw = record.getString("cta_urls");
  if (!raw || raw === "null") return null;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The URLs of `cta_urls` that are strings (for the host rule; the shape is countryUrls' check). */
function countryUrlMap(record) {
  const urls = countryUrlJson(record);
  if (typeof urls !== "object" || urls === null || Array.isArray(urls)) return {};
  const strings = {};
  for (const [country, url] of Object.entries(urls)) if (typeof url === "string") strings[country] = url;
  return strings;
}

/** `cta_urls` (issue 36): a JSON object from a country code the `countries` choices know to
 * a partner URL; empty means none. */
function countryUrls(record) {
  const urls = countryUrlJson(record);
  if (urls === null) return null;
  if (urls === undefined) return ["cta_urls", "validation_country_urls"];
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
  _zdata_offers: (record, app) => [
    time(record, "expires_at") <= time(record, "starts_at") ? ["expires_at", "validation_ends_before_start"] : null,
    record.getString("type") === "coupon" && !record.getString("coupon_code").trim() && !record.getString("cta_url")
      ? ["coupon_code", "validation_coupon_needs_code_or_url"]
      : null,
    partnerUrl(record, "cta_url"),
    countryUrls(record),
    ...untrustedHosts(app, record, ["cta_url"]),
  ],
  _zdata_stores: (record, app) => [
    partnerUrl(record, "default_action_url"),
    !record.isNew() && !record.getString("default_action_url") && hasOffers(app, record.id)
      ? ["default_action_url", "validation_store_needs_action_url"]
      : null,
    ...untrustedHosts(app, record, ["default_action_url"]),
  ],
  Products: (record, app) => [partnerUrl(record, "cta_url"), ...untrustedHosts(app, record, ["cta_url"]), reviewFields.specsProblem(record)],
  // Issue 53: the rows of a comparison's table.
  _zdata_comparisons: (record) => [reviewFields.rowsProblem(record)],
  _zdata_banners: (record, app) => [partnerUrl(record, "url"), ...untrustedHosts(app, record, ["url"])],
};

function hasOffers(app, storeId) {
  return app.findRecordsByFilter("_zdata_offers", "store = {:store}", "", 1, 0, { store: storeId }).length > 0;
}

/**
 * PocketBase's own field errors (required, lengths, patterns) from the error its validation
 * threw, as { field: message }; null when it is not a validation error.
 */
function fieldErrorsOf(error) {
  try {
    const errors = JSON.parse(JSON.stringify(error.value));
    if (typeof errors !== "object" || errors === null || Array.isArray(errors) || Object.keys(errors).length === 0) return null;
    for (const message of Object.values(errors)) if (typeof message !== "string") return null;
    return errors;
  } catch {
    return null;
  }
}

/**
 * Validates a record about to be saved: PocketBase's own checks (`next`) and ours, all at
 * once, so an editor sees every field's problem in one round. Throws a 400 naming each
 * field the way PocketBase reports its own errors, so the admin UI shows each message under
 * its field.
 * @param {core.App} app @param {core.Record} record @param {() => void} next
 */
function validate(app, record, next) {
  let own = {};
  try {
    next();
  } catch (error) {
    own = fieldErrorsOf(error);
    if (!own) throw error;
  }
  const data = {};
  const messages = [];
  // Ours first: where both speak of a field, ours says what to do about it.
  for (const [field, code] of CHECKS[record.collection().name](record, app).filter(Boolean)) {
    if (data[field]) continue;
    data[field] = new ValidationError(code, MESSAGES[code]);
    messages.push(MESSAGES[code]);
  }
  for (const [field, message] of Object.entries(own)) {
    if (data[field]) continue;
    data[field] = new ValidationError("validation_invalid_value", message);
    messages.push(`${field}: ${message}`);
  }
  if (messages.length > 0) throw new BadRequestError(messages.join(" "), data);
}

module.exports = { CHECKED_COLLECTIONS: Object.keys(CHECKS), validate: validate };
