/// <reference path="../pb_data/types.d.ts" />
// Email to subscribers, PocketBase's side (docs/email.md): what the routes of mail.pb.js do.
// A CommonJS module (handlers run in isolated contexts and `require` it). The Worker decides
// what to send and renders it (src/edge/mail); this module keeps the records, answers what is
// due, and sends through PocketBase's mailer, claiming each message in the send log first so
// that none goes out twice (docs/decisions/058).

const { MAIL_TIMING, DIGEST_CHOICES } = require(`${__hooks}/rules.js`);

const HOUR_MS = 3600000;
const DAY_MS = 86400000;
/** An alert names at most this many offers; the rest wait for the next one. */
const ALERT_MAX_OFFERS = 10;
const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const RECORD_ID = /^[a-z0-9]{15}$/;
/** Headers a message may carry besides those the mailer writes (RFC 8058, RFC 2369, RFC 3834). */
const HEADERS = ["List-Unsubscribe", "List-Unsubscribe-Post", "List-Id", "Auto-Submitted", "Feedback-ID"];

/** A PocketBase date ("2026-11-28 10:00:00.000Z") of `ms`. */
function pbDate(ms) {
  return new Date(ms).toISOString().replace("T", " ");
}

function newId() {
  return $security.randomStringWithAlphabet(15, ID_ALPHABET);
}

function rows(app, sql, shape, params) {
  const result = arrayOf(new DynamicModel(shape));
  app
    .db()
    .newQuery(sql)
    .bind(params || {})
    .all(result);
  return result;
}

function changed(app, sql, params) {
  return app.db().newQuery(sql).bind(params).execute().rowsAffected();
}

function badRequest(message) {
  return new BadRequestError(message);
}

function recordId(value, what) {
  if (typeof value !== "string" || !RECORD_ID.test(value)) throw badRequest(`${what} must be a record id`);
  return value;
}

