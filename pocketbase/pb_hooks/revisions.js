/// <reference path="../pb_data/types.d.ts" />
// Shared by content.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does not
// load it as hooks of its own; handlers run in isolated contexts and `require` it).
//
// The "Updated" date of articles, comparisons and advertorials (issue 53): `revised_at`
// moves when what a reader reads changes, and only then. PocketBase's update_time moves on
// every save (a publish, a feature switch, a form saved as it was), so it cannot say that.

/** The collections whose pages show "Published" and "Updated". */
const REVISED_COLLECTIONS = ["_zdata_articles", "_zdata_comparisons", "_zdata_advertorials"];

/** Fields whose change is not a change of the piece a reader reads: its bookkeeping, where
 * it is listed, what search engines alone see, and the revision fields themselves. Any
 * other field, a new one included, is content. */
const NOT_CONTENT = [
  "id",
  "status",
  "is_featured",
  "publish_time",
  "stores",
  "meta_title",
  "meta_keywords",
  "meta_description",
  "revised_at",
  "revision_note",
  "create_time",
  "update_time",
];

/** A field's value as comparable text, whatever its type (text, number, date, JSON, or a
 * list of relation ids or file names). @param {core.Record} record @param {string} field */
function comparable(record, field) {
  return `${record.getString(field)}\u0000${record.getStringSlice(field).join("\u0000")}`;
}

/** @param {core.Record} record */
function contentChanged(record) {
  const original = record.original();
  for (const field of record.collection().fields.fieldNames()) {
    if (NOT_CONTENT.indexOf(field) === -1 && comparable(record, field) !== comparable(original, field)) return true;
  }
  return false;
}

/** Before any update is stored: `revised_at` is now when the content changed, else what it
 * was (a value sent by hand is put back). @param {core.Record} record */
function keepRevised(record) {
  record.set("revised_at", contentChanged(record) ? new DateTime() : record.original().get("revised_at"));
}

/** A record created by anyone but a superuser (imports and the demo seed may date it) has
 * not been revised yet. @param {core.Record} record */
function startUnrevised(record) {
  record.set("revised_at", "");
}

module.exports = { REVISED_COLLECTIONS: REVISED_COLLECTIONS, keepRevised: keepRevised, startUnrevised: startUnrevised };
