/// <reference path="../pb_data/types.d.ts" />
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
