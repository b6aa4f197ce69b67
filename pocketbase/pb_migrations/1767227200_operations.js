/// <reference path="../pb_data/types.d.ts" />
// Operations (issue 49, docs/operations.md):
//
// - `retention_runs`: one record per run of the retention job (when, the cutoff it applied,
//   how many raw events it deleted, how long it took). Superusers only; the status page reads
//   the newest through the status route, and the replay refuses events older than the newest
//   cutoff (pb_hooks/ops.js). The job deletes by event_time, indexed since 1767226500.
// - Scheduled backups on: daily at 03:00 UTC, the newest 14 kept. Where they go (S3-compatible
//   storage off the machine, R2 in production) is set apart, with its keys:
//   `npm run backup:settings` (docs/operations.md#backups). A database that already has a
//   backup schedule keeps its own.

migrate(
  (app) => {
    app.save(
      new Collection({
        type: "base",
        name: "retention_runs",
        listRule: null,
        viewRule: null,
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: [
          { name: "cutoff", type: "date", required: true },
          { name: "keep_days", type: "number", onlyInt: true, min: 1 },
          { name: "deleted", type: "number", onlyInt: true, min: 0 },
          { name: "ms", type: "number", onlyInt: true, min: 0 },
          { name: "done", type: "bool" },
          { name: "created", type: "autodate", onCreate: true, onUpdate: false },
        ],
        indexes: ["CREATE INDEX idx_retention_runs_created ON retention_runs (created)"],
      }),
    );

    const settings = app.settings();
    if (!settings.backups.cron) {
      settings.backups.cron = "0 3 * * *";
      settings.backups.cronMaxKeep = 14;
      app.save(settings);
    }
  },
  (app) => {
    try {
      app.delete(app.findCollectionByNameOrId("retention_runs"));
    } catch (_) {
      // already gone
    }
  },
);
