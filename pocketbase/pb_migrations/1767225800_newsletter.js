/// <reference path="../pb_data/types.d.ts" />
// Newsletter sign-ups (footer form, POST /newsletter on the Worker).
//
// Nobody but a superuser can list, view, update or delete a subscriber. Records are
// created only by the Worker, which authenticates as a record of `edge_services`: an auth
// collection nobody can sign up to, list or view (all rules null except authRule, which
// must be "" for password authentication to work at all). The account itself is ensured
// by pocketbase/run.mjs (ensureServiceAccount) wherever the project starts PocketBase.

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "auth",
        name: "edge_services",
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        manageRule: null,
        authRule: "",
        passwordAuth: { enabled: true, identityFields: ["email"] },
        oauth2: { enabled: false },
        otp: { enabled: false },
        mfa: { enabled: false },
        authAlert: { enabled: false },
      }),
    );

    app.save(
      new Collection({
        type: "base",
        name: "newsletter_subscribers",
        listRule: null,
        viewRule: null,
        createRule: '@request.auth.collectionName = "edge_services"',
        updateRule: null,
        deleteRule: null,
        fields: [
          // The Worker stores the address trimmed and lower-cased (src/lib/email.ts).
          { name: "email", type: "email", required: true },
          // The page the form was sent from (path only).
          { name: "source_path", type: "text", max: 2000 },
          { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
        ],
        // Case-insensitive uniqueness: one record per address whatever its spelling.
        indexes: ["CREATE UNIQUE INDEX idx_newsletter_subscribers_email ON newsletter_subscribers (email COLLATE NOCASE)"],
      }),
    );
  },
  (app) => {
    for (const name of ["newsletter_subscribers", "edge_services"]) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
