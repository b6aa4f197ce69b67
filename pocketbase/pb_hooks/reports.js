/// <reference path="../pb_data/types.d.ts" />
// The marketers' report (docs/reports.md; docs/decisions/038 says why it counts what it
// does). Shared by reports.pb.js (a CommonJS module; handlers `require` it).

const { CONVERSION_STATUSES, REPORT_GROUPS, clickDomainList, hostInDomains } = require(`${__hooks}/rules.js`);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86400000;
const MAX_DAYS = 366;
/** Most values offered per filter: a longer list is typed as a URL parameter instead. */
const MAX_CHOICES = 500;

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

/** Every grouping but the day filters the report too (e.g. one store, by day). */
const FILTERS = REPORT_GROUPS.filter((group) => group !== "day");

/** Record names shown for ids, per grouping: the query of `id AS k, … AS label` (an offer's with its store's title). */
const LABELS = {
  store: "SELECT id AS k, title AS label, '' AS store FROM _zdata_stores",
  offer: "SELECT o.id AS k, o.heading AS label, COALESCE(s.title, '') AS store FROM _zdata_offers o LEFT JOIN _zdata_stores s ON s.id = o.store",
  network: "SELECT id AS k, name AS label, '' AS store FROM affiliate_networks",
  link: "SELECT id AS k, label AS label, '' AS store FROM short_link_names",
};
const LABEL_ID = { store: "id", offer: "o.id", network: "id", link: "id" };

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

/** Names of the grouped records (and an offer's store), read in one query (offers carry long
 * texts); an id whose record is gone stays an id. */
function labelsOf(app, group, keys) {
  const labels = {};
  const ids = keys.filter((key) => key !== "");
  if (!LABELS[group] || ids.length === 0) return labels;
  const params = {};
  const names = ids.map((id, index) => {
    params[`id${index}`] = id;
    return `{:id${index}}`;
  });
  const rows = query(app, `${LABELS[group]} WHERE ${LABEL_ID[group]} IN (${names.join(", ")})`, { k: "", label: "", store: "" }, params);
  for (const row of rows) labels[row.k] = row;
  return labels;
}

/** Whether `value` is a filter's value: a string of at most 200 characters. */
function filterValues(filters) {
  const values = {};
  for (const name of FILTERS) {
    const value = filters[name] || "";
    if (value.length > 200) throw httpError(`${name} is too long`);
    if (value !== "") values[name] = value;
  }
  return values;
}

/**
 * The SQL conditions of the filters, on the daily click sums (`d`) and on conversions (`c`),
 * and their parameters. Clicks know their host only: a network's are those of the range's
 * hosts in its click domains.
 */
function conditions(app, values, range) {
  const params = {};
  const clicks = [];
  const conversions = [];
  for (const name of Object.keys(values)) {
    params[`f_${name}`] = values[name];
    conversions.push(`${GROUPS[name][1]} = {:f_${name}}`);
    if (name !== "network") {
      clicks.push(`${GROUPS[name][0]} = {:f_${name}}`);
      continue;
    }
    const networkOf = networkOfHost(app);
    const hosts = query(app, "SELECT DISTINCT d.target_host AS k FROM daily_clicks d WHERE d.day >= {:fromDay} AND d.day <= {:toDay}", { k: "" }, range)
      .map((r) => r.k)
      .filter((host) => networkOf(host) === values.network);
    hosts.forEach((host, index) => {
      params[`h${index}`] = host;
    });
    clicks.push(hosts.length === 0 ? "0" : `d.target_host IN (${hosts.map((_, index) => `{:h${index}}`).join(", ")})`);
  }
  const and = (list) => list.map((condition) => ` AND ${condition}`).join("");
  return { clicks: and(clicks), conversions: and(conversions), params: params };
}

/** A range's bounds as the queries bind them: UTC days, both included. */
function rangeOf(from, to) {
  return { from: dayStart(from), to: dayStart(new Date(Date.parse(to) + DAY_MS).toISOString().slice(0, 10)), fromDay: from, toDay: to };
}

function emptyRow(key) {
  const row = { key: key, label: key, clicks: 0, unique_clicks: 0, conversions: 0, revenue: {} };
  for (const status of CONVERSION_STATUSES) row[status] = 0;
  return row;
}

/**
 * Clicks, unique clicks, conversions by status and the payouts of those not reversed, per
 * currency, summed by the given click and conversion columns (a constant: one row). The
 * conversions counted are those not reversed.
 */
function sums(app, range, keys, where, hostNetwork) {
  const params = Object.assign({}, range, where.params);
  const clickRows = query(
    app,
    `SELECT COALESCE(${keys[0]}, '') AS k, SUM(d.clicks) AS clicks, SUM(d.unique_clicks) AS uniq
     FROM daily_clicks d WHERE d.day >= {:fromDay} AND d.day <= {:toDay}${where.clicks} GROUP BY k`,
    { k: "", clicks: 0, uniq: 0 },
    params,
  );
  const shape = { k: "", currency: "", conversions: 0, revenue: -0 };
  for (const status of CONVERSION_STATUSES) shape[status] = 0;
  const conversionRows = query(
    app,
    `SELECT COALESCE(${keys[1]}, '') AS k, c.currency AS currency, COALESCE(SUM(c.status != 'reversed'), 0) AS conversions,
       ${CONVERSION_STATUSES.map((status) => `COALESCE(SUM(c.status = '${status}'), 0) AS ${status}`).join(", ")},
       COALESCE(SUM(CASE WHEN c.status != 'reversed' THEN c.payout END), 0) AS revenue
     FROM conversions c WHERE c.reported_at >= {:from} AND c.reported_at < {:to}${where.conversions} GROUP BY k, currency`,
    shape,
    params,
  );
  const rows = {};
  const row = (key) => {
    if (!rows[key]) rows[key] = emptyRow(key);
    return rows[key];
  };
  for (const r of clickRows) {
    const target = row(hostNetwork ? hostNetwork(r.k) : r.k);
    target.clicks += r.clicks;
    target.unique_clicks += r.uniq;
  }
  const currencies = {};
  for (const r of conversionRows) {
    const target = row(r.k);
    target.conversions += r.conversions;
    for (const status of CONVERSION_STATUSES) target[status] += r[status];
    // Reversed conversions earn nothing: their currency is not the range's.
    if (r.conversions === 0) continue;
    target.revenue[r.currency] = (target.revenue[r.currency] || 0) + r.revenue;
    currencies[r.currency] = true;
  }
  return { rows: rows, currencies: currencies };
}

