/// <reference path="../pb_data/types.d.ts" />
// Shared by conversions.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does not
// load it as hooks of its own; handlers run in isolated contexts and `require` it).
// docs/reports.md says what the report counts; docs/decisions/038 why.

const TRACKING_FIELDS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"];
/** What a conversion copies from the click its click id names. */
const CLICK_FIELDS = ["offer", "store", "product", "country", "device", ...TRACKING_FIELDS];
const STATUSES = ["pending", "approved", "reversed"];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86400000;
const MAX_DAYS = 366;

/** What daily_clicks sums clicks by (pb_migrations/1767226600_daily_clicks.js). */
const DAILY_DIMENSIONS = ["utm_source", "utm_medium", "utm_campaign", "store", "offer", "country", "device", "target_host"];

/** The report's groupings: the column of the daily click sums, and of a conversion, each is read from. */
const GROUPS = {
  day: ["d.day", "substr(c.reported_at, 1, 10)"],
  campaign: ["d.utm_campaign", "c.utm_campaign"],
  source: ["d.utm_source", "c.utm_source"],
  medium: ["d.utm_medium", "c.utm_medium"],
  store: ["d.store", "c.store"],
  offer: ["d.offer", "c.offer"],
  country: ["d.country", "c.country"],
  device: ["d.device", "c.device"],
  // Clicks know their host only: the hosts are given to networks by their click domains.
  network: ["d.target_host", "c.network"],
};

/** Record names shown for ids, per grouping. */
const LABELS = { store: ["_zdata_stores", "title"], offer: ["_zdata_offers", "heading"], network: ["affiliate_networks", "name"] };

function httpError(message) {
  return new BadRequestError(message);
}

function findOne(app, collection, filter, params) {
  try {
    return app.findFirstRecordByFilter(collection, filter, params);
  } catch (_) {
    return null;
  }
}

/** Copies the click's values onto the conversion; false when no stored click has that id. */
function copyClick(app, conversion, clickId) {
  const click = clickId ? findOne(app, "outbound_events", "click_id = {:id}", { id: clickId }) : null;
  if (!click) return false;
  for (const field of CLICK_FIELDS) conversion.set(field, click.get(field));
  conversion.set("click_time", click.get("event_time"));
  conversion.set("matched", true);
  return true;
}

function readHistory(record) {
  const raw = record.get("history");
  const parsed = raw ? JSON.parse(toString(raw)) : [];
  return Array.isArray(parsed) ? parsed : [];
}

/** A conversion's reported values: the latest postback's status and event, the latest payout given. */
function stateOf(history) {
  const last = history[history.length - 1];
  let paid = null;
  for (const entry of history) if (entry.payout !== null && entry.payout !== undefined) paid = entry;
  let event = "";
  for (const entry of history) if (entry.event) event = entry.event;
  return {
    status: last.status,
    payout: paid ? paid.payout : 0,
    currency: paid ? paid.currency : last.currency,
    event: event,
    reported_at: history[0].at,
    status_time: last.at,
  };
}

function sameState(a, b) {
  return a.status === b.status && a.payout === b.payout && a.currency === b.currency && a.event === b.event;
}

function checkPostback(p) {
  if (!p || typeof p !== "object") throw httpError("postback: not an object");
  if (typeof p.id !== "string" || p.id === "") throw httpError("postback: id missing");
  if (typeof p.network !== "string" || typeof p.txid !== "string" || p.txid === "") throw httpError("postback: network or txid missing");
  if (STATUSES.indexOf(p.status) === -1) throw httpError("postback: bad status");
  if (p.payout !== null && typeof p.payout !== "number") throw httpError("postback: bad payout");
  if (typeof p.currency !== "string" || !/^[A-Z]{3}$/.test(p.currency)) throw httpError("postback: bad currency");
  if (typeof p.at !== "string" || Number.isNaN(Date.parse(p.at))) throw httpError("postback: bad time");
}

/**
 * Stores one postback (inside the caller's transaction). Idempotent: a postback seen before
 * (its id in the history: the queue delivered it again) or one that changes none of the
 * conversion's values (the network sent it again) changes nothing. Postbacks are ordered by
 * the time the edge received them, so one that arrives late cannot undo a newer status.
 * Returns what happened: "created", "updated" or "unchanged".
 */
