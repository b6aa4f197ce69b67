/// <reference path="../pb_data/types.d.ts" />
// The categories each article list has items in (issue 34, "Article-list pills"): the
// pills of /blog, /advertorials and /comparisions offer only categories with something to
// show. One row per list and category; the blog counts published articles only.

const categoryIds = (table) => `json_each(CASE WHEN json_valid(${table}.categories) THEN ${table}.categories ELSE '[]' END)`;

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "view",
        name: "_zsec_article_list_categories",
        listRule: "",
        viewRule: "",
        viewQuery: `
          SELECT (k.kind || '-' || c.id) AS id, k.kind AS kind, c.id AS category, c.title AS title
          FROM _zdata_categories c
          JOIN (
            SELECT DISTINCT 'blog' AS kind, je.value AS category_id FROM _zdata_articles a, ${categoryIds("a")} je WHERE a.status = 'published'
            UNION SELECT DISTINCT 'advertorials', je.value FROM _zdata_advertorials a, ${categoryIds("a")} je
            UNION SELECT DISTINCT 'comparisions', je.value FROM _zdata_comparisons a, ${categoryIds("a")} je
          ) k ON k.category_id = c.id
        `,
      }),
    );
  },
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId("_zsec_article_list_categories"));
    } catch (_) {
      // already gone
    }
  },
);
