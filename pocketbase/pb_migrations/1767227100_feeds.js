/// <reference path="../pb_data/types.d.ts" />
// Affiliate networks' promotion feeds imported on a schedule (issue 48, docs/feeds.md,
// docs/decisions/052-feeds-through-the-queue.md, 053-feed-rules-in-pocketbase-hooks.md).
//
// - `affiliate_networks` gains the feed's settings. `feed_credentials` is hidden from every
//   API answer; the Worker's service account reads it only for a running import, through
//   the route in pb_hooks/feeds.pb.js.
// - `network_advertisers`: a network's advertiser and the store an editor mapped it to. The
//   Worker's service account writes what the feed says (never `store` or `suggested_store`);
//   editors set `store` and nothing else.
// - `network_promotions`: one per network and promotion id, the import's own record of it:
//   what the feed last said (`data`), the value the import last wrote per offer field
//   (`written`), the last run that listed it and how many complete runs in a row did not.
//   Written only by the service account; its hooks (feeds.pb.js) apply it to the offer.
// - `import_runs`: one per run, with its counts; editors read them.
// - `_zdata_offers` gains `network`, `promotion_id` (one offer per pair) and `duplicate_of`:
//   a coupon another network lists too, hidden from visitors while that one shows.

const EDGE = '@request.auth.collectionName = "edge_services"';
const EDITOR = '@request.auth.collectionName = "editors"';
// As pb_hooks/rules.js FEED_KINDS names them (a migration keeps the values it created).
const FEED_KINDS = ["awin", "awin_csv", "impact", "cj", "rakuten", "csv"];
const OFFER_PUBLIC = 'status = "published" && store.status = "published"';

const NETWORK_FIELDS = [
  new SelectField({ name: "feed_kind", maxSelect: 1, values: FEED_KINDS }),
  new TextField({ name: "feed_account", max: 200 }),
  new TextField({ name: "feed_api_base", max: 2000, pattern: "^https?://[^\\s]+$" }),
  new TextField({ name: "feed_credentials", max: 2000, hidden: true }),
  new NumberField({ name: "feed_every_minutes", onlyInt: true, min: 0 }),
  new TextField({ name: "feed_time_zone", max: 64, pattern: "^[A-Za-z0-9_+/-]+$" }),
  new BoolField({ name: "feed_auto_publish" }),
  new NumberField({ name: "feed_rank", onlyInt: true }),
  new TextField({ name: "feed_sub_id_param", max: 40, pattern: "^[A-Za-z0-9_]+$" }),
];

const HELP = {
  feed_kind: "Which feed this network's promotions come from (docs/feeds.md): awin, awin_csv, impact, cj, rakuten or csv. Empty: no import.",
  feed_account: "Awin: publisher id. Impact: Account SID. CJ: website id (PID). Rakuten: site id (SID). CSV: empty.",
  feed_api_base: "The network's API origin, empty for the default. For csv: the address of the CSV file.",
  feed_credentials: "Awin: API token. Impact: Auth Token. CJ: personal access token. Rakuten: client id:client secret. Never shown again by any API.",
  feed_every_minutes: "Minutes between imports; 0: only when started by hand at /admin/imports.",
  feed_time_zone: "IANA zone of the feed's dates that carry none (e.g. Europe/London); empty: UTC.",
  feed_auto_publish: "On: imported offers are published at once. Off: they arrive as drafts for review.",
  feed_rank: "Lower wins when two networks list the same code for the same store.",
  feed_sub_id_param:
    "The tracking link's sub-id parameter that gets the click id; empty: the network's own (Awin clickref, Impact subId1, CJ sid, Rakuten u1).",
};