function applyPostback(app, p) {
  checkPostback(p);
  app.findRecordById("affiliate_networks", p.network);
  const entry = { id: p.id, status: p.status, payout: p.payout, currency: p.currency, event: p.event || "", at: p.at };
  const existing = findOne(app, "conversions", "network = {:network} && txid = {:txid}", { network: p.network, txid: p.txid });
  if (!existing) {
    const record = new Record(app.findCollectionByNameOrId("conversions"));
    record.set("network", p.network);
    record.set("txid", p.txid);
    record.set("click_id", p.click_id || "");
    record.set("matched", copyClick(app, record, p.click_id));
    setState(record, [entry]);
    app.save(record);
    return "created";
  }
  const history = readHistory(existing);
  if (history.some((seen) => seen.id === entry.id)) return "unchanged";
  const next = history.concat([entry]).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  if (history.length > 0 && sameState(stateOf(history), stateOf(next))) return "unchanged";
  setState(existing, next);
  app.save(existing);
  return "updated";
}

function setState(record, history) {
  const state = stateOf(history);
  for (const field of ["status", "payout", "currency", "event", "reported_at", "status_time"]) record.set(field, state[field]);
  record.set("history", history);
}

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

/** A click stored after its conversion (the queue was slower than the network): the conversion gets its values now. */
function matchLateClick(app, click) {
  const clickId = click.getString("click_id");
  const waiting = app.findRecordsByFilter("conversions", "click_id = {:id} && matched = false", "", 100, 0, { id: clickId });
  for (const conversion of waiting) {
    copyClick(app, conversion, clickId);
    app.save(conversion);
  }
}

function dayStart(day) {
  return `${day} 00:00:00.000Z`;
}

function checkRange(from, to, group) {
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
    throw httpError("from and to must be days (YYYY-MM-DD)");
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (span < 1) throw httpError("from must not be after to");
  if (span > MAX_DAYS) throw httpError(`at most ${MAX_DAYS} days`);
  if (!Object.hasOwn(GROUPS, group)) throw httpError("unknown grouping");
}

function query(app, sql, shape, params) {
  const rows = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows;
}

/** Network id per click host, by the networks' click domains (a domain covers its subdomains). */
function networkOfHost(app) {
  const networks = app.findAllRecords("affiliate_networks");
  const domains = [];
  for (const network of networks)
    for (const domain of network.getString("click_domains").split(/[\s,]+/))
      if (domain) domains.push([domain.toLowerCase().replace(/^\.+|\.+$/g, ""), network.id]);
  return (host) => {
    for (const [domain, id] of domains) if (host === domain || host.endsWith(`.${domain}`)) return id;
    return "";
  };
}

/** Names of the grouped records, read in one query of two columns (offers carry long
 * texts); an id whose record is gone stays an id. */
function labelsOf(app, group, keys) {
  const labels = {};
  const source = LABELS[group];
  const ids = keys.filter((key) => key !== "");
  if (!source || ids.length === 0) return labels;
  const params = {};
  const names = ids.map((id, index) => {
    params[`id${index}`] = id;
    return `{:id${index}}`;
  });
  const rows = query(app, `SELECT id AS k, ${source[1]} AS label FROM ${source[0]} WHERE id IN (${names.join(", ")})`, { k: "", label: "" }, params);
  for (const row of rows) labels[row.k] = row.label;
  return labels;
}

/**
 * The report of `from`..`to` (UTC days, both included) grouped by `group`: clicks and unique
 * (counted) clicks by the clicks' edge time, from their daily sums; conversions (not reversed) and their payouts
 * per currency by the time the network first reported them; and both per day for the chart.
 */
