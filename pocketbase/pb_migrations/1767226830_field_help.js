/// <reference path="../pb_data/types.d.ts" />
// Help in the admin UI (issue 35, docs/editors.md): PocketBase 0.40 shows a field's `help`
// text under its input in the record form, so an editor reads there what a field does on
// the page. Field names stay the spec's (renaming them would break its contract), and a
// select's values are what is stored, so they are not relabelled: the help says what each
// value means. The texts are the editors' guide's, shortened.

const STATUS = "draft: shown nowhere (a new record left empty starts so). published: live within 10 s. archived: taken off the site, kept.";
const COUNTED = "Counted by the site: an edit raising it is refused.";
const RATING_SOURCE = 'Where the rating and review count come from, shown beside them ("Trustpilot, March 2026").';
const META = "For search engines only: not shown on the page.";

const HELP = {
  _zdata_offers: {
    heading: "The card's title.",
    subheading: "The line under the card's title.",
    headline: "Longer title for search results and search engines (structured data); not on the card.",
    description: "Longer text for search results and search engines; not on the card.",
    type: "coupon: a code the visitor reveals (needs a coupon code or a partner URL). deal: a link.",
    coupon_code: "The code revealed on the card.",
    cta_label: "The button's label.",
    cta_url: "Where the button leads: the partner's https:// address; {utm_source}, {click_id}… are filled in per click.",
    cta_trigger: "On: the button also pings the partner's tracking. Off: no ping.",
    tnc: "Terms shown under the card.",
    thumbnail: "The card's image.",
    is_featured: "First in lists, and among the home page's featured deals.",
    badge: "Kept for the spec's data, not shown: cards show the badges below.",
    badges: "The badges shown on the card.",
    categories: "Where it is found by category and in search.",
    store: "The store it belongs to: it shows only while that store is published.",
    starts_at: "Shown from this instant (UTC). Empty: at once.",
    expires_at: "Leaves every list at this instant (UTC), then shows 30 days under Expired coupons. Empty: open-ended.",
    verified_at: 'When someone last checked the code works (UTC): the card says "Verified N days ago" for 30 days.',
    rating: "Kept for Top Deals' data; not shown on cards.",
    review_count: "Kept for Top Deals' data; not shown on cards.",
    worked_count: COUNTED,
    failed_count: COUNTED,
    click_count: COUNTED,
    view_count: COUNTED,
    status: STATUS,
  },
  _zdata_stores: {
    title: "The store's name: page heading, cards, address, search.",
    slug: "Kept for the spec's data: addresses use the title.",
    logo: "Logo on the store page and cards.",
    banner_image: "Wide image behind the store page's header.",
    subheading: "The line under the name (store page, cards, search).",
    summery: "Rich text in the store page's header.",
    description: 'The store page\'s "About" section.',
    category_ids: "Categories it is listed under on /stores.",
    website: 'The "visit website" link under the header\'s button.',
    default_action_url: "Where the header's button leads: https://, required once the store has offers.",
    default_action_text: 'The header button\'s label ("Visit Website" when empty).',
    is_featured_store: "Listed among the home page's best stores.",
    is_featured: "Kept for the spec's data; not shown.",
    badge: "The trust badge in the store page's header.",
    rating: "Stars on the store page: your research, say where from in rating source.",
    reviewers: "Number of reviews beside the stars.",
    rating_source: RATING_SOURCE,
    keypoints: 'Label → value grid in the header, e.g. {"Founded": "2015"}.',
    meta_title: META,
    meta_keyword: META,
    meta_description: META,
    view_count: COUNTED,
    status: STATUS,
  },
  Products: { rating_source: RATING_SOURCE, status: STATUS },
  _zdata_comparisons: { status: STATUS },
  _zdata_advertorials: { status: STATUS },
  _zdata_articles: { status: STATUS },
};

/** Sets every field's help text, or clears it (`clear`), collection by collection. */
function setHelp(app, clear) {
  for (const [name, texts] of Object.entries(HELP)) {
    const collection = app.findCollectionByNameOrId(name);
    for (const [field, text] of Object.entries(texts)) collection.fields.getByName(field).help = clear ? "" : text;
    app.save(collection);
  }
}

migrate(
  (app) => setHelp(app, false),
  (app) => setHelp(app, true),
);
