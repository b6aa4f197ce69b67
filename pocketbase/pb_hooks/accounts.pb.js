/// <reference path="../pb_data/types.d.ts" />
// The site's accounts (marketers and editors sign in on the site; superusers work in the
// admin UI only): the routes the Worker's session code asks (src/edge/admin/session.ts).

// Whether a session of the site is still good (src/edge/admin/session.ts): the Worker asks
// this route with the token of the session cookie (signed by the Worker, so only tokens it
// gave out get here) and opens the session's pages only on a 200. A signed-out account's
// token (a new token key), a removed or unverified account's, and a superuser's are refused.
routerAdd(
  "GET",
  "/api/dealpilot/account",
  (e) => e.json(200, { collection: e.auth.collection().name, email: e.auth.email() }),
  $apis.requireAuth("marketers", "editors"),
);

// Signing out of the site ends every session of the marketer's or editor's account:
// PocketBase's tokens cannot be withdrawn one by one, but a new token key voids them all.
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
