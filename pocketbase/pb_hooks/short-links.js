/// <reference path="../pb_data/types.d.ts" />
// Marketers' short links (docs/links.md, docs/decisions/064): the checks of what a marketer
// writes, a deleted link's retirement, and the figures of the links list. Shared by
// short_links.pb.js (a CommonJS module; handlers run in isolated contexts and `require` it).

const { LIMITS, SHORT_LINK, TRACKING_VALUE_CHARACTERS, sitePathProblem } = require(`${__hooks}/rules.js`);

const MESSAGES = {
  slug_form: "A slug is 3 to 50 letters, digits, - or _, and starts and ends with a letter or a digit.",
  slug_reserved: "This word is kept for the site's own use: choose another slug.",
  slug_taken: "This slug is taken, by a link or by a deleted one (a slug is never given out twice): choose another.",
  slug_fixed: "A link's slug never changes: make a new link for a new address.",
  not_a_path: "The destination must be a page of this site written as its path, such as /stores/acme/abc123 (or choose an offer).",
  not_a_page: "That address is not a page visitors can be sent to (/l/, /goto, /admin, /api and the like are not).",
  has_campaign_values: "Put the campaign values in the link's own fields, not in the destination's address.",
  offer_unknown: "There is no offer with this id.",
  offer_mismatch: "A link to an offer's partner link has the offer's id as its destination.",
  value_characters: "Campaign values are made of letters, digits, spaces and - . _ ~ + : / @ ! $ ( ) * , | only, without spaces at either end.",
};

const OFFER_ID = /^[a-z0-9]{15}$/;
const VALUE = new RegExp(`^[${TRACKING_VALUE_CHARACTERS}]*$`);

function one(app, sql, params) {
  const rows = arrayOf(new DynamicModel({ n: 0 }));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows.length > 0 ? rows[0].n : 0;
}

/** Whether a slug is used, by another link or a deleted one, compared without regard to case. */
function slugTaken(app, slug, id) {
  return (
    one(
      app,
      `SELECT (SELECT COUNT(*) FROM short_links WHERE slug = {:slug} COLLATE NOCASE AND id != {:id})
            + (SELECT COUNT(*) FROM retired_short_links WHERE slug = {:slug} COLLATE NOCASE) AS n`,
      { slug: slug, id: id },
    ) > 0
  );
}

function offerExists(app, id) {
  return one(app, "SELECT COUNT(*) AS n FROM _zdata_offers WHERE id = {:id}", { id: id }) > 0;
}

/** A random slug no link has had (rules.js SHORT_LINK: 31^7 of them). */
function randomSlug(app) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const slug = $security.randomStringWithAlphabet(SHORT_LINK.randomLength, SHORT_LINK.randomAlphabet);
    if (!slugTaken(app, slug, "")) return slug;
  }
  throw new Error("no free random slug found");
}

/**
 * A new link as it is stored: made by the marketer who sends it (a superuser's import names
 * its own), and given a random slug when none was typed.
 * @param {core.App} app @param {core.Record} record @param {core.Record | null} auth
 */
function prepareNew(app, record, auth) {
  if (auth && auth.collection().name === "marketers") record.set("created_by", auth.id);
  if (!record.getString("slug").trim()) record.set("slug", randomSlug(app));
}

/** The destination's problem, as [field, code]; an offer's id given as the destination links the offer. */
function destinationProblem(app, record) {
  const destination = record.getString("destination").trim();
  const offer = record.getString("offer");
  if (offer) {
    if (!destination) record.set("destination", offer);
    else if (destination !== offer) return ["destination", "offer_mismatch"];
    return offerExists(app, offer) ? null : ["offer", "offer_unknown"];
  }
  if (OFFER_ID.test(destination)) {
    if (!offerExists(app, destination)) return ["destination", "offer_unknown"];
    record.set("offer", destination);
    return null;
  }
  const problem = sitePathProblem(destination);
  return problem ? ["destination", problem] : null;
}

/**
 * Checks a link a request creates or changes (`original` null for a new one): its slug's
 * form, reserved words and uniqueness (or that it stays as it was), its destination, and
 * its campaign values. Throws a 400 naming each field the way PocketBase names its own.
 * @param {core.App} app @param {core.Record} record @param {core.Record | null} original
 */
