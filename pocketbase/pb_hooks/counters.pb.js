/// <reference path="../pb_data/types.d.ts" />
// Counters nobody types (issue 35): votes, clicks and views are raised only by the site,
// through the hooks of offer_feedback.pb.js and outbound_events.pb.js, which add one in SQL
// and never pass through an update request. So no update request may change them, whoever
// sends it (superusers included; the Worker's service account has no update rule at all):
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
    const { COUNTERS } = require(`${__hooks}/counters.js`);
    const original = e.record.original();
    const raised = {};
    for (const field of COUNTERS[e.record.collection().name]) {
      const stored = original.getInt(field);
      const sent = e.record.getInt(field);
      if (sent > stored) raised[field] = new ValidationError("validation_counted_by_the_site", `Counted by the site (now ${stored}): it cannot be typed in.`);
      else if (sent < stored) e.record.set(field, stored);
    }
    const fields = Object.keys(raised);
    if (fields.length > 0) throw new BadRequestError(`${fields.join(", ")}: counted by the site, never typed in.`, raised);
    e.next();
  },
  ...require(`${__hooks}/counters.js`).COUNTED_COLLECTIONS,
);

onRecordCreateRequest(
  (e) => {
    const { COUNTERS } = require(`${__hooks}/counters.js`);
    if (!e.hasSuperuserAuth()) {
      const typed = {};
      for (const field of COUNTERS[e.record.collection().name]) {
        if (e.record.getInt(field) !== 0)
          typed[field] = new ValidationError("validation_counted_by_the_site", "Counted by the site: a new record starts at 0.");
      }
      const fields = Object.keys(typed);
      if (fields.length > 0) throw new BadRequestError(`${fields.join(", ")}: counted by the site, never typed in.`, typed);
    }
    e.next();
  },
  ...require(`${__hooks}/counters.js`).COUNTED_COLLECTIONS,
);
