/// <reference path="../pb_data/types.d.ts" />
// Who may preview drafts on the site (src/edge/admin/preview.ts): the Worker asks this route with
// the token of the site's session cookie, and renders drafts only on a 200: superusers and
// editors. Marketers' tokens are refused: they read reports, not drafts.

routerAdd("GET", "/api/dealpilot/editor", (e) => e.json(200, { email: e.auth.email() }), $apis.requireAuth("_superusers", "editors"));
