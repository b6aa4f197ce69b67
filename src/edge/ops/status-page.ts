import { type Context, Hono } from "hono";
import type { StatusRow } from "../../admin/StatusPage";
import { ADMIN_SESSION_COOKIE } from "../../lib/admin-session";
import { readCookie } from "../../lib/cookies";
import { renderAdminMessage, renderStatus } from "../../ssr/render-admin";
import { requireSession, sessionOfCookie } from "../admin/session";
import type { AppEnv } from "../app-env";
import { alertsOf } from "./alerts";
import { pocketbaseHealth } from "./healthz";
import { readOpsStatus, type OpsStatus } from "./ops-status";

/**
 * /admin/status (docs/operations.md#status-and-alerts): for editors and marketers signed in
 * at /admin/sign-in (the session guard of src/edge/admin/session.ts; PocketBase's status
 * route admits the same accounts). While PocketBase is down it cannot check a session: the
 * page then shows what the Worker itself knows (PocketBase down, the event lag, dead
 * letters) to an unexpired session the Worker signed, and says so.
 */

export const STATUS_PATH = "/admin/status";

export const statusPage = new Hono<AppEnv>();

const ago = (ms: number) =>
  ms < 120_000 ? `${Math.round(ms / 1000)} s` : ms < 2 * 3600_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 3600_000)} h`;
const kib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The page's lines, in words, from what was read; the alerts' conditions mark the problems. */
export function statusRows(status: OpsStatus): StatusRow[] {
  const now = status.time.getTime();
  const alerts = alertsOf(status);
  const alerted = (text: string) => alerts.some((alert) => alert.text.includes(text));
  const reported = status.reported;
  const unknown = (label: string): StatusRow => ({
    label,
    state: "unknown",
    detail: status.pocketbase.up ? (status.pocketbaseError ?? "not read") : "PocketBase is down",
  });
  const rows: StatusRow[] = [
    {
      label: "PocketBase",
      state: status.pocketbase.up ? "ok" : "problem",
      detail: status.pocketbase.up ? `answers (${status.pocketbase.ms} ms)` : `does not answer (after ${status.pocketbase.ms} ms)`,
    },
  ];
  if (!reported) rows.push(unknown("Newest backup"));
  else if ("error" in reported.backups) rows.push({ label: "Newest backup", state: "problem", detail: reported.backups.error });
  else {
    const { newest, count, s3, cron } = reported.backups;
    const where = s3 ? "S3 storage" : "PocketBase's own disk (set S3 storage: docs/operations.md)";
    rows.push({
      label: "Newest backup",
      state: newest === null || alerted("backup") ? "problem" : s3 ? "ok" : "warning",
      detail: newest
        ? `${newest.key}, ${ago(now - Date.parse(newest.time))} old, ${kib(newest.size)}; ${count} kept on ${where}; schedule "${cron || "off"}"`
        : `none yet on ${where}; schedule "${cron || "off"}"`,
    });
  }
  if (!status.lag) rows.push({ label: "Event lag", state: "unknown", detail: status.archiveError ?? "not read" });
  else {
    const { oldest, queued, deadLetters, more } = status.lag;
    const batch = status.newestBatch;
    const latest = batch
      ? `; newest batch archived ${ago(now - batch.time.getTime())} ago${batch.oldest ? `, ${ago(batch.time.getTime() - batch.oldest.getTime())} after its first event was queued` : ""}`
      : "; no batch archived in the last 15 min";
    rows.push({
      label: "Event lag",
      state: alerted("event lag") ? "problem" : queued > 0 ? "warning" : "ok",
      detail: oldest
        ? `${more ? "at least " : ""}${queued} events not stored yet, the oldest queued ${ago(now - oldest.getTime())} ago${latest}`
        : `every delivered event is stored${latest}`,
    });
    rows.push({
      label: "Dead letters",
      state: deadLetters > 0 ? "problem" : "ok",
      detail:
        deadLetters > 0
          ? `${more ? "at least " : ""}${deadLetters} events wait in dealpilot-events-dlq (docs/events.md#seeing-and-replaying-the-backlog)`
          : "none waiting",
    });
  }
  rows.push({ label: "Network imports", state: "unknown", detail: "no feed imports are set up on this site yet" });
  if (!reported) rows.push(unknown("Mail sending"));
  else if ("error" in reported.mail) rows.push({ label: "Mail sending", state: "problem", detail: reported.mail.error });
  else
    rows.push({
      label: "Mail sending",
      state: reported.mail.smtp ? "ok" : "warning",
      detail: reported.mail.smtp ? "PocketBase's SMTP mailer is set up" : "PocketBase has no SMTP server set: no mail leaves the site",
    });
  if (!reported) rows.push(unknown("Errors in the last hour"));
  else if (typeof reported.errors_last_hour !== "number")
    rows.push({ label: "Errors in the last hour", state: "problem", detail: reported.errors_last_hour.error });
  else
    rows.push({
      label: "Errors in the last hour",
      state: reported.errors_last_hour > 0 ? "warning" : "ok",
      detail: `${reported.errors_last_hour} in PocketBase's logs (admin UI → Logs); the Worker's are in Workers Logs`,
    });
  if (reported?.retention && !("error" in reported.retention)) {
    const run = reported.retention;
    rows.push({
      label: "Retention",
      state: "ok",
      detail: `last run ${run.created.slice(0, 16)} UTC: ${run.deleted} raw events before ${run.cutoff.slice(0, 10)} deleted in ${run.ms} ms`,
    });
  }
  return rows;
}

/** Who reads the status page: the people who sign in on the site, never a superuser. */
const READERS = ["editors", "marketers"] as const;

async function render(c: Context<AppEnv>, status: OpsStatus, note?: string): Promise<Response> {
  return renderStatus({ rows: statusRows(status), checkedAt: status.time.toISOString(), note, nonce: c.var.cspNonce });
}

statusPage.use(STATUS_PATH, async (c, next) => {
  await next();
  c.header("Cache-Control", "no-store");
  c.header("X-Robots-Tag", "noindex, nofollow");
});

statusPage.get(
  STATUS_PATH,
  async (c, next) => {
    const health = await pocketbaseHealth(c.var.config);
    if (health.up) return next();
    // PocketBase cannot check a session now: the Worker's own signature of the cookie, and
    // the token's account and expiry in it, vouch for it (src/edge/admin/session.ts).
    const session = await sessionOfCookie(c.var.config.sessionSecret, readCookie(c.req.header("Cookie"), ADMIN_SESSION_COOKIE));
    if (!session || !(READERS as readonly string[]).includes(session.collection)) return next();
    const status = await readOpsStatus(c.env, c.var.config, { token: session.token }, health);
    return render(c, status, "PocketBase does not answer, so your sign-in could not be checked with it: this is what the Worker itself knows.");
  },
  requireSession(READERS),
  async (c) => {
    const session = c.var.session;
    if (!session) throw new Error("status page without a session");
    const status = await readOpsStatus(c.env, c.var.config, { token: session.token });
    if (status.refusedWith === 403)
      return renderAdminMessage(
        { title: "No status for this account", message: "The status page is for editors' and marketers' accounts.", nonce: c.var.cspNonce },
        403,
      );
    return render(c, status);
  },
);
