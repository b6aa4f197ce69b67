/// <reference path="../pb_data/types.d.ts" />
// Outbound clicks and impressions recorded by the Worker's /goto (docs/decisions/010).
// Only the Worker's service account (`edge_services`) may create events; nobody may list,
// view, change or delete them through the API (editors read them in the admin UI).
// The click_count / view_count counters of the linked records are raised by the hook in
// pocketbase/pb_hooks/outbound_events.pb.js, so the service account needs no write access
// to any content collection.

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "outbound_events",
        listRule: null,
        viewRule: null,
        createRule: '@request.auth.collectionName = "edge_services"',
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "kind", type: "select", required: true, maxSelect: 1, values: ["click", "impression"] },
          { name: "target_host", type: "text", required: true, max: 253 },
          { name: "offer", type: "text", max: 32, pattern: "^[a-z0-9]*$" },
          { name: "store", type: "text", max: 32, pattern: "^[a-z0-9]*$" },
          { name: "product", type: "text", max: 32, pattern: "^[a-z0-9]*$" },
          { name: "referrer_path", type: "text", max: 2000 },
          { name: "utm_source", type: "text", max: 200 },
          { name: "utm_campaign", type: "text", max: 200 },
          { name: "country", type: "text", max: 2 },
          { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: ["CREATE INDEX idx_outbound_events_time ON outbound_events (create_time)"],
      }),
    );
  },
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId("outbound_events"));
    } catch (_) {
      // already gone
    }
  },
);
