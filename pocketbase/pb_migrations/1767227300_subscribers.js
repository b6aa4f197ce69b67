/// <reference path="../pb_data/types.d.ts" />
// Email to visitors who asked for it (issue 50, docs/email.md, docs/decisions/059).
//
// - `subscribers`: one record per address; `status` pending → active (confirmed by the link
//   in the confirmation email) → unsubscribed or bounced; the digest choice; what proves
//   consent (the wording's version, the page, the time of the request and of its
//   confirmation); what the sending needs (the last alert, the last digest's period).
// - `store_alerts`: the stores a subscriber follows, each with its own consent.
// - `mail_sends`: the log of what was sent to whom; `send_key` (unique) is claimed before a
//   message goes to the mailer, so no message is sent twice, however often a run is retried.
// - `alerted_offers`: the offers each subscriber has been told about (or that were live when
//   they asked: no alert for what they already saw), never twice.
//
// Nobody but a superuser reads or writes them through the record API: the Worker works on
// them through the routes of pb_hooks/mail.pb.js, as its service account. The values of the
// select fields are those of pb_hooks/rules.js (a Worker test holds them equal).
//
// The footer's sign-ups of `newsletter_subscribers` move here as pending digest sign-ups
// (they were never confirmed), and that collection goes: the mail job sends each of them one
// confirmation email, and an address not confirmed 30 days after it is deleted.

const LEGACY_CONSENT = "2025-08-footer";

migrate(
  (app) => {
    const text = (name, max, opts) => Object.assign({ name, type: "text", max }, opts || {});
    const date = (name) => ({ name, type: "date" });
    const select = (name, values) => ({ name, type: "select", values, maxSelect: 1, required: true });
    const rel = (name, collection, opts) =>
      Object.assign({ name, type: "relation", collectionId: app.findCollectionByNameOrId(collection).id, maxSelect: 1, cascadeDelete: true }, opts || {});
    const created = { name: "created", type: "autodate", onCreate: true, onUpdate: false };
    const closed = { listRule: null, viewRule: null, createRule: null, updateRule: null, deleteRule: null };

    app.save(
      new Collection(
        Object.assign({}, closed, {
          type: "base",
          name: "subscribers",
          fields: [
            // Trimmed and lower-cased by the Worker (src/lib/email.ts).
            { name: "email", type: "email", required: true },
            select("status", ["pending", "active", "unsubscribed", "bounced"]),
            select("digest", ["weekly", "daily", "none"]),
            // CF-IPCountry at sign-up: alerts and digests carry that country's offers.
            text("country", 2),
            // The address: first asked for, and confirmed (the first confirmation link followed).
            date("signed_up_at"),
            date("confirmed_at"),
            // The digest's consent: the wording shown (src/lib/subscriptions.ts), the page, when asked and confirmed.
            text("digest_consent_version", 100),
            text("digest_consent_page", 2000),
            date("digest_requested_at"),
            date("digest_confirmed_at"),
            // Something waits for confirmation and its email is still to be sent.
            { name: "confirmation_due", type: "bool" },
            date("confirmation_sent_at"),
            date("unsubscribed_at"),
            date("bounced_at"),
            text("bounce_reason", 200),
            date("last_alert_at"),
            // The last digest period claimed (its first day, YYYY-MM-DD).
            text("last_digest_period", 10),
            created,
          ],
          indexes: [
            "CREATE UNIQUE INDEX idx_subscribers_email ON subscribers (email COLLATE NOCASE)",
            "CREATE INDEX idx_subscribers_digest ON subscribers (status, digest, last_digest_period)",
            "CREATE INDEX idx_subscribers_pending ON subscribers (status, signed_up_at)",
            "CREATE INDEX idx_subscribers_confirmation ON subscribers (confirmation_due)",
          ],
        }),
      ),
    );

    app.save(
      new Collection(
        Object.assign({}, closed, {
          type: "base",
          name: "store_alerts",
          fields: [
            rel("subscriber", "subscribers", { required: true }),
            rel("store", "_zdata_stores", { required: true }),
            text("consent_version", 100),
            text("consent_page", 2000),
            date("requested_at"),
            date("confirmed_at"),
            created,
          ],
          indexes: [
            "CREATE UNIQUE INDEX idx_store_alerts_pair ON store_alerts (subscriber, store)",
            "CREATE INDEX idx_store_alerts_store ON store_alerts (store)",
          ],
        }),
      ),
    );

    app.save(
      new Collection(
        Object.assign({}, closed, {
          type: "base",
          name: "mail_sends",
          fields: [
            // Empty for a notice to an operator (no subscriber).
            rel("subscriber", "subscribers"),
            text("email", 254, { required: true }),
            select("kind", ["confirmation", "alert", "digest", "notice"]),
            text("send_key", 200, { required: true }),
            text("campaign", 200),
            select("status", ["sending", "sent", "failed", "skipped"]),
            text("subject", 300),
            { name: "offers", type: "json", maxSize: 20000 },
            text("error", 2000),
            date("sent_at"),
            created,
          ],
          indexes: [
            "CREATE UNIQUE INDEX idx_mail_sends_key ON mail_sends (send_key)",
            "CREATE INDEX idx_mail_sends_subscriber ON mail_sends (subscriber, kind)",
            "CREATE INDEX idx_mail_sends_status ON mail_sends (status, created)",
          ],
        }),
      ),
    );

    app.save(
      new Collection(
        Object.assign({}, closed, {
          type: "base",
          name: "alerted_offers",
          fields: [
            rel("subscriber", "subscribers", { required: true }),
            rel("offer", "_zdata_offers", { required: true }),
            // The alert that told them; empty for an offer already live when they asked.
            rel("send", "mail_sends", { cascadeDelete: false }),
            created,
          ],
          indexes: ["CREATE UNIQUE INDEX idx_alerted_offers_pair ON alerted_offers (subscriber, offer)"],
        }),
      ),
    );

    // What the footer stored so far: pending digest sign-ups, their page and time kept.
    let legacy = null;
    try {
      legacy = app.findCollectionByNameOrId("newsletter_subscribers");
    } catch (_) {
      // a database that never had it
    }
    if (legacy) {
      app
        .db()
        .newQuery(
          `INSERT INTO subscribers (id, email, status, digest, country, signed_up_at, digest_consent_version, digest_consent_page, digest_requested_at, confirmation_due, created)
           SELECT id, lower(trim(email)), 'pending', 'none', '', create_time, {:consent}, source_path, create_time, TRUE, create_time
           FROM newsletter_subscribers WHERE email != ''`,
        )
        .bind({ consent: LEGACY_CONSENT })
        .execute();
      app.delete(legacy);
    }
  },
  (app) => {
    for (const name of ["alerted_offers", "mail_sends", "store_alerts", "subscribers"]) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
