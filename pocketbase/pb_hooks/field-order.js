/// <reference path="../pb_data/types.d.ts" />
// The order of a content collection's fields in the admin UI's record forms (issue 51,
// docs/editors.md): the order an editor fills them in. Shared by the migration that first put
// the fields so (pb_migrations/1767227410_editor_field_order.js) and by the hook that keeps
// them so whenever a collection is saved (field-order.pb.js), so a field a later migration
// adds takes its place too instead of landing after the counters. A CommonJS module, not a
// .pb.js file: PocketBase does not load it as hooks of its own.

// An editorial page's byline, where it is listed, when, and its search-engine fields (articles
// have no stores: a name a collection lacks is passed over).
const EDITORIAL_TAIL = [
  "authors",
  "categories",
  "tags",
  "stores",
  "publish_time",
  "revision_note",
  "is_featured",
  "meta_title",
  "meta_keywords",
  "meta_description",
];

// What the record is and where it belongs, its text, its links, images and labels, where it
// is listed, when, its search-engine fields. A field not named keeps its place among these.
const LEAD = {
  _zdata_offers: [
    "store",
    "heading",
    "subheading",
    "type",
    "coupon_code",
    "cta_label",
    "cta_url",
    "cta_trigger",
    "countries",
    "cta_urls",
    "tnc",
    "thumbnail",
    "badges",
    "badge",
    "is_featured",
    "categories",
    "headline",
    "description",
    "starts_at",
    "expires_at",
    "verified_at",
    "rating",
    "review_count",
  ],
  _zdata_stores: [
    "title",
    "slug",
    "subheading",
    "logo",
    "banner_image",
    "summery",
    "description",
    "category_ids",
    "website",
    "default_action_url",
    "default_action_text",
    "badge",
    "rating",
    "reviewers",
    "rating_source",
    "keypoints",
    "is_featured_store",
    "is_featured",
    "meta_title",
    "meta_keyword",
    "meta_description",
  ],
  Products: [
    "name",
    "brand",
    "headline",
    "summary",
    "description",
    "pros",
    "cons",
    "specs",
    "featured_image",
    "images",
    "primary_category",
    "categories",
    "tags",
    "cta_label",
    "cta_url",
    "cta_trigger",
    "price",
    "price_currency",
    "coupon_offer",
    "offers",
    "rating",
    "review_count",
    "rating_source",
  ],
  _zdata_comparisons: [
    "title",
    "subtitle",
    "featured_image",
    "banner_image",
    "intro",
    "primary_product",
    "primary_product_badges",
    "primary_product_cardtype",
    "secondery_product",
    "secondery_product_badges",
    "secondery_product_cardtype",
    "products",
    "comparison_rows",
    "outro",
    "cta_label",
    ...EDITORIAL_TAIL,
  ],
  _zdata_advertorials: [
    "title",
    "subtitle",
    "summary",
    "featured_image",
    "banner_image",
    "show_overview",
    "products",
    "show_offers",
    "description",
    "conclusion",
    ...EDITORIAL_TAIL,
  ],
  _zdata_articles: ["title", "slug", "summary", "featured_image", "banner_image", "content", "product", "product_cardtype", "offers", ...EDITORIAL_TAIL],
};

/** After what an editor fills: publishing, then what PocketBase and the site set. */
const LAST = ["status", "revised_at", "create_time", "update_time", "worked_count", "failed_count", "click_count", "view_count"];

/** Puts `collection`'s fields in the editors' order (moved by id: no column changes); answers
 * whether anything moved. Collections not named here are left alone. */
function orderFields(collection) {
  const lead = LEAD[collection.name];
  if (!lead) return false;
  const names = collection.fields.fieldNames();
  const placed = new Set(["id", ...lead, ...LAST]);
  const present = (list) => list.filter((field) => names.includes(field));
  const wanted = ["id", ...present(lead), ...names.filter((field) => !placed.has(field)), ...present(LAST)];
  if (wanted.every((field, position) => names[position] === field)) return false;
  for (const [position, field] of wanted.entries()) collection.fields.addAt(position, collection.fields.getByName(field));
  return true;
}

module.exports = { COLLECTIONS: Object.keys(LEAD), orderFields };
