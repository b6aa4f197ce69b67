/// <reference path="../pb_data/types.d.ts" />
// The import's rules that must hold against what is stored (issue 48, docs/feeds.md,
// docs/decisions/053-feed-rules-in-pocketbase-hooks.md): shared by feeds.pb.js (a CommonJS
// module, not a .pb.js file, so PocketBase does not load it as hooks of its own). Every
// function runs inside the caller's transaction (the Worker's batch), so an editor's save
// can never fall between reading an offer and writing it.
//
// The Worker has already read, sanitized and dated each promotion (src/edge/feeds); here a
// promotion becomes, or updates, its offer:
// - an editor's edit wins: `written` keeps the value the import last wrote per field, and a
//   field whose stored value differs from it was changed since, so it is left alone;
// - an advertiser without a store holds its promotions until an editor maps it;
// - the same code for the same store from two networks with overlapping dates shows once.

const { hostInDomains, clickDomainList, LIMITS, websiteDomain } = require(`${__hooks}/rules.js`);

/** The offer fields a promotion sets. */
const OFFER_FIELDS = ["heading", "description", "tnc", "type", "coupon_code", "cta_url", "starts_at", "expires_at", "countries", "store"];
/** Counts of import_runs a promotion's outcome adds to. */
const COUNTED = { created: "created", updated: "updated", unchanged: "unchanged", held: "held", skipped: "skipped" };
/** Complete runs in a row that must miss a promotion before its offer ends. */
const MISSES_TO_END = 3;

function findOne(app, collection, filter, params) {
  try {
    return app.findFirstRecordByFilter(collection, filter, params);
  } catch (_) {
    return null;
  }
}

function findById(app, collection, id) {
  try {
    return app.findRecordById(collection, id);
  } catch (_) {
    return null;
  }
}

function readJson(record, field) {
  const raw = record.get(field);
  if (raw === null || raw === undefined) return null;
  const text = toString(raw);
  if (!text || text === "null") return null;
  return JSON.parse(text);
}

/** A field's stored value as text, lists sorted, so a value can be compared with the one the import wrote. */
function fieldText(record, field) {
  if (field !== "countries") return record.getString(field);
  const list = record.getStringSlice(field);
  const values = [];
  for (let i = 0; i < list.length; i++) values.push(list[i]);
  return JSON.stringify(values.sort());
}

function nowText() {
  return new Date().toISOString().replace("T", " ");
}

/** [start, end) of an offer in ms; an empty start is the beginning of time, an empty end never comes. */
function span(offer) {
  const start = offer.getString("starts_at");
  const end = offer.getString("expires_at");
  return [start ? Date.parse(start.replace(" ", "T")) : -Infinity, end ? Date.parse(end.replace(" ", "T")) : Infinity];
}

function overlaps(a, b) {
  const x = span(a);
  const y = span(b);
  return x[0] < y[1] && y[0] < x[1];
}

/**
 * The same code for the same store from more than one network: each offer, in the order of
 * its network's rank (lower first, then the older offer), shows unless an offer before it
 * from another network shows with overlapping dates; then it points at that one
 * (`duplicate_of`) and the offers' rules hide it from visitors.
 */
function resolveDuplicates(app, store, code) {
  if (!store || !code) return;
  const group = app.findRecordsByFilter("_zdata_offers", "store = {:store} && coupon_code = {:code} && network != ''", "", 200, 0, {
    store: store,
    code: code,
  });
  const rank = {};
  for (const offer of group) {
    const id = offer.getString("network");
    if (rank[id] === undefined) {
      const network = findById(app, "affiliate_networks", id);
      rank[id] = network ? network.getInt("feed_rank") : 0;
    }
  }
  group.sort((a, b) => rank[a.getString("network")] - rank[b.getString("network")] || a.getString("create_time").localeCompare(b.getString("create_time")));
  const shown = [];
  for (const offer of group) {
    let over = "";
    for (const other of shown) {
      if (other.getString("network") !== offer.getString("network") && overlaps(other, offer)) {
        over = other.id;
        break;
      }
    }
    if (!over) shown.push(offer);
    if (offer.getString("duplicate_of") !== over) {
      offer.set("duplicate_of", over);
      app.save(offer);
    }
  }
}

/** Groups an offer was in or is in now, settled again after it changed. */
function resolveAround(app, offer, before) {
  if (before && (before.store !== offer.getString("store") || before.code !== offer.getString("coupon_code")))
    resolveDuplicates(app, before.store, before.code);
  resolveDuplicates(app, offer.getString("store"), offer.getString("coupon_code"));
}

