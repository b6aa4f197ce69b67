/// <reference path="../pb_data/types.d.ts" />
// Raises the counters of the record an outbound event names: a click adds one to
// click_count (offers, products), an impression to view_count (offers, products, stores).
// One UPDATE ... + 1 per event: atomic under concurrent events, and it leaves the record's
// update_time alone (a click is not an edit; the sitemap's lastmod must not move).

onRecordAfterCreateSuccess((e) => {
  const kind = e.record.getString("kind");
  const targets = [
    ["_zdata_offers", e.record.getString("offer"), ["click_count", "view_count"]],
    ["Products", e.record.getString("product"), ["click_count", "view_count"]],
    ["_zdata_stores", e.record.getString("store"), ["view_count"]],
  ];
  const column = kind === "click" ? "click_count" : "view_count";
  for (const [table, id, counters] of targets) {
    if (!id || counters.indexOf(column) === -1) continue;
    e.app
      .db()
      .newQuery(`UPDATE ${table} SET ${column} = ${column} + 1 WHERE id = {:id}`)
      .bind({ id: id })
      .execute();
  }
  e.next();
}, "outbound_events");
