/// <reference path="../pb_data/types.d.ts" />
// `status` is required (pb_migrations/1767225900_published_status.js, 1767226800_editorial_status.js),
// and the admin UI marks it so, while its help said a new record could leave it empty
// (issue 51). The rule stays: every record says whether it is live. The help now agrees.
// (A record created through the API without one still starts as a draft: pb_hooks/content.pb.js.)

const STATUS = "Required. draft: shown nowhere, until the record is ready. published: live within 10 s. archived: taken off the site, kept.";
const BEFORE = "draft: shown nowhere (a new record left empty starts so). published: live within 10 s. archived: taken off the site, kept.";
const COLLECTIONS = ["_zdata_offers", "_zdata_stores", "Products", "_zdata_comparisons", "_zdata_advertorials", "_zdata_articles"];

/** Sets every `status` field's help text to `text`. */
function setHelp(app, text) {
  for (const name of COLLECTIONS) {
    const collection = app.findCollectionByNameOrId(name);
    collection.fields.getByName("status").help = text;
    app.save(collection);
  }
}

migrate(
  (app) => setHelp(app, STATUS),
  (app) => setHelp(app, BEFORE),
);
