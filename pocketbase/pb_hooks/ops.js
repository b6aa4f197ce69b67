/// <reference path="../pb_data/types.d.ts" />
// Operations (issue 49, docs/operations.md): retention of raw events, the replay of archived
// events, and what the status page and the alerts read. Shared by ops.pb.js (a CommonJS
// module, not a .pb.js file; handlers run in isolated contexts and `require` it).

const { EVENT_LINKS, EVENTS_KEEP_DAYS } = require(`${__hooks}/rules.js`);
const { applyPostback } = require(`${__hooks}/postbacks.js`);

const DAY_MS = 86400000;
/** Rows per DELETE: each is one short write transaction, so stored clicks never wait long behind it. */
const CHUNK = 5000;
/** One call of the retention route stops after this long; the caller calls again until done. */
const BUDGET_MS = 5000;
/** Log level of errors in PocketBase's logs (Go's slog). */
const ERROR_LEVEL = 8;

/** PocketBase's text form of a time, as date fields store it. */
function pbTime(ms) {
  return new Date(ms).toISOString().replace("T", " ");
}

function checkKeepDays(value) {
  if (typeof value !== "number" || !Number.isInteger(value) || value < EVENTS_KEEP_DAYS.least)
    throw new BadRequestError(`keep_days must be a whole number of days, at least ${EVENTS_KEEP_DAYS.least}`);
  return value;
}

/** The first instant kept: the start of the UTC day `keepDays` before now. Whole days go, so a day's sums and its events never part halfway. */
function cutoffOf(keepDays, now) {
  const day = new Date(now - keepDays * DAY_MS).toISOString().slice(0, 10);
  return `${day} 00:00:00.000Z`;
}

/**
 * Deletes raw events older than `keepDays` in chunks, for at most BUDGET_MS. Plain SQL, on
 * purpose: the record delete hook (outbound_events.pb.js) would take each click out of its
 * daily sums, and the reports must not change. Counters, sums and conversions keep what they
 * copied. Records the run in retention_runs.
 */
function deleteOldEvents(app, keepDays) {
  const cutoff = cutoffOf(checkKeepDays(keepDays), Date.now());
  const started = Date.now();
  let deleted = 0;
  let done = false;
  while (!done && Date.now() - started < BUDGET_MS) {
    const result = app
      .db()
      .newQuery(`DELETE FROM outbound_events WHERE id IN (SELECT id FROM outbound_events WHERE event_time < {:cutoff} LIMIT ${CHUNK})`)
      .bind({ cutoff: cutoff })
      .execute();
    const count = result.rowsAffected();
    deleted += count;
    done = count < CHUNK;
  }
  const run = new Record(app.findCollectionByNameOrId("retention_runs"));
  run.set("cutoff", cutoff);
  run.set("keep_days", keepDays);
  run.set("deleted", deleted);
  run.set("ms", Date.now() - started);
  run.set("done", done);
  app.save(run);
  return { cutoff: cutoff, deleted: deleted, done: done, ms: Date.now() - started };
}

/** The newest retention cutoff applied: events before it are gone from PocketBase for good. */
function retentionCutoff(app) {
  const rows = arrayOf(new DynamicModel({ cutoff: "" }));
  app.db().newQuery("SELECT cutoff FROM retention_runs ORDER BY cutoff DESC LIMIT 1").all(rows);
  return rows.length > 0 ? rows[0].cutoff : "";
}

/** An offer, store or product deleted since the click leaves the event without that link
 * (rules.js EVENT_LINKS), never without the event. */
function dropGoneLinks(app, record) {
  for (const field of Object.keys(EVENT_LINKS)) {
    const target = EVENT_LINKS[field];
    const id = record.getString(field);
    if (!id) continue;
    try {
      app.findRecordById(target, id);
    } catch (_) {
      record.set(field, "");
    }
  }
}

