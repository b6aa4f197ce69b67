/// <reference path="../pb_data/types.d.ts" />
// Feed imports (issue 48, docs/feeds.md, docs/decisions/053): every hook of
// `network_promotions`, `network_advertisers` and `import_runs`, and the route the Worker
// reads a running import's source through. The logic is in feeds.js; handlers run in
// isolated contexts and require it.

// A promotion the Worker writes (one request of its batch, inside the batch's transaction)
// becomes or updates its offer before it is stored, and adds to its run's counts. Listed
// twice in one run, it counts once as fetched and once as skipped.
const applyPromotion = (e) => {
  const feeds = require(`${__hooks}/feeds.js`);
  const run = e.record.getString("last_run");
  const again = !e.record.isNew() && e.record.original().getString("last_run") === run && run !== "";
  e.record.set("missed", 0);
  e.record.set("ended", false);
  const result = feeds.applyPromotion(e.app, e.record);
  e.record.set("outcome", result.outcome);
  e.record.set("reason", result.reason);
  e.record.set("written", result.written || {});
  e.next();
  if (again) feeds.countOutcome(e.app, run, "skipped", "listed twice in one run");
  else feeds.countOutcome(e.app, run, result.outcome, result.reason);
  feeds.countWaiting(e.app, e.record.getString("network"), e.record.getString("advertiser_id"));
};
onRecordCreate(applyPromotion, "network_promotions");
onRecordUpdate(applyPromotion, "network_promotions");

// An advertiser's suggested store, by the host of its site; and once an editor (or a
// superuser in the admin UI) gives it a store, its held promotions are imported.
const mapAdvertiser = (e) => {
  const feeds = require(`${__hooks}/feeds.js`);
  if (!e.record.getString("suggested_store") && !e.record.getString("store")) {
    e.record.set("suggested_store", feeds.suggestStore(e.app, e.record.getString("site_url")));
  }
  const before = e.record.isNew() ? "" : e.record.original().getString("store");
  e.next();
  const store = e.record.getString("store");
  if (store && store !== before) feeds.releaseHeld(e.app, e.record);
};
onRecordCreate(mapAdvertiser, "network_advertisers");
onRecordUpdate(mapAdvertiser, "network_advertisers");

// A run starts running, now; its counts start at zero.
onRecordCreateRequest((e) => {
  e.record.set("status", "running");
  e.record.set("started", require(`${__hooks}/feeds.js`).nowText());
  e.record.set("step", 0);
  e.next();
}, "import_runs");

// The Worker's writes to a run (docs/decisions/052):
// - `step`: each batch claims the step after the stored one; a claim of a step already
//   taken (a queue message delivered again) is refused, and with it the whole batch;
// - `add`: counts to add ({ pages, fetched, skipped, errors }), `skips`: { reason: count },
//   `error`: a message for the run's log (the last 20 are kept);
// - `status` complete or failed ends it; a complete run ends the promotions it missed
//   three complete runs in a row (feeds.js endMissing). A failed one ends nothing, and
//   neither does an editor's upload.
onRecordUpdateRequest((e) => {
  const feeds = require(`${__hooks}/feeds.js`);
  const body = e.requestInfo().body || {};
  const original = e.record.original();
  if (body.step !== undefined && Number(body.step) !== original.getInt("step") + 1) {
    throw new BadRequestError("This step of the import is written already.", {
      step: new ValidationError("feeds_step_taken", `Step ${original.getInt("step")} is the last one written.`),
    });
  }
  const add = body.add && typeof body.add === "object" ? body.add : {};
  for (const name of ["pages", "fetched", "skipped", "errors"]) {
    const n = Number(add[name]);
    if (Number.isInteger(n) && n > 0) e.record.set(name, original.getInt(name) + n);
  }
  if (typeof body.error === "string" && body.error) {
    const log = feeds.readJson(original, "error_log") || [];
    log.push({ at: feeds.nowText(), message: body.error.slice(0, 500) });
    e.record.set("error_log", log.slice(-20));
  }
  const status = e.record.getString("status");
  const ending = original.getString("status") === "running" && status !== "running";
  if (ending) e.record.set("finished", feeds.nowText());
  e.app.runInTransaction((tx) => {
    e.app = tx;
    e.next();
    if (body.skips && typeof body.skips === "object") feeds.addSkipReasons(tx, e.record.id, body.skips);
    // An editor's upload adds and updates: a file is not the network's whole list, so what it
    // leaves out has not vanished.
    if (ending && status === "complete" && e.record.getString("trigger") !== "upload") {
      const ended = feeds.endMissing(tx, e.record);
      tx.db().newQuery("UPDATE import_runs SET ended = ended + {:ended} WHERE id = {:run}").bind({ ended: ended, run: e.record.id }).execute();
    }
  });
}, "import_runs");

// A running import's source, for the Worker's service account only: the network's feed
// settings with its credentials, which no other API answer shows (docs/decisions/054). An
// editor's upload is read as a CSV feed from the run's own file: its path on PocketBase, with
// a file token of the service account (protected file, minutes long) in place of credentials.
routerAdd(
  "GET",
  "/api/dealpilot/feeds/runs/{run}/source",
  (e) => {
    let run;
    try {
      run = e.app.findRecordById("import_runs", e.request.pathValue("run"));
    } catch (_) {
      throw new NotFoundError("No such import.");
    }
    if (run.getString("status") !== "running") throw new NotFoundError("This import is not running.");
    const network = e.app.findRecordById("affiliate_networks", run.getString("network"));
    const upload = run.getString("upload");
    if (upload) {
      return e.json(200, {
        network: network.id,
        kind: "csv",
        network_kind: network.getString("feed_kind"),
        account: "",
        api_base: `/api/files/import_runs/${run.id}/${encodeURIComponent(upload)}?token=${encodeURIComponent(e.auth.newFileToken())}`,
        credentials: "",
        time_zone: network.getString("feed_time_zone"),
        sub_id_param: network.getString("feed_sub_id_param"),
      });
    }
    return e.json(200, {
      network: network.id,
      kind: network.getString("feed_kind"),
      network_kind: network.getString("feed_kind"),
      account: network.getString("feed_account"),
      api_base: network.getString("feed_api_base"),
      credentials: network.getString("feed_credentials"),
      time_zone: network.getString("feed_time_zone"),
      sub_id_param: network.getString("feed_sub_id_param"),
    });
  },
  $apis.requireAuth("edge_services"),
);
