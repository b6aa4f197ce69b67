import { readConfig, type Env } from "../../env";
import { asService } from "../service-account";

/**
 * The daily retention job (docs/operations.md#retention): PocketBase deletes raw events
 * older than EVENTS_KEEP_DAYS (pb_hooks/ops.js), a few seconds' worth per call, and is
 * called again until it is done. Daily sums, counters and conversions stay; the archive in
 * R2 keeps the events themselves for 24 months.
 */

/** Calls of a few seconds each: 1 million old events take about ten (docs/operations.md#figures). */
const MAX_CALLS = 200;

export interface RetentionRun {
  cutoff: string;
  deleted: number;
  done: boolean;
}

export async function deleteOldEvents(env: Env): Promise<RetentionRun> {
  const config = readConfig(env);
  if (!config.service) throw new Error("retention: PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
  const run: RetentionRun = { cutoff: "", deleted: 0, done: false };
  for (let call = 0; call < MAX_CALLS && !run.done; call++) {
    const response = await asService(config, config.service, "/api/dealpilot/retention", {
      method: "POST",
      body: { keep_days: config.eventsKeepDays },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`retention: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
    const step = (await response.json()) as { cutoff: string; deleted: number; done: boolean };
    run.cutoff = step.cutoff;
    run.deleted += step.deleted;
    run.done = step.done;
  }
  console.log(`retention: ${run.deleted} raw events before ${run.cutoff} deleted${run.done ? "" : "; more remain for the next run"}`);
  return run;
}
