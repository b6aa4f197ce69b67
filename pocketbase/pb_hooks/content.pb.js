/// <reference path="../pb_data/types.d.ts" />
// Every hook of the content collections (issue 35; docs/editors.md, docs/publishing.md).
// The logic is in content-checks.js (with review-fields.js), revisions.js, content-version.js
// and counters.js; handlers run in isolated contexts and require them.

// A record an editor creates starts as a draft (pb_migrations/1767226800_editorial_status.js):
// nothing goes live until someone publishes it. A status given on creation (the seed's
// "published", an editor choosing it in the form) is kept.
onRecordCreate(
  (e) => {
    if (!e.record.getString("status")) e.record.set("status", "draft");
    e.next();
  },
  "_zdata_offers",
  "_zdata_stores",
  "_zdata_comparisons",
  "_zdata_advertorials",
);

// Checks of what editors write, on every save of an offer, a store, a product, a comparison or a banner,
// whichever way it comes (the admin UI, the REST API, a batch): the record is refused with
// a plain message per field, PocketBase's own and ours in one answer (content-checks.js).
onRecordValidate(
  (e) => {
    require(`${__hooks}/content-checks.js`).validate(e.app, e.record, () => e.next());
  },
  ...require(`${__hooks}/content-checks.js`).CHECKED_COLLECTIONS,
);

// "Updated" (issue 53): revised_at moves on every save that changes what readers read,
// whichever way it comes, and on no other; nobody types it (revisions.js).
onRecordUpdate(
  (e) => {
    require(`${__hooks}/revisions.js`).keepRevised(e.record);
    e.next();
  },
  ...require(`${__hooks}/revisions.js`).REVISED_COLLECTIONS,
);
onRecordCreateRequest(
  (e) => {
    if (!e.hasSuperuserAuth()) require(`${__hooks}/revisions.js`).startUnrevised(e.record);
    e.next();
  },
  ...require(`${__hooks}/revisions.js`).REVISED_COLLECTIONS,
);

// Publishing (docs/decisions/022): every create, update or delete of a record the site shows
// raises the content version once the change is committed, so the Worker rebuilds the cached
// pages and reads made before it within seconds, at every Cloudflare location, without a
// purge. A failure here is logged and never fails the editor's save.
const raiseContentVersion = (e) => require(`${__hooks}/content-version.js`).raiseAfter(e);
onRecordAfterCreateSuccess(raiseContentVersion, ...require(`${__hooks}/content-version.js`).SHOWN_COLLECTIONS);
onRecordAfterUpdateSuccess(raiseContentVersion, ...require(`${__hooks}/content-version.js`).SHOWN_COLLECTIONS);
onRecordAfterDeleteSuccess(raiseContentVersion, ...require(`${__hooks}/content-version.js`).SHOWN_COLLECTIONS);

// Counters nobody types: votes, clicks and views are raised only by the site, through the
// hooks of offer_feedback.pb.js and outbound_events.pb.js, which add one in SQL and never
// pass through an update request. So no update request may change them, whoever sends it
// (superusers included; the Worker's service account has no update rule at all):
//
// - a counter sent higher than stored is refused with a message under its field;
// - one sent lower is put back to the stored value, and the rest of the edit is saved: the
//   admin UI sends every field of its form, and a form opened before the latest votes or
//   clicks holds lower counts than PocketBase has by the time it is saved.
//
// A new record starts at zero unless a superuser creates it (operators' imports, the demo
// seed): an editor's new offer cannot arrive with "97 worked".
onRecordUpdateRequest(
  (e) => {
    require(`${__hooks}/counters.js`).keepStoredCounts(e.record);
    e.next();
  },
  ...require(`${__hooks}/counters.js`).COUNTED_COLLECTIONS,
);
onRecordCreateRequest(
  (e) => {
    if (!e.hasSuperuserAuth()) require(`${__hooks}/counters.js`).startAtZero(e.record);
    e.next();
  },
  ...require(`${__hooks}/counters.js`).COUNTED_COLLECTIONS,
);
