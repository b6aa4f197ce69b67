/// <reference path="../pb_data/types.d.ts" />
// Postbacks and reports (issue 33; docs/reports.md, docs/decisions/038). The logic is in
// conversions.js; handlers run in isolated contexts and require it.

// A network's token is made here when the editor leaves it empty, and its SHA-256 kept
// beside it: the Worker recognises a postback URL by the hash and never holds the token.
const keepTokenHash = (e) => {
  if (!e.record.getString("postback_token")) e.record.set("postback_token", $security.randomString(32));
  e.record.set("token_hash", $security.sha256(e.record.getString("postback_token")));
  e.next();
};
onRecordCreate(keepTokenHash, "affiliate_networks");
onRecordUpdate(keepTokenHash, "affiliate_networks");

// The Worker's queue consumer stores the postbacks of a batch: each in a transaction of its
// own, so one that cannot be stored never holds back the others.
routerAdd(
  "POST",
  "/api/dealpilot/postbacks",
  (e) => {
    const { applyPostback } = require(`${__hooks}/conversions.js`);
    const postbacks = e.requestInfo().body.postbacks;
    if (!Array.isArray(postbacks) || postbacks.length > 100) throw new BadRequestError("postbacks: 1 to 100 expected");
    const stored = {};
    const refused = {};
    for (const postback of postbacks) {
      const id = postback && typeof postback.id === "string" ? postback.id : "";
      try {
        e.app.runInTransaction((tx) => {
          stored[id] = applyPostback(tx, postback);
        });
      } catch (error) {
        refused[id] = String(error);
      }
    }
    return e.json(200, { stored: stored, refused: refused });
  },
  $apis.requireAuth("edge_services"),
);

routerAdd(
  "GET",
  "/api/dealpilot/report",
  (e) => {
    const { report } = require(`${__hooks}/conversions.js`);
    const q = e.request.url.query();
    const result = report(e.app, q.get("from"), q.get("to"), q.get("group"));
    const superuser = e.auth.isSuperuser();
    result.viewer = { email: e.auth.email(), name: superuser ? "" : e.auth.getString("name"), role: superuser ? "superuser" : "marketer" };
    return e.json(200, result);
  },
  $apis.requireAuth("_superusers", "marketers"),
);

// Each click is added to the report's daily sums in the transaction that stores it (after
// e.next(), once outbound_events.pb.js has settled whether it counts), and taken out in the
// one that deletes it.
onRecordCreate((e) => {
  e.next();
  if (e.record.getString("kind") === "click") require(`${__hooks}/conversions.js`).countDailyClick(e.app, e.record, 1);
}, "outbound_events");
onRecordDelete((e) => {
  e.next();
  if (e.record.getString("kind") === "click") require(`${__hooks}/conversions.js`).countDailyClick(e.app, e.record, -1);
}, "outbound_events");

onRecordAfterCreateSuccess((e) => {
  if (e.record.getString("kind") === "click") require(`${__hooks}/conversions.js`).matchLateClick(e.app, e.record);
  e.next();
}, "outbound_events");

// Signing out of the site ends every session of the marketer's or editor's account:
// PocketBase's tokens cannot be withdrawn one by one, but a new token key voids them all.
// (Superusers' tokens also open the admin UI, so theirs are left to expire.)
routerAdd(
  "POST",
  "/api/dealpilot/sign-out",
  (e) => {
    e.auth.refreshTokenKey();
    e.app.save(e.auth);
    return e.noContent(204);
  },
  $apis.requireAuth("marketers", "editors"),
);
