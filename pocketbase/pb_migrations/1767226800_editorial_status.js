/// <reference path="../pb_data/types.d.ts" />
// Draft and published for offers, stores, comparisons and advertorials (issue 35), as
// articles and products have had since 1767225900_published_status.js: the same three
// values (draft, published, archived), the same public rules. Archived is how an editor
// takes a record off the site: unlike an expiry, which leaves an offer public under the
// store's "Expired coupons", an archived record is shown nowhere.
//
// - An offer is public when it and its store are published: an offer of a store taken off
//   the site must not stay listed on the home page, Top Deals or search without its store.
// - Every record existing now is published (it was public before); a record created from
//   now on starts as a draft (pb_hooks/content.pb.js).
// - The views that read these collections directly in SQL (no rule applies there) keep
//   published records only: Top Deals, the store filters' counts, the article lists'
//   category pills and the cards' "Used N times today".

const STATUS_VALUES = ["draft", "published", "archived"];
const RULES = {
  _zdata_stores: 'status = "published"',
  _zdata_offers: 'status = "published" && store.status = "published"',
  _zdata_comparisons: 'status = "published"',
  _zdata_advertorials: 'status = "published"',
};

/** Published offers of published stores, as a SQL condition on `o` (the offers table). */
const PUBLIC_OFFER = "o.status = 'published' AND EXISTS (SELECT 1 FROM _zdata_stores ps WHERE ps.id = o.store AND ps.status = 'published')";
const DAY_AGO = "strftime('%Y-%m-%d %H:%M:%fZ', 'now', '-1 day')";
const categoryIds = (table) => `json_each(CASE WHEN json_valid(${table}.categories) THEN ${table}.categories ELSE '[]' END)`;

/** The view queries, before (false) and after (true) this migration. */
const views = (published) => ({
  _zsec_top_deals: `
    SELECT
      o.id,
      o.heading,
      o.subheading,
      o.rating,
      o.review_count,
      o.thumbnail,
      o.cta_label,
      o.cta_url,
      o.cta_trigger,
      o.store,
      o.badges,
      o.click_count,
      o.starts_at,
      o.expires_at,
      o.verified_at,
      o.worked_count,
      o.failed_count
    FROM _zdata_offers o
    WHERE o.type = 'deal'${published ? ` AND ${PUBLIC_OFFER}` : ""}
    ORDER BY o.click_count DESC, o.id ASC
    LIMIT 50
  `,
  _zsec_store_filters: `
    SELECT
      c.id AS id,
      c.title AS title,
      COUNT(sc.store_id) AS total
    FROM _zdata_categories c
    LEFT JOIN (
      SELECT s.id AS store_id, je.value AS category_id
      FROM _zdata_stores s, json_each(CASE WHEN json_valid(s.category_ids) THEN s.category_ids ELSE '[]' END) je${published ? "\n      WHERE s.status = 'published'" : ""}
    ) sc ON sc.category_id = c.id
    GROUP BY c.id, c.title
  `,
  _zsec_article_list_categories: `
    SELECT (k.kind || '-' || c.id) AS id, k.kind AS kind, c.id AS category, c.title AS title
    FROM _zdata_categories c
    JOIN (
      SELECT DISTINCT 'blog' AS kind, je.value AS category_id FROM _zdata_articles a, ${categoryIds("a")} je WHERE a.status = 'published'
      UNION SELECT DISTINCT 'advertorials', je.value FROM _zdata_advertorials a, ${categoryIds("a")} je${published ? " WHERE a.status = 'published'" : ""}
      UNION SELECT DISTINCT 'comparisions', je.value FROM _zdata_comparisons a, ${categoryIds("a")} je${published ? " WHERE a.status = 'published'" : ""}
    ) k ON k.category_id = c.id
  `,
  _zsec_offer_usage: `
    SELECT e.offer AS id, COUNT(*) AS used_today
    FROM outbound_events e${published ? "\n    JOIN _zdata_offers o ON o.id = e.offer" : ""}
    WHERE e.kind = 'click' AND e.counted = TRUE AND e.offer != '' AND e.event_time >= ${DAY_AGO}${published ? ` AND ${PUBLIC_OFFER}` : ""}
    GROUP BY e.offer
  `,
});

function saveViews(app, published) {
  const queries = views(published);
  for (const name of Object.keys(queries)) {
    const view = app.findCollectionByNameOrId(name);
    view.viewQuery = queries[name];
    app.save(view);
  }
}

migrate(
  (app) => {
    for (const name of Object.keys(RULES)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new SelectField({ name: "status", values: STATUS_VALUES, maxSelect: 1, required: true }));
      collection.indexes.push(`CREATE INDEX idx${name}_status ON ${name} (status)`);
      app.save(collection);
      app.db().newQuery(`UPDATE ${name} SET status = 'published'`).execute();
      const ruled = app.findCollectionByNameOrId(name);
      ruled.listRule = RULES[name];
      ruled.viewRule = RULES[name];
      app.save(ruled);
    }
    saveViews(app, true);
  },
  (app) => {
    saveViews(app, false);
    for (const name of Object.keys(RULES)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.listRule = "";
      collection.viewRule = "";
      collection.indexes = collection.indexes.filter((index) => index.indexOf(`idx${name}_status`) === -1);
      collection.fields.removeByName("status");
      app.save(collection);
    }
  },
);
