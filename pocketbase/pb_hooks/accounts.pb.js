/// <reference path="../pb_data/types.d.ts" />
// The site's accounts (marketers and editors sign in on the site; superusers work in the
// admin UI only): the routes the Worker's session code asks (src/edge/admin/session.ts).

// Who may preview drafts on the site (src/edge/admin/preview.ts): the Worker asks this route
// with the token of the site's session cookie, and renders drafts only on a 200: editors.
// Marketers' tokens are refused: they read reports, not drafts.
routerAdd("GET", "/api/dealpilot/editor", (e) => e.json(200, { email: e.auth.email() }), $apis.requireAuth("editors"));

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
