/// <reference path="../pb_data/types.d.ts" />
// Publication status of blog articles and products (spec section 4: "Article and product
// carry a status field"). The values and what each one means:
//
//   draft      being written; visible to superusers (the admin UI) only
//   published  public: listed, readable by id, expandable from other records
//   archived   withdrawn but kept; hidden like a draft
//
// The public list and view rules admit published records only, so a draft cannot leak
// through any read path: a list, a view by id, a filter, or an expand from a comparison,
// an advertorial or an article (PocketBase checks the related collection's view rule when
// expanding). Queries in src/data therefore do not repeat the condition.
// Every record must carry one of the values, so none sits in an undefined state.

migrate(
  (app) => {
    for (const name of ["_zdata_articles", "Products"]) {
      const collection = app.findCollectionByNameOrId(name);
      const status = collection.fields.getByName("status");
      status.values = ["draft", "published", "archived"];
      status.maxSelect = 1;
      status.required = true;
      collection.listRule = 'status = "published"';
      collection.viewRule = 'status = "published"';
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ["_zdata_articles", "Products"]) {
      const collection = app.findCollectionByNameOrId(name);
      collection.fields.getByName("status").required = false;
      collection.listRule = "";
      collection.viewRule = "";
      app.save(collection);
    }
  },
);
