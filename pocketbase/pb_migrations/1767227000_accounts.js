/// <reference path="../pb_data/types.d.ts" />
// The accounts that sign in on the site (issue 47, docs/decisions/049): marketers and editors
// must be verified to sign in (their collection's auth rule), so an account a superuser made
// for a mistyped address opens nothing until someone confirms it. Multi-factor sign-in
// (password, then a one-time code PocketBase emails) is left off here so the demo signs in
// with a password; an operator turns it on per collection in the admin UI (docs/reports.md).

const ACCOUNTS = ["marketers", "editors"];

migrate(
  (app) => {
    for (const name of ACCOUNTS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.authRule = "verified = true";
      app.save(collection);
    }
  },
  (app) => {
    for (const name of ACCOUNTS) {
      const collection = app.findCollectionByNameOrId(name);
      collection.authRule = "";
      app.save(collection);
    }
  },
);
