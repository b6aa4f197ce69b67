/// <reference path="../pb_data/types.d.ts" />
// Email to subscribers (issue 50; docs/email.md, docs/decisions/058 and 059): the routes the
// Worker calls as its service account (`edge_services`), and nobody else. The Worker's Cron
// Trigger decides what is due and renders it; these routes keep the subscribers, answer what
// is due, and send through PocketBase's SMTP mailer with a claim in the send log first.
// The logic is in mail.js; handlers run in isolated contexts and require it.

routerAdd(
  "POST",
  "/api/dealpilot/mail/{action}",
  (e) => {
    const action = e.request.pathValue("action");
    const mail = require(`${__hooks}/mail.js`);
    const actions = {
      subscribe: mail.subscribe,
      confirm: mail.confirm,
      unsubscribe: mail.unsubscribe,
      preferences: mail.setPreferences,
      due: mail.due,
      send: mail.send,
      suppress: mail.suppress,
      retention: mail.retention,
    };
    if (!Object.hasOwn(actions, action)) throw new NotFoundError("no such mail action");
    return e.json(200, actions[action](e.app, e.requestInfo().body));
  },
  $apis.requireAuth("edge_services"),
);

// The subscriber as the confirmation and manage pages show it.
routerAdd(
  "GET",
  "/api/dealpilot/mail/subscribers/{id}",
  (e) => {
    const id = e.request.pathValue("id");
    if (!/^[a-z0-9]{15}$/.test(id)) throw new NotFoundError("no such subscriber");
    const subscriber = require(`${__hooks}/mail.js`).pendingOf(e.app, id);
    if (!subscriber) throw new NotFoundError("no such subscriber");
    return e.json(200, subscriber);
  },
  $apis.requireAuth("edge_services"),
);
