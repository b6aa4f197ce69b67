/// <reference path="../pb_data/types.d.ts" />
// Every hook of `outbound_events` (docs/decisions/033-events-through-a-queue.md, docs/reports.md).
//
// Before an event is stored: a counted event whose count_key (one visitor, one link, one
// kind, one UTC day; made at the edge) already has a counted event is stored with counted
// false, so the repeats are kept for marketers and count once in public figures. Inside a
// batch this sees the batch's earlier events too (one transaction). Then each click is added
// to the report's daily sums, and each visit of a short link to its link's (kind "link";
// crawlers', prefetches' and HEAD requests' visits are stored and never counted), in the
// same transaction (daily-sums.js), and taken out in the one that deletes it.
//
// After it is stored: a counted click adds one to click_count (offers, products), a
// counted impression to view_count (offers, products, stores); reveals raise nothing. A
// record is created once per click id (unique index), so each event counts at most once,
// however often its queue message is delivered. One UPDATE ... + 1 per event: atomic
// under concurrent events, and it leaves the record's update_time alone (a click is not an
// edit; the sitemap's lastmod must not move). A click whose conversion arrived first (the
// queue was slower than the network) gives that conversion its values (postbacks.js).

onRecordCreate((e) => {
  const key = e.record.getString("count_key");
  if (e.record.getBool("counted") && key) {
    const earlier = e.app.findRecordsByFilter("outbound_events", "count_key = {:key} && counted = true", "", 1, 0, { key: key });
    if (earlier.length > 0) e.record.set("counted", false);
  }
  e.next();
  require(`${__hooks}/daily-sums.js`).countEvent(e.app, e.record, 1);
}, "outbound_events");

onRecordDelete((e) => {
  e.next();
  require(`${__hooks}/daily-sums.js`).countEvent(e.app, e.record, -1);
}, "outbound_events");

onRecordAfterCreateSuccess((e) => {
  const kind = e.record.getString("kind");
  if (e.record.getBool("counted")) {
    const targets = [
      ["_zdata_offers", e.record.getString("offer"), ["click_count", "view_count"]],
      ["Products", e.record.getString("product"), ["click_count", "view_count"]],
      ["_zdata_stores", e.record.getString("store"), ["view_count"]],
    ];
    const column = kind === "click" ? "click_count" : kind === "impression" ? "view_count" : "";
    for (const [table, id, counters] of targets) {
      if (!id || counters.indexOf(column) === -1) continue;
      e.app.db().newQuery(`UPDATE ${table} SET ${column} = ${column} + 1 WHERE id = {:id}`).bind({ id: id }).execute();
    }
  }
  if (kind === "click") require(`${__hooks}/postbacks.js`).matchLateClick(e.app, e.record);
  e.next();
}, "outbound_events");