/** Sums of decimal payouts carry binary noise (0.1 + 0.2): four places are more than any network pays in. */
function roundRevenue(row) {
  for (const currency of Object.keys(row.revenue)) row.revenue[currency] = Math.round(row.revenue[currency] * 10000) / 10000;
  return row;
}

/** The values each filter can take in `from`..`to` (where there were clicks or conversions), with their names. */
function filterChoices(app, from, to) {
  const range = rangeOf(from, to);
  const choices = {};
  for (const name of FILTERS) {
    const values =
      name === "network"
        ? query(app, "SELECT id AS k FROM affiliate_networks ORDER BY name", { k: "" }, {})
        : query(
            app,
            `SELECT k FROM (SELECT DISTINCT ${GROUPS[name][0]} AS k FROM daily_clicks d WHERE d.day >= {:fromDay} AND d.day <= {:toDay}
               UNION SELECT DISTINCT ${GROUPS[name][1]} FROM conversions c WHERE c.reported_at >= {:from} AND c.reported_at < {:to})
             WHERE k != '' ORDER BY k LIMIT ${MAX_CHOICES}`,
            { k: "" },
            range,
          );
    const keys = values.map((r) => r.k);
    const labels = labelsOf(app, name, keys);
    choices[name] = keys
      .map((key) => ({ value: key, label: labels[key] ? labels[key].label : key }))
      .sort((a, b) => (a.label.toLowerCase() < b.label.toLowerCase() ? -1 : 1));
  }
  return choices;
}

/**
 * The report of `from`..`to` (UTC days, both included) grouped by `group`, of what the
 * `filters` (grouping name → value) let through: clicks and unique (counted) clicks by the
 * clicks' edge time, from their daily sums; conversions by status, and the payouts of those
 * not reversed per currency, by the time the network first reported them; both per day for
 * the chart.
 */
function report(app, from, to, group, filters) {
  checkRange(from, to, group);
  const values = filterValues(filters || {});
  const range = rangeOf(from, to);
  const where = conditions(app, values, range);
  const { rows, currencies } = sums(app, range, GROUPS[group], where, group === "network" ? networkOfHost(app) : null);
  if (group === "day") for (const day of dayList(from, to)) if (!rows[day]) rows[day] = emptyRow(day);
  const list = labelled(app, group, rows);
  // By day, the rows are the chart's series already; any other grouping reads it apart.
  const days = group === "day" ? list.map((r) => ({ day: r.key, clicks: r.clicks, conversions: r.conversions })) : perDay(app, from, to, range, where);
  return { from: from, to: to, group: group, filters: values, currencies: Object.keys(currencies).sort(), rows: list, days: days };
}

/** The totals of the period of the same length just before `from`..`to`, filtered alike (the report page's comparison). */
function previousPeriod(app, from, to, filters) {
  const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  const previousTo = new Date(Date.parse(from) - DAY_MS).toISOString().slice(0, 10);
  const previousFrom = new Date(Date.parse(from) - span * DAY_MS).toISOString().slice(0, 10);
  const range = rangeOf(previousFrom, previousTo);
  const previous = sums(app, range, ["''", "''"], conditions(app, filterValues(filters || {}), range), null);
  return { from: previousFrom, to: previousTo, currencies: Object.keys(previous.currencies).sort(), totals: roundRevenue(previous.rows[""] || emptyRow("")) };
}

function dayList(from, to) {
  const days = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Clicks and conversions per day of the range, days without any included: the chart's series. */
function perDay(app, from, to, range, where) {
  const { rows } = sums(app, range, ["d.day", "substr(c.reported_at, 1, 10)"], where, null);
  return dayList(from, to).map((day) => ({ day: day, clicks: rows[day] ? rows[day].clicks : 0, conversions: rows[day] ? rows[day].conversions : 0 }));
}

/** Rows with their names: by day in order, otherwise by clicks then conversions, most first. */
function labelled(app, group, rows) {
  const list = Object.keys(rows).map((key) => rows[key]);
  const labels = labelsOf(app, group, Object.keys(rows));
  for (const r of list) {
    if (labels[r.key] !== undefined) r.label = labels[r.key].label;
    if (group === "offer") r.store = labels[r.key] ? labels[r.key].store : "";
    roundRevenue(r);
  }
  if (group === "day") return list.sort((a, b) => (a.key < b.key ? -1 : 1));
  return list.sort((a, b) => b.clicks - a.clicks || b.conversions - a.conversions || (a.label < b.label ? -1 : 1));
}

module.exports = { report: report, previousPeriod: previousPeriod, filterChoices: filterChoices };
