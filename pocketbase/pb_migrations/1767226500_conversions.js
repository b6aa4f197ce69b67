/// <reference path="../pb_data/types.d.ts" />
// Conversions reported by affiliate networks, and the marketers who read the reports
// (issue 33, docs/reports.md, docs/decisions/038-postbacks-and-reports.md).
//
// - `affiliate_networks`: editors add one per network in the admin UI. The postback token
//   is made by PocketBase (32 random letters and digits) unless the editor types one of at
//   least 24; it is hidden from every API answer. The hook in pb_hooks/postbacks.pb.js
//   keeps `token_hash` (its SHA-256) beside it: the Worker's service account reads the
//   hashes, never the tokens, to recognise a postback's URL at the edge.
// - `conversions`: one per network and transaction id, written only by the hook's
//   /api/dealpilot/postbacks route (as the Worker's queue consumer), read only through its
//   /api/dealpilot/report route and by superusers in the admin UI.
// - `marketers`: accounts that sign in at /admin/sign-in on the site and read reports;
//   superusers create them in the admin UI. They can change nothing.
// - `outbound_events` gets an index on its edge time, which the reports group by.

const TRACKING_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"];
const EDGE_SERVICE = '@request.auth.collectionName = "edge_services"';

migrate(
  (app) => {
    const networks = new Collection({
      type: "base",
      name: "affiliate_networks",
      listRule: EDGE_SERVICE,
      viewRule: EDGE_SERVICE,
      createRule: null,
      updateRule: null,
      deleteRule: null,
      fields: [
        { name: "name", type: "text", required: true, max: 100, presentable: true },
        {
          name: "postback_token",
          type: "text",
          required: true,
          min: 24,
          max: 128,
          pattern: "^[A-Za-z0-9_-]+$",
          autogeneratePattern: "[a-zA-Z0-9]{32}",
          hidden: true,
        },
        { name: "token_hash", type: "text", max: 64 },
        { name: "active", type: "bool" },
        // Hosts of the network's tracking links (e.g. "sjv.io, awin1.com"): the report's
        // network grouping counts the clicks to them.
        { name: "click_domains", type: "text", max: 2000 },
        { name: "notes", type: "text", max: 5000 },
        { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
        { name: "update_time", type: "autodate", onCreate: true, onUpdate: true },
      ],
      indexes: [
        "CREATE UNIQUE INDEX idx_affiliate_networks_token ON affiliate_networks (postback_token)",
        "CREATE INDEX idx_affiliate_networks_token_hash ON affiliate_networks (token_hash)",
      ],
    });
    app.save(networks);

    const relation = (name, target) => ({ name, type: "relation", maxSelect: 1, collectionId: app.findCollectionByNameOrId(target).id });
    app.save(
      new Collection({
        type: "base",
        name: "conversions",
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { ...relation("network", "affiliate_networks"), required: true },
          { name: "click_id", type: "text", max: 64 },
          { name: "txid", type: "text", required: true, max: 128 },
          { name: "status", type: "select", required: true, maxSelect: 1, values: ["pending", "approved", "reversed"] },
          { name: "payout", type: "number" },
          { name: "currency", type: "text", required: true, pattern: "^[A-Z]{3}$" },
          { name: "event", type: "text", max: 100 },
          // Whether the click id names a stored click; its values are copied below.
          { name: "matched", type: "bool" },
          relation("offer", "_zdata_offers"),
          relation("store", "_zdata_stores"),
          relation("product", "Products"),
          ...TRACKING_FIELDS.map((name) => ({ name, type: "text", max: 200 })),
          { name: "country", type: "text", max: 2 },
          { name: "device", type: "text", max: 10 },
          { name: "click_time", type: "date" },
          // When the network first reported it (at the edge), and when its current status was reported.
          { name: "reported_at", type: "date", required: true },
          { name: "status_time", type: "date", required: true },
          // Every postback that changed something: [{ id, status, payout, currency, event, at }], oldest first.
          { name: "history", type: "json", maxSize: 200000 },
          { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
          { name: "update_time", type: "autodate", onCreate: true, onUpdate: true },
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_conversions_network_txid ON conversions (network, txid)",
          "CREATE INDEX idx_conversions_click_id ON conversions (click_id)",
          "CREATE INDEX idx_conversions_reported_at ON conversions (reported_at)",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "auth",
        name: "marketers",
        // A marketer may read their own account, nothing else; superusers manage accounts.
        listRule: "id = @request.auth.id",
        viewRule: "id = @request.auth.id",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        manageRule: null,
        authRule: "",
        // A working day: the site's session ends when the token does.
        authToken: { duration: 43200 },
        passwordAuth: { enabled: true, identityFields: ["email"] },
        oauth2: { enabled: false },
        otp: { enabled: false },
        mfa: { enabled: false },
        authAlert: { enabled: false },
        fields: [{ name: "name", type: "text", max: 100 }],
      }),
    );

    const events = app.findCollectionByNameOrId("outbound_events");
    events.indexes.push("CREATE INDEX idx_outbound_events_event_time ON outbound_events (event_time)");
    app.save(events);
  },
  (app) => {
    const events = app.findCollectionByNameOrId("outbound_events");
    events.indexes = events.indexes.filter((index) => index.indexOf("idx_outbound_events_event_time") === -1);
    app.save(events);
    for (const name of ["marketers", "conversions", "affiliate_networks"]) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
