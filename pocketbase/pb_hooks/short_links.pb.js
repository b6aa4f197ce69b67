/// <reference path="../pb_data/types.d.ts" />
// Every hook of `short_links` (issue 52; docs/links.md, docs/decisions/064), and the route
// of the links list's figures. The logic is in short-links.js; handlers run in isolated
// contexts and require it.

// What a marketer sends (the site's builder, or the REST API with their token) is checked
// before it is stored: the slug's form, reserved words and uniqueness, a slug that never
// changes, a destination that is a page of this site or an offer, clean campaign values.
// A new link is the sending marketer's, with a random slug when none was typed.
onRecordCreateRequest((e) => {
  const links = require(`${__hooks}/short-links.js`);
  links.prepareNew(e.app, e.record, e.auth);
  links.check(e.app, e.record, null);
  e.next();
}, "short_links");

onRecordUpdateRequest((e) => {
  require(`${__hooks}/short-links.js`).check(e.app, e.record, e.record.original());
  e.next();
}, "short_links");

// A deleted link's slug is kept (retired_short_links) in the same transaction: never given
// out again, and its address answers 410.
onRecordDelete((e) => {
  e.next();
  require(`${__hooks}/short-links.js`).retire(e.app, e.record);
}, "short_links");

// The edge's index of links is read under the content version (src/edge/links/link-index.ts):
// raising it makes a link's change live at every location within the publishing latency.
onRecordAfterCreateSuccess((e) => require(`${__hooks}/content-version.js`).raiseAfter(e), "short_links");
onRecordAfterUpdateSuccess((e) => require(`${__hooks}/content-version.js`).raiseAfter(e), "short_links");
onRecordAfterDeleteSuccess((e) => require(`${__hooks}/content-version.js`).raiseAfter(e), "short_links");

// The links list's figures (/admin/links), read with the signed-in marketer's token.
routerAdd(
  "GET",
  "/api/dealpilot/links/figures",
  (e) => {
    const q = e.request.url.query();
    return e.json(200, require(`${__hooks}/short-links.js`).linksFigures(e.app, q.get("from"), q.get("to")));
  },
  $apis.requireAuth("marketers"),
);
