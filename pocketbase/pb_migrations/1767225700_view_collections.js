/// <reference path="../pb_data/types.d.ts" />
// Read-only view collections (PocketBase infers the field types from the selected
// columns; columns taken directly from a collection keep their field definition, so
// relations stay expandable and file fields stay file fields).

migrate(
  (app) => {
    // One row per category with the number of stores listing it in category_ids
    // (a multi relation, stored as a JSON array of ids). Categories with no store
    // appear with total 0.
    app.save(
      new Collection({
        type: "view",
        name: "_zsec_store_filters",
        listRule: "",
        viewRule: "",
        viewQuery: `
          SELECT
            c.id AS id,
            c.title AS title,
            COUNT(sc.store_id) AS total
          FROM _zdata_categories c
          LEFT JOIN (
            SELECT s.id AS store_id, je.value AS category_id
            FROM _zdata_stores s, json_each(CASE WHEN json_valid(s.category_ids) THEN s.category_ids ELSE '[]' END) je
          ) sc ON sc.category_id = c.id
          GROUP BY c.id, c.title
        `,
      }),
    );

    // The 50 most clicked deals (ties broken by id so the order is stable).
    app.save(
      new Collection({
        type: "view",
        name: "_zsec_top_deals",
        listRule: "",
        viewRule: "",
        viewQuery: `
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
            o.click_count
          FROM _zdata_offers o
          WHERE o.type = 'deal'
          ORDER BY o.click_count DESC, o.id ASC
          LIMIT 50
        `,
      }),
    );
  },
  (app) => {
    for (const name of ["_zsec_top_deals", "_zsec_store_filters"]) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
