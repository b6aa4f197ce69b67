/// <reference path="../pb_data/types.d.ts" />
// Checks of what editors write (issue 35), on every save of an offer, a store or a product,
// whichever way it comes (the admin UI, the REST API, a batch): the record is refused with
// a plain message per field (content-checks.js says which).

onRecordValidate(
  (e) => {
    require(`${__hooks}/content-checks.js`).check(e.app, e.record);
    e.next();
  },
  ...require(`${__hooks}/content-checks.js`).CHECKED_COLLECTIONS,
);
