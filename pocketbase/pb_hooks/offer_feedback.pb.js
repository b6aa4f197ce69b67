/// <reference path="../pb_data/types.d.ts" />
// Raises an offer's vote counters when the Worker stores a "did it work?" vote: worked
// adds one to worked_count, otherwise to failed_count. One UPDATE ... + 1 per vote, atomic
// under concurrent votes, leaving the offer's update_time alone (a vote is not an edit).

onRecordAfterCreateSuccess((e) => {
  const column = e.record.getBool("worked") ? "worked_count" : "failed_count";
  e.app
    .db()
    .newQuery(`UPDATE _zdata_offers SET ${column} = ${column} + 1 WHERE id = {:id}`)
    .bind({ id: e.record.getString("offer") })
    .execute();
  e.next();
}, "offer_feedback");
