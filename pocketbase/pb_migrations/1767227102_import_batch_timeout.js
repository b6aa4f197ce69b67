/// <reference path="../pb_data/types.d.ts" />
// Feed imports write a page in batches of up to 100 requests, each promotion applied to its
// offer by pb_hooks/feeds.pb.js inside the batch's transaction (issue 48, decision 052).
// PocketBase's default of 3 s for one batch transaction is met on a busy machine, and the
// batch then fails as a whole ("Batch transaction failed.", no field errors), again at every
// retry: bench:import never got past its first page on a loaded machine. 30 s lets a batch
// finish under load; the Worker waits as long for it (src/edge/feeds/import-runs.ts).

migrate(
  (app) => {
    const settings = app.settings();
    settings.batch.timeout = 30;
    app.save(settings);
  },
  (app) => {
    const settings = app.settings();
    settings.batch.timeout = 3;
    app.save(settings);
  },
);
