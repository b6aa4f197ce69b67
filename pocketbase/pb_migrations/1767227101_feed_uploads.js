/// <reference path="../pb_data/types.d.ts" />
// Editors' bulk CSV uploads at /admin/imports (issue 48, docs/feeds.md "Generic CSV"): an
// upload is a run of its own (`trigger` "upload") whose file is kept with it (`upload`,
// protected: only the accounts the run's view rule admits can read it, with a file token).
// The Worker reads it by byte range as it reads any CSV feed (pb_hooks/feeds.pb.js gives the
// run's source). The size limit is LIMITS.feed_upload_bytes of pb_hooks/rules.js (a
// migration keeps the value it was written with).

const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

migrate(
  (app) => {
    const runs = app.findCollectionByNameOrId("import_runs");
    const trigger = runs.fields.getByName("trigger");
    trigger.values = ["schedule", "editor", "upload"];
    runs.fields.add(
      new FileField({
        name: "upload",
        maxSelect: 1,
        maxSize: UPLOAD_MAX_BYTES,
        mimeTypes: ["text/csv", "text/plain"],
        protected: true,
        help: "The CSV file an editor uploaded at /admin/imports (generic column map, docs/feeds.md).",
      }),
    );
    app.save(runs);
  },
  (app) => {
    const runs = app.findCollectionByNameOrId("import_runs");
    runs.fields.removeByName("upload");
    runs.fields.getByName("trigger").values = ["schedule", "editor"];
    app.save(runs);
  },
);
