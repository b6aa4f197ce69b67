/// <reference path="../pb_data/types.d.ts" />
// Postbacks (docs/reports.md, docs/decisions/038): storing a network's report of a
// conversion, and matching it to its click. Shared by postbacks.pb.js and
// outbound_events.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does not load
// it as hooks of its own; handlers run in isolated contexts and `require` it).

const { CONVERSION_STATUSES, LIMITS, TRACKING_KEYS } = require(`${__hooks}/rules.js`);
const { CURRENCIES } = require(`${__hooks}/currencies.js`);

/** What a conversion copies from the click its click id names (the short link it came through too, docs/links.md). */
const CLICK_FIELDS = ["offer", "store", "product", "country", "device", "short_link", ...TRACKING_KEYS];

function httpError(message) {
  return new BadRequestError(message);
}

/** A text of 1 to `max` characters. */
function isId(value, max) {
  return typeof value === "string" && value !== "" && value.length <= max;
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
  if (typeof p.network !== "string" || !isId(p.txid, LIMITS.txid)) throw httpError("postback: network or txid missing or too long");
  if (p.click_id && !isId(p.click_id, LIMITS.click_id)) throw httpError("postback: click id too long");
  if (typeof p.event === "string" && p.event.length > LIMITS.event) throw httpError("postback: event too long");
  if (CONVERSION_STATUSES.indexOf(p.status) === -1) throw httpError("postback: bad status");
  if (p.payout !== null && typeof p.payout !== "number") throw httpError("postback: bad payout");
  if (CURRENCIES.indexOf(p.currency) === -1) throw httpError("postback: bad currency");
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
/** A click stored after its conversion (the queue was slower than the network): the conversion gets its values now. */
function matchLateClick(app, click) {
  const clickId = click.getString("click_id");
  const waiting = app.findRecordsByFilter("conversions", "click_id = {:id} && matched = false", "", 100, 0, { id: clickId });
  for (const conversion of waiting) {
    copyClick(app, conversion, clickId);
    app.save(conversion);
  }
}

module.exports = { applyPostback: applyPostback, matchLateClick: matchLateClick };