function report(app, from, to, group) {
  checkRange(from, to, group);
  const range = { from: dayStart(from), to: dayStart(new Date(Date.parse(to) + DAY_MS).toISOString().slice(0, 10)), fromDay: from, toDay: to };
  const [clickKey, conversionKey] = GROUPS[group];
  const clickRows = query(
    app,
    `SELECT COALESCE(${clickKey}, '') AS k, SUM(d.clicks) AS clicks, SUM(d.unique_clicks) AS uniq
     FROM daily_clicks d WHERE d.day >= {:fromDay} AND d.day <= {:toDay} GROUP BY k`,
    { k: "", clicks: 0, uniq: 0 },
    range,
  );
  const conversionRows = query(
    app,
    `SELECT COALESCE(${conversionKey}, '') AS k, c.currency AS currency, COUNT(*) AS conversions,
       COALESCE(SUM(c.status = 'approved'), 0) AS approved, COALESCE(SUM(c.payout), 0) AS revenue
     FROM conversions c WHERE c.status != 'reversed' AND c.reported_at >= {:from} AND c.reported_at < {:to} GROUP BY k, currency`,
    { k: "", currency: "", conversions: 0, approved: 0, revenue: -0 },
    range,
  );
  const rows = {};
  const row = (key) => {
    if (!rows[key]) rows[key] = { key: key, label: key, clicks: 0, unique_clicks: 0, conversions: 0, approved: 0, revenue: {} };
    return rows[key];
  };
  const hostNetwork = group === "network" ? networkOfHost(app) : null;
  for (const r of clickRows) {
    const target = row(hostNetwork ? hostNetwork(r.k) : r.k);
    target.clicks += r.clicks;
    target.unique_clicks += r.uniq;
  }
  const currencies = {};
  for (const r of conversionRows) {
    const target = row(r.k);
    target.conversions += r.conversions;
    target.approved += r.approved;
    target.revenue[r.currency] = (target.revenue[r.currency] || 0) + r.revenue;
    currencies[r.currency] = true;
  }
  if (group === "day") for (const day of dayList(from, to)) row(day);
  const list = labelled(app, group, rows);
  // By day, the rows are the chart's series already; any other grouping reads it apart.
  const days = group === "day" ? list.map((r) => ({ day: r.key, clicks: r.clicks, conversions: r.conversions })) : perDay(app, from, to, range);
  return { from: from, to: to, group: group, currencies: Object.keys(currencies).sort(), rows: list, days: days };
}

function dayList(from, to) {
  const days = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Clicks and conversions per day of the range, days without any included: the chart's series. */
function perDay(app, from, to, range) {
  const clicks = query(
    app,
    `SELECT d.day AS k, SUM(d.clicks) AS n FROM daily_clicks d WHERE d.day >= {:fromDay} AND d.day <= {:toDay} GROUP BY k`,
    { k: "", n: 0 },
    range,
  );
  const conversions = query(
    app,
    `SELECT substr(c.reported_at, 1, 10) AS k, COUNT(*) AS n FROM conversions c
     WHERE c.status != 'reversed' AND c.reported_at >= {:from} AND c.reported_at < {:to} GROUP BY k`,
    { k: "", n: 0 },
    range,
  );
  const byDay = (rows) => {
    const counts = {};
    for (const r of rows) counts[r.k] = r.n;
    return counts;
  };
  const clicksOn = byDay(clicks);
  const conversionsOn = byDay(conversions);
  return dayList(from, to).map((day) => ({ day: day, clicks: clicksOn[day] || 0, conversions: conversionsOn[day] || 0 }));
}

/** Rows with their names: by day in order, otherwise by clicks then conversions, most first. */
function labelled(app, group, rows) {
  const list = Object.keys(rows).map((key) => rows[key]);
  const labels = labelsOf(app, group, Object.keys(rows));
  for (const r of list) {
    if (labels[r.key] !== undefined) r.label = labels[r.key];
    // Sums of decimal payouts carry binary noise (0.1 + 0.2): four places are more than any network pays in.
    for (const currency of Object.keys(r.revenue)) r.revenue[currency] = Math.round(r.revenue[currency] * 10000) / 10000;
  }
  if (group === "day") return list.sort((a, b) => (a.key < b.key ? -1 : 1));
  return list.sort((a, b) => b.clicks - a.clicks || b.conversions - a.conversions || (a.label < b.label ? -1 : 1));
}

module.exports = { countDailyClick: countDailyClick, applyPostback: applyPostback, matchLateClick: matchLateClick, report: report };
