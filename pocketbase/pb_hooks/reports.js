/// <reference path="../pb_data/types.d.ts" />
// The marketers' report (docs/reports.md; docs/decisions/038 says why it counts what it
// does). Shared by reports.pb.js (a CommonJS module; handlers `require` it).

const { REPORT_GROUPS, clickDomainList, hostInDomains } = require(`${__hooks}/rules.js`);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86400000;
const MAX_DAYS = 366;

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
  // The short link the click came through (docs/links.md); conversions copy it from their click.
  link: ["d.short_link", "c.short_link"],
};

/** Record names shown for ids, per grouping. */
const LABELS = {
  store: ["_zdata_stores", "title"],
  offer: ["_zdata_offers", "heading"],
  network: ["affiliate_networks", "name"],
  link: ["short_link_names", "label"],
};

function httpError(message) {
  return new BadRequestError(message);
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
  if (REPORT_GROUPS.indexOf(group) === -1 || !Object.hasOwn(GROUPS, group)) throw httpError("unknown grouping");
}

function query(app, sql, shape, params) {
  const rows = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows;
}

/** Network id per click host, by the networks' click domains (rules.js hostInDomains). */
function networkOfHost(app) {
  const networks = app.findAllRecords("affiliate_networks").map((network) => [clickDomainList(network.getString("click_domains")), network.id]);
  return (host) => {
    for (const [domains, id] of networks) if (hostInDomains(host, domains)) return id;
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

module.exports = { report: report };
