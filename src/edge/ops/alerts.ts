import { readConfig, type Env } from "../../env";
import { readOpsStatus, type OpsStatus } from "./ops-status";

/**
 * The operator's alerts (docs/operations.md#status-and-alerts), checked every 15 minutes
 * by a Cron Trigger: a backup older than a day (or none), dead letters waiting, event lag
 * past 15 minutes, PocketBase down. Each is one log line at error level starting with
 * ALERT_PREFIX, which a Workers Logs alert matches. Mail to the operator's address comes
 * with the site's mailer (issue 50); until then the log line is the alert.
 */

export const ALERT_PREFIX = "ops alert:";
const BACKUP_MAX_AGE_MS = 24 * 3600_000;
const LAG_MAX_MS = 15 * 60_000;

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

/** The alerts a status calls for, in words; empty when all is well. */
export function alertsOf(status: OpsStatus): string[] {
  const alerts: string[] = [];
  const now = status.time.getTime();
  if (!status.pocketbase.up) alerts.push("PocketBase does not answer its health check");
  else if (status.reported === null) alerts.push(`PocketBase's status cannot be read: ${status.pocketbaseError}`);
  else if ("error" in status.reported.backups) alerts.push(`backups cannot be listed: ${status.reported.backups.error}`);
  else if (status.reported.backups.newest === null) alerts.push("there is no backup");
  else {
    const age = now - Date.parse(status.reported.backups.newest.time);
    if (age > BACKUP_MAX_AGE_MS) alerts.push(`the newest backup is ${Math.floor(age / 3600_000)} hours old (${status.reported.backups.newest.key})`);
  }
  if (status.lag === null) alerts.push(`waiting events cannot be read: ${status.archiveError}`);
  else {
    const more = status.lag.more ? "at least " : "";
    if (status.lag.deadLetters > 0) alerts.push(`${more}${status.lag.deadLetters} events wait in the dead-letter queue`);
    if (status.lag.oldest && now - status.lag.oldest.getTime() > LAG_MAX_MS)
      alerts.push(`event lag is ${minutes(now - status.lag.oldest.getTime())}: ${more}${status.lag.queued + status.lag.deadLetters} events not stored yet`);
  }
  return alerts;
}

/** The cron job: reads the status as the Worker's service account and raises each alert. */
export async function checkAlerts(env: Env): Promise<string[]> {
  const config = readConfig(env);
  if (!config.service) {
    const alerts = ["PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set: PocketBase's status cannot be read"];
    for (const alert of alerts) console.error(`${ALERT_PREFIX} ${alert}`);
    return alerts;
  }
  const alerts = alertsOf(await readOpsStatus(env, config, { service: config.service }));
  for (const alert of alerts) console.error(`${ALERT_PREFIX} ${alert}`);
  return alerts;
}
