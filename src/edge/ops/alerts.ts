import { type Config, readConfig, type Env } from "../../env";
import { escapeHtml } from "../mail/messages";
import { SITE_NAME, sendMail } from "../mail/send";
import { readOpsStatus, type OpsStatus } from "./ops-status";

/**
 * The operator's alerts (docs/operations.md#status-and-alerts), checked every 15 minutes
 * by a Cron Trigger: a backup older than a day (or none), dead letters waiting, event lag
 * past 15 minutes, PocketBase down. Each is one log line at error level starting with
 * ALERT_PREFIX, which a Workers Logs alert matches, and, when OPS_ALERT_EMAIL is set, one
 * email to the operator through the site's mailer (which lives in PocketBase: while
 * PocketBase is down, the log line is the only alert).
 */

export const ALERT_PREFIX = "ops alert:";
const BACKUP_MAX_AGE_MS = 24 * 3600_000;
const LAG_MAX_MS = 15 * 60_000;
/** Trouble that lasts is mailed again after this long; a new kind of trouble at once. */
export const ALERT_MAIL_EVERY_MS = 6 * 3600_000;

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

/** One kind of trouble (what a repeated mail is recognised by) and what it is, in words. */
export interface Alert {
  kind: string;
  text: string;
}

/** The alerts a status calls for; empty when all is well. */
export function alertsOf(status: OpsStatus): Alert[] {
  const alerts: Alert[] = [];
  const raise = (kind: string, text: string) => alerts.push({ kind, text });
  const now = status.time.getTime();
  if (!status.pocketbase.up) raise("pocketbase_down", "PocketBase does not answer its health check");
  else if (status.reported === null) raise("status_unread", `PocketBase's status cannot be read: ${status.pocketbaseError}`);
  else if ("error" in status.reported.backups) raise("backups_unlisted", `backups cannot be listed: ${status.reported.backups.error}`);
  else if (status.reported.backups.newest === null) raise("no_backup", "there is no backup");
  else {
    const age = now - Date.parse(status.reported.backups.newest.time);
    if (age > BACKUP_MAX_AGE_MS) raise("backup_old", `the newest backup is ${Math.floor(age / 3600_000)} hours old (${status.reported.backups.newest.key})`);
  }
  if (status.lag === null) raise("lag_unread", `waiting events cannot be read: ${status.archiveError}`);
  else {
    const more = status.lag.more ? "at least " : "";
    if (status.lag.deadLetters > 0) raise("dead_letters", `${more}${status.lag.deadLetters} events wait in the dead-letter queue`);
    if (status.lag.oldest && now - status.lag.oldest.getTime() > LAG_MAX_MS)
      raise("lag", `event lag is ${minutes(now - status.lag.oldest.getTime())}: ${more}${status.lag.queued + status.lag.deadLetters} events not stored yet`);
  }
  return alerts;
}

/**
 * The operator's email of `alerts`, or null when nothing needs saying. Its send key names the
 * kinds of trouble and the six-hour window: the mailer sends a key once, so trouble that lasts
 * is mailed every six hours, and a new kind of trouble at once.
 */
export function alertMail(config: Config, alerts: Alert[], now: number) {
  if (!config.mail.operatorAddress || alerts.length === 0) return null;
  const kinds = [...new Set(alerts.map((alert) => alert.kind))].sort().join("+");
  const status = `${config.siteOrigin}/admin/status`;
  const lines = alerts.map((alert) => alert.text);
  return {
    kind: "notice" as const,
    send_key: `ops-alert:${kinds}:${Math.floor(now / ALERT_MAIL_EVERY_MS)}`,
    email: config.mail.operatorAddress,
    subject: `${SITE_NAME}: ${alerts.length === 1 ? lines[0] : `${alerts.length} problems need you`}`.slice(0, 300),
    text: `${lines.map((line) => `- ${line}`).join("\n")}\n\nThe status page: ${status}\nWhat to do: docs/operations.md (Status and alerts).\n`,
    html: `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul><p><a href="${escapeHtml(status)}">The status page</a>; what to do: docs/operations.md (Status and alerts).</p>`,
  };
}

/**
 * The cron job: reads the status as the Worker's service account and raises each alert as a
 * log line, then mails them to the operator. A mail that cannot be sent is one more log line:
 * the alerts themselves are already out.
 */
export async function checkAlerts(env: Env, now = Date.now()): Promise<string[]> {
  const config = readConfig(env);
  const alerts: Alert[] = config.service
    ? alertsOf(await readOpsStatus(env, config, { service: config.service }))
    : [{ kind: "no_service_account", text: "PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set: PocketBase's status cannot be read" }];
  for (const alert of alerts) console.error(`${ALERT_PREFIX} ${alert.text}`);
  const mail = config.service && alerts.every((alert) => alert.kind !== "pocketbase_down") ? alertMail(config, alerts, now) : null;
  if (mail) {
    try {
      const [result] = await sendMail(config, [mail], now);
      if (result?.outcome === "failed") console.error(`${ALERT_PREFIX} the alert mail to the operator failed: ${result.error ?? "no reason given"}`);
    } catch (err) {
      console.error(`${ALERT_PREFIX} the alert mail to the operator could not be sent: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return alerts.map((alert) => alert.text);
}