function check(app, record, original) {
  const slug = record.getString("slug");
  const problems = [];
  if (original) {
    if (slug !== original.getString("slug")) problems.push(["slug", "slug_fixed"]);
  } else if (!SHORT_LINK.slug.test(slug) || slug.length > LIMITS.slug) problems.push(["slug", "slug_form"]);
  else if (SHORT_LINK.reserved.indexOf(slug.toLowerCase()) !== -1) problems.push(["slug", "slug_reserved"]);
  else if (slugTaken(app, slug, record.id)) problems.push(["slug", "slug_taken"]);
  problems.push(destinationProblem(app, record));
  for (const name of SHORT_LINK.values) {
    const value = record.getString(name);
    if (!VALUE.test(value) || value !== value.trim() || value.length > LIMITS.tracking_value) problems.push([name, "value_characters"]);
  }
  const data = {};
  const messages = [];
  for (const problem of problems) {
    if (!problem || data[problem[0]]) continue;
    data[problem[0]] = new ValidationError(`validation_${problem[1]}`, MESSAGES[problem[1]]);
    messages.push(MESSAGES[problem[1]]);
  }
  if (messages.length > 0) throw new BadRequestError(messages.join(" "), data);
}

/** Keeps a deleted link's slug, under the link's id, in the deleting transaction: it is never given out again. */
function retire(app, record) {
  const retired = new Record(app.findCollectionByNameOrId("retired_short_links"));
  retired.set("id", record.id);
  retired.set("slug", record.getString("slug"));
  app.save(retired);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Suggestions per campaign value in the builder's form: the most used first. */
const SUGGESTIONS = 100;

function rowsOf(app, sql, shape, params) {
  const rows = arrayOf(new DynamicModel(shape));
  app.db().newQuery(sql).bind(params).all(rows);
  return rows;
}

/**
 * The links list's figures for `from`..`to` (UTC days): per link id, its visits and unique
 * visits (daily_link_visits), and the report's "link" row: clicks out to partners, unique
 * clicks, conversions and revenue (reports.js). Deleted links' ids included.
 */
function figures(app, from, to) {
  const report = require(`${__hooks}/reports.js`).report(app, from, to, "link");
  const links = {};
  const row = (id) => {
    if (!links[id]) links[id] = { visits: 0, unique_visits: 0, clicks: 0, unique_clicks: 0, conversions: 0, approved: 0, revenue: {} };
    return links[id];
  };
  for (const r of report.rows) {
    if (!r.key) continue;
    Object.assign(row(r.key), { clicks: r.clicks, unique_clicks: r.unique_clicks, conversions: r.conversions, approved: r.approved, revenue: r.revenue });
  }
  const visits = rowsOf(
    app,
    `SELECT short_link AS k, SUM(visits) AS visits, SUM(unique_visits) AS uniq FROM daily_link_visits
     WHERE day >= {:from} AND day <= {:to} GROUP BY short_link`,
    { k: "", visits: 0, uniq: 0 },
    { from: from, to: to },
  );
  for (const v of visits) Object.assign(row(v.k), { visits: v.visits, unique_visits: v.uniq });
  return { from: from, to: to, currencies: report.currencies, links: links };
}

/** The campaign values in use, by links and by the last 90 days' clicks, most used first. */
function suggestions(app) {
  const since = new Date(Date.now() - 90 * 86400000).toISOString().slice(0, 10);
  const found = {};
  for (const name of SHORT_LINK.values) {
    const fromClicks =
      name === "utm_term" || name === "utm_content" ? "" : `UNION ALL SELECT ${name} AS v, clicks AS n FROM daily_clicks WHERE day >= {:since}`;
    const rows = rowsOf(
      app,
      `SELECT v, SUM(n) AS n FROM (SELECT ${name} AS v, 1 AS n FROM short_links ${fromClicks}) WHERE v != '' GROUP BY v ORDER BY n DESC, v LIMIT ${SUGGESTIONS}`,
      { v: "", n: 0 },
      { since: since },
    );
    found[name] = rows.map((r) => r.v);
  }
  return found;
}

/** The route's answer: checks the range as the report does (reports.js throws 400s for it). */
function linksFigures(app, from, to) {
  if (!DAY.test(from) || !DAY.test(to)) throw new BadRequestError("from and to must be days (YYYY-MM-DD)");
  return Object.assign(figures(app, from, to), { suggestions: suggestions(app) });
}

module.exports = { prepareNew: prepareNew, check: check, retire: retire, linksFigures: linksFigures };