function storedAlready(app, clickId) {
  try {
    app.findFirstRecordByFilter("outbound_events", "click_id = {:id}", { id: clickId });
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * Stores archived queue messages again (scripts/events-replay.mjs): each event whose click id
 * is not stored yet, as the consumer would (the same hooks count it and add it to its daily
 * sums), and each postback (idempotent by its id). An event older than the last retention
 * cutoff is skipped: its day's sums still hold it. Each message in its own transaction.
 */
function replay(app, body) {
  const events = Array.isArray(body.events) ? body.events : [];
  const postbacks = Array.isArray(body.postbacks) ? body.postbacks : [];
  if (events.length + postbacks.length > 500) throw new BadRequestError("replay: at most 500 messages a request");
  const cutoff = retentionCutoff(app);
  const result = { stored: 0, present: 0, expired: 0, postbacks: { created: 0, updated: 0, unchanged: 0 }, refused: {} };
  const collection = app.findCollectionByNameOrId("outbound_events");
  for (const event of events) {
    const clickId = event && typeof event.click_id === "string" ? event.click_id : "";
    if (!clickId) {
      result.refused[`#${Object.keys(result.refused).length}`] = "no click id";
      continue;
    }
    if (cutoff && String(event.event_time || "").replace("T", " ") < cutoff) {
      result.expired++;
      continue;
    }
    if (storedAlready(app, clickId)) {
      result.present++;
      continue;
    }
    try {
      app.runInTransaction((tx) => {
        const record = new Record(collection);
        record.load(event);
        dropGoneLinks(tx, record);
        tx.save(record);
      });
      result.stored++;
    } catch (error) {
      result.refused[clickId] = String(error);
    }
  }
  for (const postback of postbacks) {
    try {
      app.runInTransaction((tx) => {
        result.postbacks[applyPostback(tx, postback)]++;
      });
    } catch (error) {
      result.refused[postback?.id ? String(postback.id) : "postback"] = String(error);
    }
  }
  return result;
}

/** The newest backup in the configured backup storage (S3 or pb_data/backups), and how many there are. */
function backups(app) {
  const fsys = app.newBackupsFilesystem();
  try {
    const files = fsys.list("").filter((file) => file && !file.isDir && file.key.slice(-4) === ".zip");
    let newest = null;
    for (const file of files) {
      const at = file.modTime.unix() * 1000;
      if (!newest || at > newest.at) newest = { key: file.key, at: at, size: file.size };
    }
    return {
      count: files.length,
      newest: newest && { key: newest.key, time: new Date(newest.at).toISOString(), size: newest.size },
      s3: app.settings().backups.s3.enabled,
      cron: app.settings().backups.cron,
    };
  } finally {
    fsys.close();
  }
}

function errorsSince(app, since) {
  const rows = arrayOf(new DynamicModel({ n: 0 }));
  app.auxDB().newQuery("SELECT COUNT(*) AS n FROM _logs WHERE level >= {:level} AND created >= {:since}").bind({ level: ERROR_LEVEL, since: since }).all(rows);
  return rows[0].n;
}

function lastRetention(app) {
  const rows = arrayOf(new DynamicModel({ created: "", cutoff: "", deleted: 0, ms: 0, done: false }));
  app.db().newQuery("SELECT created, cutoff, deleted, ms, done FROM retention_runs ORDER BY created DESC LIMIT 1").all(rows);
  return rows.length > 0 ? rows[0] : null;
}

/** The newest feed import (docs/feeds.md), with its network's name; null while none has run. */
function lastImport(app) {
  const rows = arrayOf(new DynamicModel({ network: "", status: "", started: "", fetched: 0, created: 0, updated: 0, ended: 0, held: 0, errors: 0 }));
  app
    .db()
    .newQuery(
      "SELECT n.name AS network, r.status, r.started, r.fetched, r.created, r.updated, r.ended, r.held, r.errors " +
        "FROM import_runs r JOIN affiliate_networks n ON n.id = r.network ORDER BY r.started DESC LIMIT 1",
    )
    .all(rows);
  return rows.length > 0 ? rows[0] : null;
}

/** What the status page and the alerts need from PocketBase. A part that fails says so and leaves the others. */
function status(app) {
  const result = {};
  const parts = {
    backups: () => backups(app),
    retention: () => lastRetention(app),
    imports: () => lastImport(app),
    mail: () => ({ smtp: app.settings().smtp.enabled }),
    errors_last_hour: () => errorsSince(app, pbTime(Date.now() - 3600000)),
  };
  for (const name of Object.keys(parts)) {
    try {
      result[name] = parts[name]();
    } catch (error) {
      result[name] = { error: String(error) };
    }
  }
  return result;
}

module.exports = { deleteOldEvents: deleteOldEvents, replay: replay, status: status };
