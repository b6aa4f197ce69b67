/// <reference path="../pb_data/types.d.ts" />
// Shared by counters.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does not
// load it as hooks of its own; handlers run in isolated contexts and `require` it).

/** The counters the site raises, per collection (offer_feedback.pb.js, outbound_events.pb.js). */
const COUNTERS = {
  _zdata_offers: ["worked_count", "failed_count", "click_count", "view_count"],
  _zdata_stores: ["view_count"],
  Products: ["click_count", "view_count"],
};

module.exports = { COUNTERS: COUNTERS, COUNTED_COLLECTIONS: Object.keys(COUNTERS) };
