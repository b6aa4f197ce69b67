/// <reference path="../pb_data/types.d.ts" />
// Postbacks (issue 33; docs/reports.md, docs/decisions/038): every hook of
// `affiliate_networks`, and the route the Worker's queue consumer stores postbacks through.
// The logic is in postbacks.js; handlers run in isolated contexts and require it.

// A network's token is made here when the editor leaves it empty, and its SHA-256 kept
// beside it: the Worker recognises a postback URL by the hash and never holds the token.
const keepTokenHash = (e) => {
  if (!e.record.getString("postback_token")) e.record.set("postback_token", $security.randomString(32));
  e.record.set("token_hash", $security.sha256(e.record.getString("postback_token")));
  e.next();
};
onRecordCreate(keepTokenHash, "affiliate_networks");
onRecordUpdate(keepTokenHash, "affiliate_networks");

// The postbacks of a batch, each in a transaction of its own, so one that cannot be stored
// never holds back the others.
routerAdd(
  "POST",
  "/api/dealpilot/postbacks",
  (e) => {
    const { applyPostback } = require(`${__hooks}/postbacks.js`);
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
