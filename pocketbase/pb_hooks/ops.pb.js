/// <reference path="../pb_data/types.d.ts" />
// Operations (issue 49, docs/operations.md): the routes of the retention job, the replay of
// archived events and the status page. The logic is in ops.js.

// The Worker's daily retention job (src/edge/ops/retention.ts), as its service account.
routerAdd(
  "POST",
  "/api/dealpilot/retention",
  (e) => {
    const { deleteOldEvents } = require(`${__hooks}/ops.js`);
    return e.json(200, deleteOldEvents(e.app, e.requestInfo().body.keep_days));
  },
  $apis.requireAuth("edge_services", "_superusers"),
);

// The operator's `npm run events:replay` and `npm run backup:drill`, as a superuser.
routerAdd(
  "POST",
  "/api/dealpilot/replay",
  (e) => {
    const { replay } = require(`${__hooks}/ops.js`);
    return e.json(200, replay(e.app, e.requestInfo().body));
  },
  $apis.requireAuth("_superusers"),
);

// The status page (/admin/status, editors and marketers) and the Worker's alerts.
routerAdd(
  "GET",
  "/api/dealpilot/status",
  (e) => {
    const { status } = require(`${__hooks}/ops.js`);
    return e.json(200, status(e.app));
  },
  $apis.requireAuth("editors", "marketers", "edge_services"),
);
