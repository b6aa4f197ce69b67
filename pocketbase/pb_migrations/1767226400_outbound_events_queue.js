/// <reference path="../pb_data/types.d.ts" />
// Outbound events arrive through the Worker's queue consumer (issue 32,
// docs/decisions/033-events-through-a-queue.md):
//
// - PocketBase's batch API is turned on: the consumer stores a whole queue batch in one
//   request (one transaction).
// - `click_id` (made at the edge, a UUIDv7) is unique: a redelivered message cannot make a
//   second record. Older events get "legacy-<id>".
// - `url` (the partner URL as written), `device`, `counted`, `count_key`, `event_time` and all nine tracking keys; `reveal` is
//   a kind of its own (a coupon code shown); `target_host` may be empty (a reveal has none).
// - `offer`, `store` and `product` become relations (the admin UI shows names). Ids of
//   records that no longer exist are dropped.
// - `_zsec_offer_usage` counts counted clicks only, by the time of the click.

const TRACKING_FIELDS = ["utm_medium", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"];
const LINKS = [
  ["offer", "_zdata_offers"],
  ["store", "_zdata_stores"],
  ["product", "Products"],
];
const DAY_AGO = "strftime('%Y-%m-%d %H:%M:%fZ', 'now', '-1 day')";

/** The usage view reads columns that change here, so it is dropped first and made again last. */
function usageView(where) {
  return new Collection({
    type: "view",
    name: "_zsec_offer_usage",
    listRule: "",
    viewRule: "",
    viewQuery: `
      SELECT e.offer AS id, COUNT(*) AS used_today
      FROM outbound_events e
      WHERE ${where}
      GROUP BY e.offer
    `,
  });
}

migrate(
  (app) => {
    app.delete(app.findCollectionByNameOrId("_zsec_offer_usage"));
    const settings = app.settings();
    settings.batch.enabled = true;
    settings.batch.maxRequests = 100;
    app.save(settings);

    const events = app.findCollectionByNameOrId("outbound_events");
    const kind = events.fields.getByName("kind");
    kind.values = ["click", "impression", "reveal"];
    events.fields.getByName("target_host").required = false;
    events.fields.add(new TextField({ name: "click_id", max: 64 }));
    events.fields.add(new TextField({ name: "url", max: 2000 }));
    events.fields.add(new SelectField({ name: "device", maxSelect: 1, values: ["mobile", "tablet", "desktop"] }));
    events.fields.add(new BoolField({ name: "counted" }));
    events.fields.add(new TextField({ name: "count_key", max: 64 }));
    events.fields.add(new DateField({ name: "event_time" }));
    for (const name of TRACKING_FIELDS) events.fields.add(new TextField({ name: name, max: 200 }));
    for (const [name, target] of LINKS) {
      events.fields.add(new RelationField({ name: `${name}_link`, maxSelect: 1, collectionId: app.findCollectionByNameOrId(target).id }));
    }
    app.save(events);

    app.db().newQuery("UPDATE outbound_events SET click_id = 'legacy-' || id, counted = (kind = 'click'), event_time = create_time").execute();
    for (const [name, target] of LINKS) {
      app.db().newQuery(`UPDATE outbound_events SET ${name}_link = ${name} WHERE ${name} != '' AND ${name} IN (SELECT id FROM ${target})`).execute();
    }

    const linked = app.findCollectionByNameOrId("outbound_events");
    for (const [name] of LINKS) linked.fields.removeByName(name);
    app.save(linked);
    const renamed = app.findCollectionByNameOrId("outbound_events");
    for (const [name] of LINKS) renamed.fields.getByName(`${name}_link`).name = name;
    renamed.fields.getByName("click_id").required = true;
    renamed.indexes.push("CREATE UNIQUE INDEX idx_outbound_events_click_id ON outbound_events (click_id)");
    renamed.indexes.push("CREATE INDEX idx_outbound_events_count_key ON outbound_events (count_key)");
    app.save(renamed);

    app.save(usageView(`e.kind = 'click' AND e.counted = TRUE AND e.offer != '' AND e.event_time >= ${DAY_AGO}`));
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("_zsec_offer_usage"));

    app.db().newQuery("DELETE FROM outbound_events WHERE kind = 'reveal'").execute();
    const events = app.findCollectionByNameOrId("outbound_events");
    events.indexes = events.indexes.filter(
      (index) => index.indexOf("idx_outbound_events_click_id") === -1 && index.indexOf("idx_outbound_events_count_key") === -1,
    );
    for (const name of ["click_id", "url", "device", "counted", "count_key", "event_time", ...TRACKING_FIELDS]) events.fields.removeByName(name);
    for (const [name] of LINKS) events.fields.getByName(name).name = `${name}_link`;
    app.save(events);
    const texts = app.findCollectionByNameOrId("outbound_events");
    for (const [name] of LINKS) texts.fields.add(new TextField({ name: name, max: 32, pattern: "^[a-z0-9]*$" }));
    texts.fields.getByName("kind").values = ["click", "impression"];
    texts.fields.getByName("target_host").required = true;
    app.save(texts);
    for (const [name] of LINKS) app.db().newQuery(`UPDATE outbound_events SET ${name} = COALESCE(${name}_link, '')`).execute();
    const back = app.findCollectionByNameOrId("outbound_events");
    for (const [name] of LINKS) back.fields.removeByName(`${name}_link`);
    app.save(back);

    app.save(usageView(`e.kind = 'click' AND e.offer != '' AND e.create_time >= ${DAY_AGO}`));
    const settings = app.settings();
    settings.batch.enabled = false;
    app.save(settings);
  },
);
