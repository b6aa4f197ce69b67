/// <reference path="../pb_data/types.d.ts" />
// The report's daily click sums (pb_migrations/1767226600_daily_clicks.js, docs/reports.md):
// each click is added to its day's row in the transaction that stores it. Shared by
// outbound_events.pb.js (a CommonJS module; handlers `require` it).

const { DAILY_DIMENSIONS } = require(`${__hooks}/rules.js`);

/** The daily_clicks row of a click: its day and every value the report groups by. */
function dailyKey(click) {
  const key = { day: click.getString("event_time").slice(0, 10) };
  for (const name of DAILY_DIMENSIONS) key[name] = click.getString(name);
  return key;
}

/**
 * Adds a stored click to its day's sums, or takes a deleted one out (`step` 1 or -1), inside
 * the transaction that stores or deletes it, so the sums never miss or double a click. One
 * upsert: concurrent clicks cannot lose an addition.
 */
function countDailyClick(app, click, step) {
  const key = dailyKey(click);
  if (!key.day) return;
  const params = Object.assign({ step: step, unique: click.getBool("counted") ? step : 0 }, key);
  const columns = DAILY_DIMENSIONS.join(", ");
  app
    .db()
    .newQuery(
      `INSERT INTO daily_clicks (id, day, ${columns}, clicks, unique_clicks)
       VALUES (substr(lower(hex(randomblob(8))), 1, 15), {:day}, ${DAILY_DIMENSIONS.map((name) => `{:${name}}`).join(", ")}, {:step}, {:unique})
       ON CONFLICT (day, ${columns}) DO UPDATE SET clicks = clicks + {:step}, unique_clicks = unique_clicks + {:unique}`,
    )
    .bind(params)
    .execute();
}

/**
 * Adds a visit of a short link (an outbound event of kind "link" that a visitor made, not a
 * crawler, a prefetch or a HEAD request) to its link's day, or takes a deleted one out, in
 * the transaction that stores or deletes it (docs/links.md).
 */
function countDailyLinkVisit(app, visit, step) {
  const day = visit.getString("event_time").slice(0, 10);
  if (!day || visit.getBool("automated")) return;
  app
    .db()
    .newQuery(
      `INSERT INTO daily_link_visits (id, day, short_link, visits, unique_visits)
       VALUES (substr(lower(hex(randomblob(8))), 1, 15), {:day}, {:link}, {:step}, {:unique})
       ON CONFLICT (day, short_link) DO UPDATE SET visits = visits + {:step}, unique_visits = unique_visits + {:unique}`,
    )
    .bind({ day: day, link: visit.getString("short_link"), step: step, unique: visit.getBool("counted") ? step : 0 })
    .execute();
}

/** Adds an event to the sums of its kind, or takes it out (`step` 1 or -1): clicks and link visits have some. */
function countEvent(app, event, step) {
  const kind = event.getString("kind");
  if (kind === "click") countDailyClick(app, event, step);
  else if (kind === "link") countDailyLinkVisit(app, event, step);
}

module.exports = { countEvent: countEvent };
