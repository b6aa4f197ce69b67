/// <reference path="../pb_data/types.d.ts" />
// The record forms of the admin UI list a collection's fields in the order of its `fields`
// (issue 51): the offer form showed four counters before the type and the code, and the
// store near the end. Each content collection's fields go in the order an editor fills
// them: what the record is and where it belongs, its text, its links, images and labels,
// where it is listed, when, its search-engine fields, then `status` (publishing comes
// last), then what nobody types: the times PocketBase sets and the counters the site
// raises. Moving a field keeps its id, so no column or value changes. A field not named
// here (one added later) keeps its place among the others, before `status`.

const ORDER = {
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
    "outro",
    "cta_label",
    "authors",
    "categories",
    "tags",
    "stores",
    "publish_time",
    "is_featured",
    "meta_title",
    "meta_keywords",
    "meta_description",
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
    "authors",
    "categories",
    "tags",
    "stores",
    "publish_time",
    "is_featured",
    "meta_title",
    "meta_keywords",
    "meta_description",
  ],
  _zdata_articles: [
    "title",
    "slug",
    "summary",
    "featured_image",
    "banner_image",
    "content",
    "product",
    "product_cardtype",
    "offers",
    "authors",
    "categories",
    "tags",
    "publish_time",
    "is_featured",
    "meta_title",
    "meta_keywords",
    "meta_description",
  ],
};

/** After what an editor fills: publishing, then what PocketBase and the site set. */
const LAST = ["status", "create_time", "update_time", "worked_count", "failed_count", "click_count", "view_count"];

/** Puts the collection's fields in the order `lead`, its fields neither list names, `LAST`. */
function reorder(app, name, lead) {
  const collection = app.findCollectionByNameOrId(name);
  const names = collection.fields.fieldNames();
  const placed = new Set(["id", ...lead, ...LAST]);
  const present = (list) => list.filter((field) => names.includes(field));
  const wanted = ["id", ...present(lead), ...names.filter((field) => !placed.has(field)), ...present(LAST)];
  for (const [position, field] of wanted.entries()) collection.fields.addAt(position, collection.fields.getByName(field));
  app.save(collection);
}

migrate(
  (app) => {
    for (const [name, lead] of Object.entries(ORDER)) reorder(app, name, lead);
  },
  // The order matters to the admin UI's forms alone: going back leaves it.
  () => {},
);
