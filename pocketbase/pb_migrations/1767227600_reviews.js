/// <reference path="../pb_data/types.d.ts" />
// Software reviews people can check (issue 53, docs/reviews.md):
//
// - products gain `specs` (label → value, like a store's keypoints): the facts a comparison
//   puts side by side; comparisons gain `comparison_rows`, the spec labels their table shows;
// - authors gain `expertise`, the line their page and bylines give under their name;
// - articles, comparisons and advertorials gain `revised_at`, kept by a hook
//   (pb_hooks/revisions.js): the "Updated" date moves when what readers read changes, not on
//   a publish, a feature switch or a form saved as it was; and `revision_note`, an editor's
//   line on what changed. Records existing now take their update_time, the only trace of an
//   edit they have;
// - `_zsec_product_alternatives`: each published product with the number of other published
//   products of its primary category, for the sitemap's alternatives pages (a page with
//   fewer than three is not published; src/data/alternatives.ts holds that number).

const REVISED = ["_zdata_articles", "_zdata_comparisons", "_zdata_advertorials"];

const HELP = {
  specs:
    'Facts a comparison table puts side by side, label → value, e.g. {"Free plan": "Yes, 10 GB", "Platforms": "Windows, macOS, Android", "Money-back days": "30"}. Use the same labels for every product of a category.',
  comparison_rows:
    'The product specs this comparison\'s table shows, in order, e.g. ["Free plan", "Platforms", "Money-back days"]. Empty: the specs every compared product has.',
  expertise: 'What the author knows best, shown under their name on their page and bylines, e.g. "Privacy and security software".',
  revised_at: 'Set by the site when the text, images or products change: shown as "Updated". Not typed in; a publish or a feature switch leaves it.',
  revision_note: 'One line on what the last update changed, shown beside "Updated", e.g. "Prices checked again; Vaultly added".',
};

const ALTERNATIVES_VIEW = `
  SELECT
    p.id AS id,
    p.name AS name,
    MAX(p.update_time, MAX(o.update_time)) AS update_time,
    COUNT(o.id) AS alternatives
  FROM Products p
  JOIN Products o ON o.primary_category = p.primary_category AND o.id != p.id AND o.status = 'published'
  WHERE p.status = 'published' AND p.primary_category != ''
  GROUP BY p.id
`;

migrate(
  (app) => {
    const products = app.findCollectionByNameOrId("Products");
    products.fields.add(new JSONField({ name: "specs", maxSize: 20000, help: HELP.specs }));
    app.save(products);

    const comparisons = app.findCollectionByNameOrId("_zdata_comparisons");
    comparisons.fields.add(new JSONField({ name: "comparison_rows", maxSize: 5000, help: HELP.comparison_rows }));
    app.save(comparisons);

    const authors = app.findCollectionByNameOrId("_zdata_authors");
    authors.fields.add(new TextField({ name: "expertise", max: 200, help: HELP.expertise }));
    app.save(authors);

    for (const name of REVISED) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new DateField({ name: "revised_at", help: HELP.revised_at }));
      collection.fields.add(new TextField({ name: "revision_note", max: 300, help: HELP.revision_note }));
      app.save(collection);
      app.db().newQuery(`UPDATE ${name} SET revised_at = update_time`).execute();
    }

    app.save(new Collection({ type: "view", name: "_zsec_product_alternatives", listRule: "", viewRule: "", viewQuery: ALTERNATIVES_VIEW }));
  },
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId("_zsec_product_alternatives"));
    } catch (_) {
      // already gone
    }
    for (const name of REVISED) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName("revised_at");
      collection.fields.removeByName("revision_note");
      app.save(collection);
    }
    const removals = { Products: "specs", _zdata_comparisons: "comparison_rows", _zdata_authors: "expertise" };
    for (const [name, field] of Object.entries(removals)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName(field);
      app.save(collection);
    }
  },
);
