/// <reference path="../pb_data/types.d.ts" />
// Shared by content.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does not
// load it as hooks of its own; handlers run in isolated contexts and `require` it).

/** The counters the site raises, per collection (offer_feedback.pb.js, outbound_events.pb.js). */
const COUNTERS = {
  _zdata_offers: ["worked_count", "failed_count", "click_count", "view_count"],
  _zdata_stores: ["view_count"],
  Products: ["click_count", "view_count"],
};

/** Throws a 400 naming each field in `errors`, when there is one. */
function refuse(errors) {
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new BadRequestError(`${fields.join(", ")}: counted by the site, never typed in.`, errors);
}

/** An update request: a counter sent higher than stored is refused, one sent lower put back. */
function keepStoredCounts(record) {
  const original = record.original();
  const raised = {};
  for (const field of COUNTERS[record.collection().name]) {
    const stored = original.getInt(field);
    const sent = record.getInt(field);
    if (sent > stored) raised[field] = new ValidationError("validation_counted_by_the_site", `Counted by the site (now ${stored}): it cannot be typed in.`);
    else if (sent < stored) record.set(field, stored);
  }
  refuse(raised);
}

/** A create request of anyone but a superuser: every counter starts at zero. */
function startAtZero(record) {
  const typed = {};
  for (const field of COUNTERS[record.collection().name]) {
    if (record.getInt(field) !== 0) typed[field] = new ValidationError("validation_counted_by_the_site", "Counted by the site: a new record starts at 0.");
  }
  refuse(typed);
}

module.exports = { COUNTED_COLLECTIONS: Object.keys(COUNTERS), keepStoredCounts: keepStoredCounts, startAtZero: startAtZero };