function clock(body) {
  const now = body && typeof body.now === "number" && Number.isFinite(body.now) ? body.now : Date.now();
  return { ms: now, at: pbDate(now) };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters never reach a stored field or a header
const CONTROL = /[\u0000-\u001f\u007f]/g;

function text(value, max) {
  return String(value == null ? "" : value)
    .replace(CONTROL, " ")
    .slice(0, max);
}

/** The live rule of the site (src/data/live-offers.ts) for offer `o` at {:now}, with its store published. */
const LIVE_OFFER = `o.status = 'published' AND (o.starts_at = '' OR o.starts_at <= {:now}) AND (o.expires_at = '' OR o.expires_at > {:now})
  AND EXISTS (SELECT 1 FROM _zdata_stores st WHERE st.id = o.store AND st.status = 'published')`;

/** Offer `o` is valid in subscriber `s`'s country, or the country is not known. */
const IN_COUNTRY = `(s.country = '' OR NOT EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(o.countries) THEN o.countries ELSE '[]' END))
  OR EXISTS (SELECT 1 FROM json_each(CASE WHEN json_valid(o.countries) THEN o.countries ELSE '[]' END) c WHERE c.value = s.country))`;

/** The subscriber's digest request waits for its confirmation (SQL, on `subscribers`). */
const DIGEST_WAITS = "(digest_requested_at != '' AND (digest_confirmed_at = '' OR digest_confirmed_at < digest_requested_at))";

/**
 * A confirmation email may go to subscriber `s` now: something new was asked since the last
 * one, or the gap has passed since it (the visitor asked again: it may have been lost); and
 * never more than confirmations_per_day a day, whatever is asked (no mail bombing).
 */
const CONFIRMATION_ALLOWED = `s.confirmation_due = TRUE AND s.status IN ('pending', 'active')
  AND (s.confirmation_sent_at = '' OR s.confirmation_sent_at <= {:since}
    OR (s.digest_requested_at > s.confirmation_sent_at AND (s.digest_confirmed_at = '' OR s.digest_confirmed_at < s.digest_requested_at))
    OR EXISTS (SELECT 1 FROM store_alerts a WHERE a.subscriber = s.id AND a.confirmed_at = '' AND a.requested_at > s.confirmation_sent_at))
  AND (SELECT COUNT(*) FROM mail_sends m WHERE m.subscriber = s.id AND m.kind = 'confirmation' AND m.created > {:day}) < ${MAIL_TIMING.confirmations_per_day}`;

function confirmationParams(now) {
  return { since: pbDate(now.ms - MAIL_TIMING.confirmation_gap_minutes * 60000), day: pbDate(Date.now() - DAY_MS) };
}

/** What a subscriber asked for and has not confirmed yet, for a confirmation email or page. */
function pendingOf(app, subscriberId) {
  const found = rows(
    app,
    "SELECT id, email, status, digest, digest_requested_at, digest_confirmed_at, country FROM subscribers WHERE id = {:id}",
    { id: "", email: "", status: "", digest: "", digest_requested_at: "", digest_confirmed_at: "", country: "" },
    { id: subscriberId },
  );
  if (found.length === 0) return null;
  const s = found[0];
  const stores = rows(
    app,
    `SELECT st.id AS id, st.title AS title, a.confirmed_at AS confirmed_at FROM store_alerts a JOIN _zdata_stores st ON st.id = a.store
     WHERE a.subscriber = {:id} ORDER BY st.title`,
    { id: "", title: "", confirmed_at: "" },
    { id: subscriberId },
  );
  const digestPending = s.digest_requested_at !== "" && (s.digest_confirmed_at === "" || s.digest_confirmed_at < s.digest_requested_at);
  return {
    id: s.id,
    email: s.email,
    status: s.status,
    digest: s.digest,
    country: s.country,
    pending: {
      digest: digestPending,
      stores: stores.filter((a) => a.confirmed_at === "").map((a) => ({ id: a.id, title: a.title })),
    },
    stores: stores.filter((a) => a.confirmed_at !== "").map((a) => ({ id: a.id, title: a.title })),
  };
}

/**
 * A sign-up: the digest (`digest` true) or one store's alerts (`store`), for an address, with
 * what proves the consent. Whatever the address's state, the Worker answers the visitor the
 * same way; only what is stored, and whether a confirmation is due, differ. A bounced address
 * is never written to. Returns the subscriber's pending requests when a confirmation is due.
 */
function subscribe(app, body) {
  const now = clock(body);
  const email = text(body.email, 254).toLowerCase();
  if (email === "" || email.indexOf("@") < 1) throw badRequest("email is required");
  const store = body.store ? recordId(body.store, "store") : "";
  if (!store && body.digest !== true) throw badRequest("a sign-up is for the digest or a store");
  const version = text(body.consent_version, 100);
  const page = text(body.page, 2000);
  const country = /^[A-Z]{2}$/.test(body.country || "") ? body.country : "";
  let subscriberId = "";
  let due = false;
  app.runInTransaction((tx) => {
    if (store && rows(tx, "SELECT id FROM _zdata_stores WHERE id = {:id} AND status = 'published'", { id: "" }, { id: store }).length === 0) {
      throw new NotFoundError("no such store");
    }
    const found = rows(
      tx,
      "SELECT id, status, digest FROM subscribers WHERE email = {:email} COLLATE NOCASE",
      { id: "", status: "", digest: "" },
      { email: email },
    );
    let s = found[0];
    if (s && s.status === "bounced") return;
    if (!s) {
      s = { id: newId(), status: "pending", digest: "none" };
      tx.db()
        .newQuery(
          `INSERT INTO subscribers (id, email, status, digest, country, signed_up_at, confirmed_at, digest_consent_version, digest_consent_page,
             digest_requested_at, digest_confirmed_at, confirmation_due, confirmation_sent_at, unsubscribed_at, bounced_at, bounce_reason,
             last_alert_at, last_digest_period, created)
           VALUES ({:id}, {:email}, 'pending', 'none', {:country}, {:now}, '', '', '', '', '', FALSE, '', '', '', '', '', '', {:now})`,
        )
        .bind({ id: s.id, email: email, country: country, now: now.at })
        .execute();
    } else if (s.status === "unsubscribed") {
      // Asking again after leaving starts over: confirmed afresh, nothing of before restored.
      changed(tx, "UPDATE subscribers SET status = 'pending', signed_up_at = {:now}, country = {:country} WHERE id = {:id}", {
        id: s.id,
        now: now.at,
        country: country,
      });
      s.status = "pending";
    }
    subscriberId = s.id;
    if (body.digest === true && !(s.status === "active" && s.digest !== "none")) {
      // Asked again while a request waits: the same request, its confirmation sent again (after
      // the gap), so the link of the first email still confirms it.
      changed(
        tx,
        `UPDATE subscribers SET confirmation_due = TRUE,
           digest_consent_version = CASE WHEN ${DIGEST_WAITS} THEN digest_consent_version ELSE {:version} END,
           digest_consent_page = CASE WHEN ${DIGEST_WAITS} THEN digest_consent_page ELSE {:page} END,
           digest_requested_at = CASE WHEN ${DIGEST_WAITS} THEN digest_requested_at ELSE {:now} END
         WHERE id = {:id}`,
        { id: s.id, version: version, page: page, now: now.at },
      );
      due = true;
    }
    if (store) {
      const alert = rows(
        tx,
        "SELECT id, confirmed_at FROM store_alerts WHERE subscriber = {:s} AND store = {:store}",
        { id: "", confirmed_at: "" },
        { s: s.id, store: store },
      )[0];
      if (!alert) {
        tx.db()
          .newQuery(
            `INSERT INTO store_alerts (id, subscriber, store, consent_version, consent_page, requested_at, confirmed_at, created)
             VALUES ({:id}, {:s}, {:store}, {:version}, {:page}, {:now}, '', {:now})`,
          )
          .bind({ id: newId(), s: s.id, store: store, version: version, page: page, now: now.at })
          .execute();
      }
      if (!alert || alert.confirmed_at === "" || s.status !== "active") {
        // What is live now is what they saw when they asked: alerts are for what comes after.
        tx.db()
          .newQuery(
            `INSERT OR IGNORE INTO alerted_offers (id, subscriber, offer, send, created)
             SELECT lower(substr(hex(randomblob(8)), 1, 15)), {:s}, o.id, '', {:now} FROM _zdata_offers o WHERE o.store = {:store} AND ${LIVE_OFFER}`,
          )
          .bind({ s: s.id, store: store, now: now.at })
          .execute();
        changed(tx, "UPDATE subscribers SET confirmation_due = TRUE WHERE id = {:id}", { id: s.id });
        due = true;
      }
    }
  });
  return { subscriber: subscriberId, confirmation: due ? pendingOf(app, subscriberId) : null };
}

/**
 * Confirms what the subscriber had asked for when the link was made (`issued_at`, ms): the
 * address becomes active and each pending request is confirmed, now. A link made before the
 * subscriber left, or bounced, confirms nothing.
 */
function confirm(app, body) {
  const now = clock(body);
  const id = recordId(body.subscriber, "subscriber");
  const issued = pbDate(Number(body.issued_at) || 0);
  let outcome = "confirmed";
  app.runInTransaction((tx) => {
    const s = rows(tx, "SELECT status, unsubscribed_at FROM subscribers WHERE id = {:id}", { status: "", unsubscribed_at: "" }, { id: id })[0];
    if (!s) {
      outcome = "gone";
      return;
    }
    if (s.status === "bounced" || (s.status === "unsubscribed" && s.unsubscribed_at >= issued)) {
      outcome = "inactive";
      return;
    }
    changed(
      tx,
      `UPDATE subscribers SET status = 'active', confirmed_at = CASE WHEN confirmed_at = '' THEN {:now} ELSE confirmed_at END,
         digest = CASE WHEN digest_requested_at != '' AND digest_requested_at <= {:issued} AND (digest_confirmed_at = '' OR digest_confirmed_at < digest_requested_at)
                       AND digest = 'none' THEN 'weekly' ELSE digest END,
         digest_confirmed_at = CASE WHEN digest_requested_at != '' AND digest_requested_at <= {:issued} AND (digest_confirmed_at = '' OR digest_confirmed_at < digest_requested_at)
                       THEN {:now} ELSE digest_confirmed_at END
       WHERE id = {:id}`,
      { id: id, now: now.at, issued: issued },
    );
    changed(tx, "UPDATE store_alerts SET confirmed_at = {:now} WHERE subscriber = {:id} AND confirmed_at = '' AND requested_at <= {:issued}", {
      id: id,
      now: now.at,
      issued: issued,
    });
    const left = pendingOf(tx, id);
    if (left && !left.pending.digest && left.pending.stores.length === 0)
      changed(tx, "UPDATE subscribers SET confirmation_due = FALSE WHERE id = {:id}", { id: id });
  });
  return { outcome: outcome, subscriber: outcome === "gone" ? null : pendingOf(app, id) };
}

/** Stops everything for the subscriber at once: no alert, digest or confirmation is sent after this. */
function unsubscribe(app, body) {
  const now = clock(body);
  const id = recordId(body.subscriber, "subscriber");
  let found = false;
  app.runInTransaction((tx) => {
    found =
      changed(
        tx,
        `UPDATE subscribers SET status = CASE WHEN status = 'bounced' THEN 'bounced' ELSE 'unsubscribed' END,
           unsubscribed_at = CASE WHEN status = 'unsubscribed' THEN unsubscribed_at ELSE {:now} END, digest = 'none', confirmation_due = FALSE
         WHERE id = {:id}`,
        { id: id, now: now.at },
      ) > 0;
    changed(tx, "DELETE FROM store_alerts WHERE subscriber = {:id}", { id: id });
  });
  return { outcome: found ? "unsubscribed" : "gone" };
}

/** The manage page's choices: the digest's frequency, and the followed stores kept (others are dropped). */
function setPreferences(app, body) {
  const now = clock(body);
  const id = recordId(body.subscriber, "subscriber");
  if (DIGEST_CHOICES.indexOf(body.digest) === -1) throw badRequest("digest must be weekly, daily or none");
  const keep = Array.isArray(body.stores) ? body.stores.map((store) => recordId(store, "store")) : [];
  let outcome = "saved";
  app.runInTransaction((tx) => {
    const s = rows(tx, "SELECT status, digest FROM subscribers WHERE id = {:id}", { status: "", digest: "" }, { id: id })[0];
    if (s?.status !== "active") {
      outcome = s ? "inactive" : "gone";
      return;
    }
    if (body.digest !== s.digest) {
      // Chosen on the page that the link in their own email opened: their choice, recorded as such.
      changed(
        tx,
        `UPDATE subscribers SET digest = {:digest}, digest_consent_version = CASE WHEN {:digest} = 'none' THEN digest_consent_version ELSE 'manage-page' END,
           digest_consent_page = CASE WHEN {:digest} = 'none' THEN digest_consent_page ELSE '/subscriptions/manage' END,
           digest_requested_at = CASE WHEN {:digest} = 'none' THEN digest_requested_at ELSE {:now} END,
           digest_confirmed_at = CASE WHEN {:digest} = 'none' THEN digest_confirmed_at ELSE {:now} END
         WHERE id = {:id}`,
        { id: id, digest: body.digest, now: now.at },
      );
    }
    const followed = rows(tx, "SELECT id, store FROM store_alerts WHERE subscriber = {:id}", { id: "", store: "" }, { id: id });
    for (const alert of followed) if (keep.indexOf(alert.store) === -1) changed(tx, "DELETE FROM store_alerts WHERE id = {:id}", { id: alert.id });
  });
  return { outcome: outcome, subscriber: outcome === "gone" ? null : pendingOf(app, id) };
}

/** Pending subscribers whose confirmation email is due (none sent in the last few minutes). */
function dueConfirmations(app, now, limit) {
  const params = confirmationParams(now);
  params.limit = limit;
  const due = rows(app, `SELECT s.id AS id FROM subscribers s WHERE ${CONFIRMATION_ALLOWED} LIMIT {:limit}`, { id: "" }, params);
  return due.map((row) => pendingOf(app, row.id)).filter((s) => s && (s.pending.digest || s.pending.stores.length > 0));
}

/**
 * Active subscribers with new live offers of the stores they follow, whose last alert is at
 * least the gap ago: each with up to ALERT_MAX_OFFERS of them, oldest first.
 */
function dueAlerts(app, now, limit) {
  const params = { now: now.at, gap: pbDate(now.ms - MAIL_TIMING.alert_gap_hours * HOUR_MS), limit: limit };
  const waiting = `FROM store_alerts a JOIN subscribers s ON s.id = a.subscriber JOIN _zdata_offers o ON o.store = a.store
    WHERE a.confirmed_at != '' AND s.status = 'active' AND (s.last_alert_at = '' OR s.last_alert_at <= {:gap})
    AND ${LIVE_OFFER} AND ${IN_COUNTRY}
    AND NOT EXISTS (SELECT 1 FROM alerted_offers x WHERE x.subscriber = s.id AND x.offer = o.id)`;
  const found = rows(
    app,
    `WITH due AS (SELECT DISTINCT s.id AS id ${waiting} LIMIT {:limit})
     SELECT s.id AS subscriber, s.email AS email, s.country AS country, o.id AS offer, o.heading AS heading, o.subheading AS subheading,
       o.type AS type, o.store AS store, (SELECT title FROM _zdata_stores WHERE id = o.store) AS store_title
     ${waiting} AND s.id IN (SELECT id FROM due) ORDER BY s.id, o.create_time, o.id`,
    { subscriber: "", email: "", country: "", offer: "", heading: "", subheading: "", type: "", store: "", store_title: "" },
    params,
  );
  const bySubscriber = [];
  for (const row of found) {
    let last = bySubscriber[bySubscriber.length - 1];
    if (!last || last.subscriber !== row.subscriber) {
      last = { subscriber: row.subscriber, email: row.email, country: row.country, offers: [] };
      bySubscriber.push(last);
    }
    if (last.offers.length < ALERT_MAX_OFFERS) {
      last.offers.push({ id: row.offer, heading: row.heading, subheading: row.subheading, type: row.type, store: row.store, store_title: row.store_title });
    }
  }
  return bySubscriber;
}

/** Active subscribers of a digest frequency who have not had period `period` (started `start`, ms) and had confirmed it before. */
function dueDigests(app, body) {
  if (DIGEST_CHOICES.indexOf(body.frequency) === -1 || body.frequency === "none") throw badRequest("frequency must be weekly or daily");
  if (!/^\d{4}-\d{2}-\d{2}$/.test(body.period || "")) throw badRequest("period must be a day (YYYY-MM-DD)");
  return rows(
    app,
    `SELECT id AS subscriber, email, country FROM subscribers
     WHERE status = 'active' AND digest = {:frequency} AND last_digest_period < {:period} AND digest_confirmed_at != '' AND digest_confirmed_at <= {:start}
     LIMIT {:limit}`,
    { subscriber: "", email: "", country: "" },
    { frequency: body.frequency, period: body.period, start: pbDate(Number(body.period_start) || 0), limit: Math.min(Number(body.limit) || 500, 5000) },
  );
}

function limitOf(body) {
  return Math.max(1, Math.min(Number(body.limit) || 100, 5000));
}

function due(app, body) {
  const now = clock(body);
  if (body.kind === "confirmations") return { items: dueConfirmations(app, now, limitOf(body)) };
  if (body.kind === "alerts") return { items: dueAlerts(app, now, limitOf(body)) };
  if (body.kind === "digests") return { items: dueDigests(app, body) };
  throw badRequest("kind must be confirmations, alerts or digests");
}

/** The sender of every message: PocketBase's mail settings (Settings → Mail settings). */
function sender(app) {
  const meta = app.settings().meta;
  return { address: meta.senderAddress, name: meta.senderName };
}

/**
 * Sends one message through PocketBase's mailer (SMTP settings required: the mailer writes
 * custom headers over SMTP only). `message`: to, subject, html, text, headers (only those of
 * HEADERS; no line breaks anywhere). Throws when the relay refuses it. Reusable by any hook:
 * the operator's notices go through here too (kind "notice" of `send`).
 */
function deliver(app, message) {
  const headers = checkHeaders(message.headers);
  app.newMailClient().send(
    new MailerMessage({
      from: sender(app),
      to: [{ address: message.email }],
      subject: text(message.subject, 300),
      html: String(message.html || ""),
      text: String(message.text || ""),
      headers: headers,
    }),
  );
}

/** The message's extra headers, refused unless each is one of HEADERS without a line break. */
function checkHeaders(given) {
  const headers = {};
  for (const name of Object.keys(given || {})) {
    if (HEADERS.indexOf(name) === -1) throw badRequest(`header ${name} is not allowed`);
    if (/[\r\n]/.test(String(given[name]))) throw badRequest(`header ${name} has a line break`);
    headers[name] = String(given[name]);
  }
  return headers;
}

/** The claim of a message: the state it changes (to put back if the relay refuses it). */
function claim(tx, m, now, status) {
  const subscriberKinds = m.kind !== "notice";
  if (rows(tx, "SELECT id FROM mail_sends WHERE send_key = {:key}", { id: "" }, { key: m.send_key }).length > 0) return { outcome: "duplicate" };
  let before = null;
  if (subscriberKinds) {
    before = rows(
      tx,
      "SELECT confirmation_sent_at, last_alert_at, last_digest_period FROM subscribers WHERE id = {:id} AND email = {:email}",
      { confirmation_sent_at: "", last_alert_at: "", last_digest_period: "" },
      { id: m.subscriber, email: m.email },
    )[0];
    if (!before) return { outcome: "inactive" };
    const params = { id: m.subscriber, now: now.at };
    let claimed = 0;
    if (m.kind === "confirmation") {
      Object.assign(params, confirmationParams(now));
      claimed = changed(
        tx,
        `UPDATE subscribers SET confirmation_due = FALSE, confirmation_sent_at = {:now}
         WHERE id = {:id} AND id IN (SELECT s.id FROM subscribers s WHERE s.id = {:id} AND ${CONFIRMATION_ALLOWED})`,
        params,
      );
    } else if (m.kind === "alert") {
      params.gap = pbDate(now.ms - MAIL_TIMING.alert_gap_hours * HOUR_MS);
      claimed = changed(
        tx,
        "UPDATE subscribers SET last_alert_at = {:now} WHERE id = {:id} AND status = 'active' AND (last_alert_at = '' OR last_alert_at <= {:gap})",
        params,
      );
    } else if (m.kind === "digest") {
      params.period = m.digest_period;
      claimed = changed(
        tx,
        "UPDATE subscribers SET last_digest_period = {:period} WHERE id = {:id} AND status = 'active' AND last_digest_period < {:period}",
        params,
      );
    }
    if (claimed !== 1) return { outcome: "inactive" };
  }
  const id = newId();
  const offers = Array.isArray(m.offers) ? m.offers : [];
  tx.db()
    .newQuery(
      `INSERT INTO mail_sends (id, subscriber, email, kind, send_key, campaign, status, subject, offers, error, sent_at, created)
       VALUES ({:id}, {:subscriber}, {:email}, {:kind}, {:key}, {:campaign}, {:status}, {:subject}, {:offers}, '', '', {:created})`,
    )
    .bind({
      id: id,
      subscriber: subscriberKinds ? m.subscriber : "",
      email: m.email,
      kind: m.kind,
      key: m.send_key,
      campaign: text(m.campaign, 200),
      status: status,
      subject: text(m.subject, 300),
      offers: JSON.stringify(offers),
      created: pbDate(Date.now()),
    })
    .execute();
  for (const offer of offers) {
    // The unique pair refuses an offer this subscriber was already told about: the whole claim goes.
    tx.db()
      .newQuery("INSERT INTO alerted_offers (id, subscriber, offer, send, created) VALUES ({:id}, {:s}, {:offer}, {:send}, {:now})")
      .bind({ id: newId(), s: m.subscriber, offer: offer, send: id, now: now.at })
      .execute();
  }
  return { outcome: "claimed", id: id, before: before };
}

/** Puts back what a claim changed when the relay refused the message, so that a later run sends it. */
function release(app, m, claimed, error) {
  app.runInTransaction((tx) => {
    changed(tx, "UPDATE mail_sends SET status = 'failed', error = {:error}, send_key = send_key || ':failed:' || id WHERE id = {:id}", {
      id: claimed.id,
      error: text(error, 2000),
    });
    if (m.kind === "confirmation")
      changed(tx, "UPDATE subscribers SET confirmation_due = TRUE, confirmation_sent_at = {:at} WHERE id = {:id}", {
        id: m.subscriber,
        at: claimed.before.confirmation_sent_at,
      });
    if (m.kind === "alert") {
      changed(tx, "DELETE FROM alerted_offers WHERE send = {:send}", { send: claimed.id });
      changed(tx, "UPDATE subscribers SET last_alert_at = {:at} WHERE id = {:id}", { id: m.subscriber, at: claimed.before.last_alert_at });
    }
    if (m.kind === "digest")
      changed(tx, "UPDATE subscribers SET last_digest_period = {:at} WHERE id = {:id}", { id: m.subscriber, at: claimed.before.last_digest_period });
  });
}

function checkMessage(m) {
  if (!m || typeof m !== "object") throw badRequest("a message must be an object");
  if (["confirmation", "alert", "digest", "notice"].indexOf(m.kind) === -1) throw badRequest("unknown kind");
  if (typeof m.send_key !== "string" || m.send_key === "" || m.send_key.length > 150) throw badRequest("send_key is required");
  if (typeof m.email !== "string" || /[\s<>,;"]/.test(m.email) || m.email.indexOf("@") < 1 || m.email.length > 254) throw badRequest("email is not an address");
  if (m.kind !== "notice") recordId(m.subscriber, "subscriber");
  if (m.kind === "digest" && !/^\d{4}-\d{2}-\d{2}$/.test(m.digest_period || "")) throw badRequest("digest_period is required");
  if (m.kind === "alert" && (!Array.isArray(m.offers) || m.offers.length === 0)) throw badRequest("an alert names its offers");
  if (m.offers !== undefined) for (const offer of Array.isArray(m.offers) ? m.offers : [null]) recordId(offer, "offer");
  checkHeaders(m.headers);
}

/**
 * Sends each message once: claimed in the send log (and the subscriber's state) in one
 * transaction, then handed to the mailer, then marked sent. A message whose key is taken
 * (sent by an earlier or concurrent run) is a duplicate; one whose subscriber left (or had
 * it already) is inactive; `skip` messages are claimed and logged without mail (an empty
 * digest). A process that dies between the claim and the mailer loses that one message,
 * never sends it twice.
 */
function send(app, body) {
  const now = clock(body);
  const messages = Array.isArray(body.messages) ? body.messages : [];
  if (messages.length === 0 || messages.length > 500) throw badRequest("1 to 500 messages");
  messages.forEach(checkMessage);
  return {
    results: messages.map((m) => {
      let claimed = null;
      try {
        app.runInTransaction((tx) => {
          claimed = claim(tx, m, now, m.skip === true ? "skipped" : "sending");
          if (claimed.outcome !== "claimed") return;
        });
      } catch (error) {
        // A concurrent run claimed the same offer or key first.
        if (String(error).indexOf("UNIQUE") !== -1) return { send_key: m.send_key, outcome: "duplicate" };
        throw error;
      }
      if (claimed.outcome !== "claimed") return { send_key: m.send_key, outcome: claimed.outcome };
      if (m.skip === true) return { send_key: m.send_key, outcome: "skipped" };
      try {
        deliver(app, m);
      } catch (error) {
        release(app, m, claimed, String(error));
        return { send_key: m.send_key, outcome: "failed", error: String(error) };
      }
      changed(app, "UPDATE mail_sends SET status = 'sent', sent_at = {:at} WHERE id = {:id}", { id: claimed.id, at: pbDate(Date.now()) });
      return { send_key: m.send_key, outcome: "sent" };
    }),
  };
}

/** A relay's bounce or complaint: the address is marked and nothing more is sent to it. */
function suppress(app, body) {
  const now = clock(body);
  const email = text(body.email, 254).toLowerCase();
  const reason = text(body.reason, 200);
  const found = changed(
    app,
    "UPDATE subscribers SET status = 'bounced', bounced_at = {:now}, bounce_reason = {:reason}, confirmation_due = FALSE WHERE email = {:email} COLLATE NOCASE",
    { email: email, reason: reason, now: now.at },
  );
  return { found: found > 0 };
}

/** Sign-ups not confirmed within pending_days of their last confirmation email (or of asking) are deleted. */
function retention(app, body) {
  const now = clock(body);
  const before = pbDate(now.ms - MAIL_TIMING.pending_days * DAY_MS);
  let subscribers = 0;
  let alerts = 0;
  app.runInTransaction((tx) => {
    subscribers = changed(
      tx,
      "DELETE FROM subscribers WHERE status = 'pending' AND signed_up_at < {:before} AND (confirmation_sent_at = '' OR confirmation_sent_at < {:before})",
      { before: before },
    );
    alerts = changed(
      tx,
      `DELETE FROM store_alerts WHERE confirmed_at = '' AND requested_at < {:before}
       AND subscriber IN (SELECT id FROM subscribers WHERE confirmation_sent_at = '' OR confirmation_sent_at < {:before})`,
      { before: before },
    );
    changed(
      tx,
      `UPDATE subscribers SET digest_requested_at = '', digest_consent_version = '', digest_consent_page = '' WHERE digest_requested_at != ''
       AND digest_requested_at < {:before} AND (digest_confirmed_at = '' OR digest_confirmed_at < digest_requested_at)
       AND (confirmation_sent_at = '' OR confirmation_sent_at < {:before})`,
      { before: before },
    );
  });
  return { subscribers: subscribers, alerts: alerts };
}

module.exports = {
  subscribe: subscribe,
  confirm: confirm,
  unsubscribe: unsubscribe,
  setPreferences: setPreferences,
  pendingOf: pendingOf,
  due: due,
  send: send,
  deliver: deliver,
  suppress: suppress,
  retention: retention,
};