/**
 * The tracking link's host joins the network's click domains, so /goto leads there and the
 * report counts its clicks. False when the list would outgrow its field.
 */
function joinClickDomains(app, network, host) {
  const domains = clickDomainList(network.getString("click_domains"));
  if (hostInDomains(host, domains)) return true;
  domains.push(host);
  const text = domains.join(", ");
  if (text.length > LIMITS.click_domains) return false;
  network.set("click_domains", text);
  app.save(network);
  return true;
}

function hostOf(url) {
  const match = /^https:\/\/([^/?#:@]+)/i.exec(String(url || ""));
  return match ? String(match[1]).toLowerCase() : "";
}

/**
 * Applies one promotion (a network_promotions record, saved or about to be) to its offer,
 * which has the promotion's id. Returns { outcome, reason, written }: created, updated,
 * unchanged, held (no store yet) or skipped (with the reason).
 */
function applyPromotion(app, promotion) {
  const data = readJson(promotion, "data") || {};
  const networkId = promotion.getString("network");
  const advertiser = findOne(app, "network_advertisers", "network = {:network} && advertiser_id = {:advertiser}", {
    network: networkId,
    advertiser: promotion.getString("advertiser_id"),
  });
  const store = advertiser ? advertiser.getString("store") : "";
  if (!store) return { outcome: "held", reason: "", written: readJson(promotion, "written") };
  const network = app.findRecordById("affiliate_networks", networkId);
  const host = hostOf(data.cta_url);
  if (!host) return { outcome: "skipped", reason: "no https tracking link", written: readJson(promotion, "written") };
  if (!joinClickDomains(app, network, host)) return { outcome: "skipped", reason: "click domains full", written: readJson(promotion, "written") };

  const desired = {};
  for (const field of OFFER_FIELDS) desired[field] = data[field] === undefined ? "" : data[field];
  desired.store = store;
  const written = readJson(promotion, "written") || {};
  let offer = findById(app, "_zdata_offers", promotion.id);
  let outcome;
  let before = null;
  const next = {};
  if (!offer) {
    offer = new Record(app.findCollectionByNameOrId("_zdata_offers"));
    offer.set("id", promotion.id);
    offer.set("network", networkId);
    offer.set("promotion_id", promotion.getString("promotion_id"));
    offer.set("status", network.getBool("feed_auto_publish") ? "published" : "draft");
    for (const field of OFFER_FIELDS) {
      offer.set(field, desired[field]);
      next[field] = fieldText(offer, field);
    }
    outcome = "created";
  } else {
    before = { store: offer.getString("store"), code: offer.getString("coupon_code") };
    outcome = "unchanged";
    for (const field of OFFER_FIELDS) {
      const stored = fieldText(offer, field);
      // Changed by someone since the import last wrote it: the editor's value stays.
      if (written[field] !== undefined && written[field] !== stored) {
        next[field] = written[field];
        continue;
      }
      offer.set(field, desired[field]);
      next[field] = fieldText(offer, field);
      if (next[field] !== stored) outcome = "updated";
    }
  }
  if (outcome !== "unchanged") {
    try {
      app.save(offer);
    } catch (error) {
      return { outcome: "skipped", reason: `refused by the offer checks: ${String(error).slice(0, 120)}`, written: written };
    }
    resolveAround(app, offer, before);
  }
  return { outcome: outcome, reason: "", written: next };
}

/** Adds to a run's counts in SQL (no record hooks), inside the caller's transaction. */
function countOutcome(app, run, outcome, reason) {
  const column = COUNTED[outcome];
  if (!run || !column) return;
  app.db().newQuery(`UPDATE import_runs SET ${column} = ${column} + 1 WHERE id = {:run}`).bind({ run: run }).execute();
  if (outcome === "skipped" && reason) addSkipReasons(app, run, { [reason]: 1 });
}

/** Adds counts per reason to a run's skip_reasons. */
function addSkipReasons(app, run, reasons) {
  for (const reason of Object.keys(reasons)) {
    const count = Number(reasons[reason]) || 0;
    if (count <= 0) continue;
    app
      .db()
      .newQuery(
        "UPDATE import_runs SET skip_reasons = json_set(CASE WHEN json_valid(skip_reasons) AND json_type(skip_reasons) = 'object' THEN skip_reasons ELSE '{}' END, '$.' || json_quote({:reason}), COALESCE(json_extract(skip_reasons, '$.' || json_quote({:reason})), 0) + {:count}) WHERE id = {:run}",
      )
      .bind({ run: run, reason: String(reason).slice(0, 120), count: count })
      .execute();
  }
}

/** Keeps an advertiser's count of promotions waiting for a store. */
function countWaiting(app, network, advertiserId) {
  app
    .db()
    .newQuery(
      "UPDATE network_advertisers SET waiting = (SELECT COUNT(*) FROM network_promotions p WHERE p.network = {:network} AND p.advertiser_id = {:advertiser} AND p.outcome = 'held' AND p.missed < {:misses}) WHERE network = {:network} AND advertiser_id = {:advertiser}",
    )
    .bind({ network: network, advertiser: advertiserId, misses: MISSES_TO_END })
    .execute();
}

/** Stores what applying a promotion gave, without record hooks. */
function storeOutcome(app, id, result) {
  app
    .db()
    .newQuery("UPDATE network_promotions SET outcome = {:outcome}, reason = {:reason}, written = {:written} WHERE id = {:id}")
    .bind({ id: id, outcome: result.outcome, reason: result.reason, written: JSON.stringify(result.written || {}) })
    .execute();
}

/**
 * An editor gave the advertiser a store: its held promotions become offers now, from what
 * the feed said, without another fetch. Promotions that vanished meanwhile stay out.
 */
function releaseHeld(app, advertiser) {
  const network = advertiser.getString("network");
  const advertiserId = advertiser.getString("advertiser_id");
  for (;;) {
    const held = app.findRecordsByFilter(
      "network_promotions",
      "network = {:network} && advertiser_id = {:advertiser} && outcome = 'held' && missed < {:misses}",
      "id",
      200,
      0,
      { network: network, advertiser: advertiserId, misses: MISSES_TO_END },
    );
    if (held.length === 0) break;
    for (const promotion of held) {
      const result = applyPromotion(app, promotion);
      // Still held (the store was taken away again): stop rather than loop.
      if (result.outcome === "held") return;
      storeOutcome(app, promotion.id, result);
    }
  }
  countWaiting(app, network, advertiserId);
}

/**
 * A complete run: each of the network's promotions it did not list has missed one more, and
 * those missed by MISSES_TO_END complete runs in a row end now (the store page's expired
 * list shows them; nothing is deleted). An end date an editor set is theirs and stays.
 * Returns how many offers ended.
 */
function endMissing(app, run) {
  const network = run.getString("network");
  app
    .db()
    .newQuery("UPDATE network_promotions SET missed = missed + 1 WHERE network = {:network} AND last_run != {:run}")
    .bind({ network: network, run: run.id })
    .execute();
  let ended = 0;
  const now = nowText();
  for (;;) {
    const gone = app.findRecordsByFilter("network_promotions", "network = {:network} && missed >= {:misses} && ended = false", "id", 200, 0, {
      network: network,
      misses: MISSES_TO_END,
    });
    if (gone.length === 0) break;
    for (const promotion of gone) {
      const written = readJson(promotion, "written") || {};
      const offer = findById(app, "_zdata_offers", promotion.id);
      if (offer) {
        const stored = offer.getString("expires_at");
        const editors = written.expires_at !== undefined && written.expires_at !== stored;
        const end = span(offer)[1];
        if (!editors && end > Date.now()) {
          offer.set("expires_at", now);
          app.save(offer);
          written.expires_at = offer.getString("expires_at");
          ended++;
          resolveAround(app, offer, null);
        }
      }
      app
        .db()
        .newQuery("UPDATE network_promotions SET ended = 1, written = {:written} WHERE id = {:id}")
        .bind({ id: promotion.id, written: JSON.stringify(written) })
        .execute();
    }
  }
  return ended;
}

/**
 * The store an advertiser is likely to be: the one whose website's domain covers the host of
 * the advertiser's site (or landing page). Never by name: names collide, hosts do not.
 */
function suggestStore(app, siteUrl) {
  const host = websiteDomain(siteUrl);
  if (!host) return "";
  const labels = host.split(".");
  const tail = labels.slice(-2).join(".");
  const candidates = app.findRecordsByFilter("_zdata_stores", "website ~ {:tail}", "create_time", 50, 0, { tail: tail });
  let best = "";
  let bestLength = 0;
  for (const store of candidates) {
    const domain = websiteDomain(store.getString("website"));
    // The most specific domain wins: shop.acme.example over acme.example.
    if (domain && hostInDomains(host, [domain]) && domain.length > bestLength) {
      best = store.id;
      bestLength = domain.length;
    }
  }
  return best;
}

module.exports = {
  applyPromotion: applyPromotion,
  countOutcome: countOutcome,
  addSkipReasons: addSkipReasons,
  countWaiting: countWaiting,
  releaseHeld: releaseHeld,
  endMissing: endMissing,
  suggestStore: suggestStore,
  readJson: readJson,
  nowText: nowText,
};
