/// <reference path="../pb_data/types.d.ts" />
// The offer lifecycle (issue 15, docs/decisions/019-offer-lifecycle.md):
//
// - `_zdata_offers` gains starts_at, expires_at and verified_at (optional dates: no
//   expires_at means open-ended) and worked_count / failed_count, the "did it work?"
//   votes. The counters are raised only by pb_hooks/offer_feedback.pb.js; the collection
//   has no public write rule, so no public route can set them.
// - `_zsec_top_deals` carries the same dates (the live rule is applied where it is read).
// - `offer_feedback`: one record per counted vote, created only by the Worker's service
//   account, never listed or viewed through the API.
// - `_zsec_offer_usage`: clicks per offer in the last 24 hours (the cards' "Used N times
//   today"), one aggregate row per offer.
// - `_zadmin_offers_expiring` and `_zadmin_offers_unverified`: what needs an editor, as
//   view collections in the admin UI (superusers only: no list or view rule).
//
// Dates are stored by PocketBase as "YYYY-MM-DD HH:MM:SS.sssZ", which sorts as text; the
// views compare them with SQLite's clock written in the same format.

const NOW = "strftime('%Y-%m-%d %H:%M:%fZ', 'now')";
const AT = (modifier) => `strftime('%Y-%m-%d %H:%M:%fZ', 'now', '${modifier}')`;

const TOP_DEALS_QUERY = (withDates) => `
  SELECT
    o.id,
    o.heading,
    o.subheading,
    o.rating,
    o.review_count,
    o.thumbnail,
    o.cta_label,
    o.cta_url,
    o.cta_trigger,
    o.store,
    o.badges,
    o.click_count${withDates ? ",\n    o.starts_at,\n    o.expires_at,\n    o.verified_at,\n    o.worked_count,\n    o.failed_count" : ""}
  FROM _zdata_offers o
  WHERE o.type = 'deal'
  ORDER BY o.click_count DESC, o.id ASC
  LIMIT 50
`;

const ADMIN_COLUMNS = "o.id, o.heading, o.type, o.store, o.starts_at, o.expires_at, o.verified_at, o.worked_count, o.failed_count";
const LIVE = `(o.starts_at = '' OR o.starts_at <= ${NOW}) AND (o.expires_at = '' OR o.expires_at > ${NOW})`;

migrate(
  (app) => {
    const offers = app.findCollectionByNameOrId("_zdata_offers");
    offers.fields.add(new DateField({ name: "starts_at" }));
    offers.fields.add(new DateField({ name: "expires_at" }));
    offers.fields.add(new DateField({ name: "verified_at" }));
    offers.fields.add(new NumberField({ name: "worked_count", onlyInt: true, min: 0 }));
    offers.fields.add(new NumberField({ name: "failed_count", onlyInt: true, min: 0 }));
    offers.indexes.push("CREATE INDEX idx_zdata_offers_expires ON _zdata_offers (expires_at)");
    offers.indexes.push("CREATE INDEX idx_zdata_offers_starts ON _zdata_offers (starts_at)");
    app.save(offers);

    const topDeals = app.findCollectionByNameOrId("_zsec_top_deals");
    topDeals.viewQuery = TOP_DEALS_QUERY(true);
    app.save(topDeals);

    app.save(
      new Collection({
        type: "base",
        name: "offer_feedback",
        listRule: null,
        viewRule: null,
        createRule: '@request.auth.collectionName = "edge_services"',
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "offer", type: "relation", required: true, maxSelect: 1, cascadeDelete: true, collectionId: offers.id },
          { name: "worked", type: "bool" },
          { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: ["CREATE INDEX idx_offer_feedback_offer ON offer_feedback (offer)"],
      }),
    );

    app.save(
      new Collection({
        type: "view",
        name: "_zsec_offer_usage",
        listRule: "",
        viewRule: "",
        viewQuery: `
          SELECT e.offer AS id, COUNT(*) AS used_today
          FROM outbound_events e
          WHERE e.kind = 'click' AND e.offer != '' AND e.create_time >= ${AT("-1 day")}
          GROUP BY e.offer
        `,
      }),
    );

    app.save(
      new Collection({
        type: "view",
        name: "_zadmin_offers_expiring",
        listRule: null,
        viewRule: null,
        viewQuery: `
          SELECT ${ADMIN_COLUMNS}
          FROM _zdata_offers o
          WHERE o.expires_at != '' AND o.expires_at > ${NOW} AND o.expires_at <= ${AT("+7 days")}
          ORDER BY o.expires_at
        `,
      }),
    );

    app.save(
      new Collection({
        type: "view",
        name: "_zadmin_offers_unverified",
        listRule: null,
        viewRule: null,
        viewQuery: `
          SELECT ${ADMIN_COLUMNS}
          FROM _zdata_offers o
          WHERE ${LIVE} AND (o.verified_at = '' OR o.verified_at < ${AT("-30 days")})
          ORDER BY o.verified_at, o.id
        `,
      }),
    );
  },
  (app) => {
    for (const name of ["_zadmin_offers_unverified", "_zadmin_offers_expiring", "_zsec_offer_usage", "offer_feedback"]) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
    const topDeals = app.findCollectionByNameOrId("_zsec_top_deals");
    topDeals.viewQuery = TOP_DEALS_QUERY(false);
    app.save(topDeals);
    const offers = app.findCollectionByNameOrId("_zdata_offers");
    for (const name of ["starts_at", "expires_at", "verified_at", "worked_count", "failed_count"]) offers.fields.removeByName(name);
    offers.indexes = offers.indexes.filter((index) => index.indexOf("idx_zdata_offers_expires") === -1 && index.indexOf("idx_zdata_offers_starts") === -1);
    app.save(offers);
  },
);
