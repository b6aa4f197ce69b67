/// <reference path="../pb_data/types.d.ts" />
// Where a rating comes from (issue 35, "Counters nobody types"): ratings and review counts of
// stores and products are figures from editors' research, not counted by the site, so the
// page states their source beside them ("Trustpilot, March 2026"). Shown only when set.

const RATED = ["_zdata_stores", "Products"];

migrate(
  (app) => {
    for (const name of RATED) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.add(new TextField({ name: "rating_source", max: 200 }));
      app.save(collection);
    }
  },
  (app) => {
    for (const name of RATED) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.removeByName("rating_source");
      app.save(collection);
    }
  },
);
