/// <reference path="../pb_data/types.d.ts" />
// The marketers' report (issue 33; docs/reports.md): the route the Worker's /admin/reports
// reads with the marketer's token. The logic is in reports.js.

routerAdd(
  "GET",
  "/api/dealpilot/report",
  (e) => {
    const { report, previousPeriod, filterChoices } = require(`${__hooks}/reports.js`);
    const { REPORT_GROUPS } = require(`${__hooks}/rules.js`);
    const q = e.request.url.query();
    const filters = {};
    for (const name of REPORT_GROUPS) filters[name] = q.get(name);
    const result = report(e.app, q.get("from"), q.get("to"), q.get("group"), filters);
    // The page's comparison and its filters' values.
    result.previous = previousPeriod(e.app, result.from, result.to, filters);
    result.choices = filterChoices(e.app, result.from, result.to);
    const superuser = e.auth.isSuperuser();
    result.viewer = { email: e.auth.email(), name: superuser ? "" : e.auth.getString("name"), role: superuser ? "superuser" : "marketer" };
    return e.json(200, result);
  },
  $apis.requireAuth("_superusers", "marketers"),
);