migrate(
  (app) => {
    const networks = app.findCollectionByNameOrId("affiliate_networks");
    for (const field of NETWORK_FIELDS) {
      field.help = HELP[field.name];
      networks.fields.add(field);
    }
    app.save(networks);

    const stores = app.findCollectionByNameOrId("_zdata_stores");
    const relation = (name, collection, extra) => Object.assign({ name, type: "relation", maxSelect: 1, collectionId: collection.id }, extra || {});
    const timestamps = [
      { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
      { name: "update_time", type: "autodate", onCreate: true, onUpdate: true },
    ];

    const advertiserFields = ["network", "advertiser_id", "advertiser_name", "site_url", "suggested_store"];
    app.save(
      new Collection({
        type: "base",
        name: "network_advertisers",
        listRule: `${EDGE} || ${EDITOR}`,
        viewRule: `${EDGE} || ${EDITOR}`,
        createRule: `${EDGE} && @request.body.store:isset = false && @request.body.suggested_store:isset = false`,
        updateRule: `(${EDGE} && @request.body.store:isset = false && @request.body.suggested_store:isset = false) || (${EDITOR} && ${advertiserFields.map((f) => `@request.body.${f}:isset = false`).join(" && ")})`,
        deleteRule: null,
        fields: [
          relation("network", networks, { required: true, cascadeDelete: true }),
          { name: "advertiser_id", type: "text", required: true, max: 100 },
          { name: "advertiser_name", type: "text", max: 200, presentable: true },
          { name: "site_url", type: "text", max: 2000 },
          relation("suggested_store", stores),
          relation("store", stores),
          // Promotions held until the advertiser has a store (kept by feeds.pb.js).
          { name: "waiting", type: "number", onlyInt: true, min: 0 },
          ...timestamps,
        ],
        indexes: ["CREATE UNIQUE INDEX idx_network_advertisers_id ON network_advertisers (network, advertiser_id)"],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "import_runs",
        listRule: `${EDGE} || ${EDITOR}`,
        viewRule: `${EDGE} || ${EDITOR}`,
        createRule: EDGE,
        // A run is changed only while it runs: a finished run's counts stay as they ended.
        updateRule: `${EDGE} && status = "running"`,
        deleteRule: null,
        fields: [
          relation("network", networks, { required: true, cascadeDelete: true }),
          { name: "status", type: "select", required: true, maxSelect: 1, values: ["running", "complete", "failed"] },
          { name: "trigger", type: "select", maxSelect: 1, values: ["schedule", "editor"] },
          { name: "started", type: "date" },
          { name: "finished", type: "date" },
          // Batches written so far: each batch claims the next step, so a queue message
          // delivered twice writes its batch once (feeds.pb.js).
          { name: "step", type: "number", onlyInt: true, min: 0 },
          ...["pages", "fetched", "created", "updated", "unchanged", "ended", "held", "skipped", "errors"].map((name) => ({
            name,
            type: "number",
            onlyInt: true,
            min: 0,
          })),
          { name: "skip_reasons", type: "json", maxSize: 20000 },
          { name: "error_log", type: "json", maxSize: 20000 },
          ...timestamps,
        ],
        indexes: [
          "CREATE INDEX idx_import_runs_network ON import_runs (network, started)",
          // One running import per network: a second start while one runs is refused.
          "CREATE UNIQUE INDEX idx_import_runs_running ON import_runs (network) WHERE status = 'running'",
        ],
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "network_promotions",
        listRule: EDGE,
        viewRule: EDGE,
        createRule: EDGE,
        updateRule: EDGE,
        deleteRule: null,
        fields: [
          relation("network", networks, { required: true, cascadeDelete: true }),
          { name: "promotion_id", type: "text", required: true, max: 200 },
          { name: "advertiser_id", type: "text", required: true, max: 100 },
          { name: "data", type: "json", maxSize: 40000 },
          { name: "written", type: "json", maxSize: 40000 },
          { name: "last_run", type: "text", max: 15 },
          { name: "missed", type: "number", onlyInt: true, min: 0 },
          { name: "ended", type: "bool" },
          { name: "outcome", type: "text", max: 20 },
          { name: "reason", type: "text", max: 200 },
          ...timestamps,
        ],
        indexes: [
          "CREATE UNIQUE INDEX idx_network_promotions_id ON network_promotions (network, promotion_id)",
          "CREATE INDEX idx_network_promotions_advertiser ON network_promotions (network, advertiser_id, outcome)",
          "CREATE INDEX idx_network_promotions_run ON network_promotions (network, last_run)",
        ],
      }),
    );

    const offers = app.findCollectionByNameOrId("_zdata_offers");
    offers.fields.add(
      new RelationField({
        name: "network",
        maxSelect: 1,
        collectionId: networks.id,
        help: "The affiliate network it was imported from; empty: typed by hand.",
      }),
    );
    offers.fields.add(new TextField({ name: "promotion_id", max: 200, help: "The network's id of the promotion it was imported from." }));
    offers.fields.add(
      new RelationField({
        name: "duplicate_of",
        maxSelect: 1,
        collectionId: offers.id,
        help: "Set by the import: the same code for the same store from a network ranked first, which visitors see instead.",
      }),
    );
    offers.indexes.push("CREATE UNIQUE INDEX idx_zdata_offers_promotion ON _zdata_offers (network, promotion_id) WHERE promotion_id != ''");
    offers.listRule = `(${OFFER_PUBLIC} && duplicate_of = "") || ${EDITOR}`;
    offers.viewRule = `(${OFFER_PUBLIC} && duplicate_of = "") || ${EDITOR}`;
    app.save(offers);
  },
  (app) => {
    const offers = app.findCollectionByNameOrId("_zdata_offers");
    offers.listRule = `(${OFFER_PUBLIC}) || ${EDITOR}`;
    offers.viewRule = `(${OFFER_PUBLIC}) || ${EDITOR}`;
    offers.indexes = offers.indexes.filter((index) => index.indexOf("idx_zdata_offers_promotion") === -1);
    for (const name of ["network", "promotion_id", "duplicate_of"]) offers.fields.removeByName(name);
    app.save(offers);
    for (const name of ["network_promotions", "import_runs", "network_advertisers"]) app.delete(app.findCollectionByNameOrId(name));
    const networks = app.findCollectionByNameOrId("affiliate_networks");
    for (const field of NETWORK_FIELDS) networks.fields.removeByName(field.name);
    app.save(networks);
  },
);
