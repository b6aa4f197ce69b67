/// <reference path="../pb_data/types.d.ts" />
// The content version (docs/decisions/022): one record whose `version` the hook in
// pocketbase/pb_hooks/content.pb.js raises on every change to a collection the site
// shows. The Worker reads it every few seconds and rebuilds any cached page or content read
// made under an older version. Public to read (it tells nothing but when content last
// changed); only superusers may change it through the API, the hook writes it directly.

const VERSION_RECORD = "contentversion1";

migrate(
  (app) => {
    const collection = new Collection({
      type: "base",
      name: "_zsys_content_version",
      listRule: "",
      viewRule: "",
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [{ name: "version", type: "number", required: true, onlyInt: true, min: 0 }],
    });
    app.save(collection);
    const record = new Record(collection);
    record.set("id", VERSION_RECORD);
    record.set("version", Date.now());
    app.save(record);
  },
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId("_zsys_content_version"));
    } catch (_) {
      // already gone
    }
  },
);
