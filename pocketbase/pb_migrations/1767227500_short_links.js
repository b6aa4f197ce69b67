/// <reference path="../pb_data/types.d.ts" />
// Marketers' short links (issue 52, docs/links.md, docs/decisions/064):
//
// - `short_links`: a slug (unique without regard to case), a destination (a path of this
//   site, or the id of an offer whose partner link it leads to, with `offer` set), the five
//   campaign values, `paused`, `expires_at` and `created_by`. Marketers list, create, change
//   and delete them; the Worker's service account reads them for the edge's index; nobody
//   else, so nothing of them is readable through the public API. The checks of what a
//   marketer writes are in pb_hooks/short_links.pb.js.
// - `retired_short_links`: the slug of every deleted link, under the link's own id, so a
//   slug never comes back and its address answers 410; `short_link_names` names the report's
//   rows, deleted links included.
// - `outbound_events`: a visit of a short link is an event of kind `link`; `short_link`
//   names the link a visit or a click came through (a plain id: a deleted link's events keep
//   it), `automated` marks a crawler's, a prefetch's or a HEAD request's visit, stored and
//   never counted. Conversions copy `short_link` from their click.
// - `daily_clicks` sums clicks by `short_link` too (the report's "link" grouping), and
//   `daily_link_visits` sums the visits of each link per UTC day.

const MARKETERS = '@request.auth.collectionName = "marketers"';
const EDGE_SERVICE = '@request.auth.collectionName = "edge_services"';
const VALUES = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];
const OLD_DIMENSIONS = ["utm_source", "utm_medium", "utm_campaign", "store", "offer", "country", "device", "target_host"];
const DIMENSIONS = [...OLD_DIMENSIONS, "short_link"];
const LINK_ID = { type: "text", max: 15, pattern: "^[a-z0-9]*$" };

function dailyClicksIndex(dimensions) {
  return `CREATE UNIQUE INDEX idx_daily_clicks_key ON daily_clicks (day, ${dimensions.join(", ")})`;
}

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "short_links",
        listRule: `${MARKETERS} || ${EDGE_SERVICE}`,
        viewRule: `${MARKETERS} || ${EDGE_SERVICE}`,
        createRule: MARKETERS,
        updateRule: MARKETERS,
        deleteRule: MARKETERS,
        fields: [
          { name: "slug", type: "text", required: true, max: 50, presentable: true },
          { name: "destination", type: "text", required: true, max: 2000 },
          { name: "offer", type: "relation", maxSelect: 1, collectionId: app.findCollectionByNameOrId("_zdata_offers").id },
          ...VALUES.map((name) => ({ name, type: "text", max: 200 })),
          { name: "paused", type: "bool" },
          { name: "expires_at", type: "date" },
          { name: "created_by", type: "relation", maxSelect: 1, collectionId: app.findCollectionByNameOrId("marketers").id },
          { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
          { name: "update_time", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_short_links_slug ON short_links (slug COLLATE NOCASE)"],
      }),
    );
    app.save(
      new Collection({
        type: "base",
        name: "retired_short_links",
        listRule: EDGE_SERVICE,
        viewRule: EDGE_SERVICE,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "slug", type: "text", required: true, max: 50 },
          { name: "retire_time", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_retired_short_links_slug ON retired_short_links (slug COLLATE NOCASE)"],
      }),
    );
    app.save(
      new Collection({
        type: "view",
        name: "short_link_names",
        listRule: null,
        viewRule: null,
        viewQuery: `
          SELECT n.id, n.label FROM (
            SELECT id, slug AS label FROM short_links
            UNION ALL
            SELECT id, slug || ' (deleted)' AS label FROM retired_short_links
          ) n
        `,
      }),
    );
    app.save(
      new Collection({
        type: "base",
        name: "daily_link_visits",
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "day", type: "text", required: true, pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
          { name: "short_link", ...LINK_ID },
          { name: "visits", type: "number", onlyInt: true },
          { name: "unique_visits", type: "number", onlyInt: true },
        ],
        indexes: ["CREATE UNIQUE INDEX idx_daily_link_visits_key ON daily_link_visits (day, short_link)"],
      }),
    );

    const events = app.findCollectionByNameOrId("outbound_events");
    events.fields.getByName("kind").values = ["click", "impression", "reveal", "link"];
    events.fields.add(new TextField({ name: "short_link", ...LINK_ID }));
    events.fields.add(new BoolField({ name: "automated" }));
    events.indexes.push("CREATE INDEX idx_outbound_events_short_link ON outbound_events (short_link) WHERE short_link != ''");
    app.save(events);

    const conversions = app.findCollectionByNameOrId("conversions");
    conversions.fields.add(new TextField({ name: "short_link", ...LINK_ID }));
    app.save(conversions);

    const daily = app.findCollectionByNameOrId("daily_clicks");
    daily.fields.add(new TextField({ name: "short_link", max: 253 }));
    daily.indexes = daily.indexes.filter((index) => index.indexOf("idx_daily_clicks_key") === -1).concat([dailyClicksIndex(DIMENSIONS)]);
    app.save(daily);
  },
  (app) => {
    const daily = app.findCollectionByNameOrId("daily_clicks");
    // Rows that differ by link only are merged back into one.
    app
      .db()
      .newQuery(
        `INSERT INTO daily_clicks (id, day, ${OLD_DIMENSIONS.join(", ")}, short_link, clicks, unique_clicks)
         SELECT substr(lower(hex(randomblob(8))), 1, 15), day, ${OLD_DIMENSIONS.join(", ")}, '', SUM(clicks), SUM(unique_clicks)
         FROM daily_clicks WHERE short_link != '' GROUP BY day, ${OLD_DIMENSIONS.join(", ")}
         ON CONFLICT (day, ${DIMENSIONS.join(", ")}) DO UPDATE SET clicks = clicks + excluded.clicks, unique_clicks = unique_clicks + excluded.unique_clicks`,
      )
      .execute();
    app.db().newQuery("DELETE FROM daily_clicks WHERE short_link != ''").execute();
    daily.indexes = daily.indexes.filter((index) => index.indexOf("idx_daily_clicks_key") === -1).concat([dailyClicksIndex(OLD_DIMENSIONS)]);
    daily.fields.removeByName("short_link");
    app.save(daily);

    const conversions = app.findCollectionByNameOrId("conversions");
    conversions.fields.removeByName("short_link");
    app.save(conversions);

    app.db().newQuery("DELETE FROM outbound_events WHERE kind = 'link'").execute();
    const events = app.findCollectionByNameOrId("outbound_events");
    events.indexes = events.indexes.filter((index) => index.indexOf("idx_outbound_events_short_link") === -1);
    events.fields.removeByName("short_link");
    events.fields.removeByName("automated");
    events.fields.getByName("kind").values = ["click", "impression", "reveal"];
    app.save(events);

    for (const name of ["daily_link_visits", "short_link_names", "retired_short_links", "short_links"]) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
