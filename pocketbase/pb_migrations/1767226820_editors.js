/// <reference path="../pb_data/types.d.ts" />
// The editors' role (issue 35, docs/decisions/041-editors-role.md): an `editors` auth
// collection whose members may create and edit the site's content through PocketBase's API
// (files included), read drafts, and preview them on the site; nothing else.
//
// - No delete: an editor takes a record off the site by archiving it (status), which keeps it.
// - Schema, settings, logs and backups are PocketBase's superuser-only APIs; the site's
//   accounts (`edge_services`, `marketers`), the networks' tokens, conversions, clicks and
//   votes have rules that do not name editors, so editors get nothing there.
// - Counters are refused to every update request and to editors' creations
//   (pb_hooks/content.pb.js).
// - PocketBase's admin UI admits superusers only (see the decision): editors work through
//   the API, e.g. the JS SDK, and superusers keep the admin UI.

const EDITOR = '@request.auth.collectionName = "editors"';
/** Collections with a status: visitors read published records (earlier migrations), editors every one. */
const PUBLISHED = {
  _zdata_articles: 'status = "published"',
  Products: 'status = "published"',
  _zdata_stores: 'status = "published"',
  _zdata_offers: 'status = "published" && store.status = "published"',
  _zdata_comparisons: 'status = "published"',
  _zdata_advertorials: 'status = "published"',
};
/** Content every visitor reads whole. */
const PUBLIC = ["_zdata_categories", "_zdata_badges", "_zdata_banners", "_zdata_authors"];

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "auth",
        name: "editors",
        // An editor reads their own account; superusers invite and remove editors.
        listRule: "id = @request.auth.id",
        viewRule: "id = @request.auth.id",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        manageRule: null,
        authRule: "",
        // A working day, as the marketers' sessions.
        authToken: { duration: 43200 },
        passwordAuth: { enabled: true, identityFields: ["email"] },
        oauth2: { enabled: false },
        otp: { enabled: false },
        mfa: { enabled: false },
        authAlert: { enabled: false },
        fields: [{ name: "name", type: "text", max: 100 }],
      }),
    );
    for (const name of Object.keys(PUBLISHED)) {
      const collection = app.findCollectionByNameOrId(name);
      collection.listRule = `(${PUBLISHED[name]}) || ${EDITOR}`;
      collection.viewRule = `(${PUBLISHED[name]}) || ${EDITOR}`;
      collection.createRule = EDITOR;
      collection.updateRule = EDITOR;
      app.save(collection);
    }
    for (const name of PUBLIC) {
      const collection = app.findCollectionByNameOrId(name);
      collection.createRule = EDITOR;
      collection.updateRule = EDITOR;
      app.save(collection);
    }
    // The site settings: one record, edited, never made or removed by editors.
    const websites = app.findCollectionByNameOrId("websites");
    websites.updateRule = EDITOR;
    app.save(websites);
  },
  (app) => {
    for (const name of [...Object.keys(PUBLISHED), ...PUBLIC, "websites"]) {
      const collection = app.findCollectionByNameOrId(name);
      if (PUBLISHED[name]) {
        collection.listRule = PUBLISHED[name];
        collection.viewRule = PUBLISHED[name];
      }
      collection.createRule = null;
      collection.updateRule = null;
      app.save(collection);
    }
    app.delete(app.findCollectionByNameOrId("editors"));
  },
);
