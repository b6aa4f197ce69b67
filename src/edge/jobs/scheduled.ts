import type { Env } from "../../env";
import { mailJob } from "../mail/mail-job";
import { checkAlerts } from "../ops/alerts";
import { assertDeployment } from "../ops/deployment-check";
import { deleteOldEvents } from "../ops/retention";

/**
 * The Worker's scheduled() handler (Cron Triggers, wrangler.toml `[triggers] crons`): every
 * job the Worker runs on a schedule, by the cron expression that starts it. Each job is
 * given its own waitUntil so a slow or failing one never holds back another; a cron with
 * no job is logged.
 */
export interface ScheduledJob {
  /** What the logs call it. */
  name: string;
  run: (controller: ScheduledController, env: Env, ctx: ExecutionContext) => Promise<void>;
}

/** Cron expression (exactly as in wrangler.toml) → the jobs it starts. */
export const SCHEDULE: Record<string, ScheduledJob[]> = {
  "* * * * *": [mailJob],
  "*/15 * * * *": [{ name: "ops alerts", run: async (_, env) => void (await checkAlerts(env)) }],
  "30 4 * * *": [{ name: "events retention", run: async (_, env) => void (await deleteOldEvents(env)) }],
};

export async function runScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  assertDeployment(env);
  const jobs = SCHEDULE[controller.cron];
  if (!jobs || jobs.length === 0) {
    console.error(`cron "${controller.cron}": no job in src/edge/jobs/scheduled.ts`);
    return;
  }
  const runs = jobs.map(async (job) => {
    try {
      await job.run(controller, env, ctx);
    } catch (err) {
      console.error(`scheduled job ${job.name} failed`, err);
    }
  });
  await Promise.all(runs);
}
