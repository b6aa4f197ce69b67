import type { Context } from "hono";
import { normaliseEmail } from "../../lib/email";
import type { AppEnv } from "../app-env";
import { isSecret } from "../middleware/internal-headers";
import { configuredMailOrigin } from "./send";

/**
 * POST /mail/notifications: the relay's bounces and complaints (docs/email.md). A hard bounce
 * or a complaint marks the address `bounced`, and nothing more is sent to it. Authenticated
 * by HTTP Basic with MAIL_NOTIFICATIONS_SECRET as the password (both SNS and Postmark take
 * the credentials in the endpoint's URL); without the secret the endpoint does not exist.
 *
 * - Amazon SES through SNS: the SNS envelope (`Type` Notification, its `Message` the SES
 *   notification: `notificationType` or `eventType` Bounce with `bounce.bounceType`
 *   Permanent, or Complaint, and their recipients). SNS's SubscriptionConfirmation is
 *   confirmed by fetching its SubscribeURL, on an SNS host only.
 * - Postmark: `RecordType` Bounce (HardBounce, BadEmailAddress, or any type whose address
 *   Postmark made `Inactive`), SpamComplaint, and SubscriptionChange with `SuppressSending`.
 *
 * Soft bounces (transient, mailbox full) and everything else are acknowledged and ignored.
 */

/** An SES notification with 50 recipients and the original headers fits in 256 KiB (SNS's own limit). */
export const NOTIFICATIONS_MAX_BODY_BYTES = 256 * 1024;
const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

interface Suppression {
  email: string;
  reason: string;
}

/** HTTP Basic credentials whose password is the secret (the user name is the relay's own). */
async function authorised(header: string | undefined, secret: string): Promise<boolean> {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!match) return false;
  let decoded: string;
  try {
    decoded = atob(match[1] ?? "");
  } catch {
    return false;
  }
  return isSecret(decoded.slice(decoded.indexOf(":") + 1), secret);
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The addresses an SES notification (the SNS message's body) says to stop sending to. */
export function sesSuppressions(notification: Record<string, unknown>): Suppression[] {
  const type = notification.notificationType ?? notification.eventType;
  if (type === "Bounce") {
    const bounce = asObject(notification.bounce);
    if (bounce.bounceType !== "Permanent") return [];
    return asList(bounce.bouncedRecipients).map((r) => ({
      email: String(asObject(r).emailAddress ?? ""),
      reason: `ses bounce: ${String(bounce.bounceSubType ?? "Permanent")}`,
    }));
  }
  if (type === "Complaint") {
    const complaint = asObject(notification.complaint);
    return asList(complaint.complainedRecipients).map((r) => ({
      email: String(asObject(r).emailAddress ?? ""),
      reason: `ses complaint: ${String(complaint.complaintFeedbackType ?? "abuse")}`,
    }));
  }
  return [];
}

/** The address a Postmark webhook says to stop sending to, if any. */
export function postmarkSuppressions(record: Record<string, unknown>): Suppression[] {
  const email = String(record.Email ?? record.Recipient ?? "");
  if (record.RecordType === "Bounce" && (record.Type === "HardBounce" || record.Type === "BadEmailAddress" || record.Inactive === true))
    return [{ email, reason: `postmark bounce: ${String(record.Type)}` }];
  if (record.RecordType === "SpamComplaint") return [{ email, reason: "postmark complaint" }];
  if (record.RecordType === "SubscriptionChange" && record.SuppressSending === true)
    return [{ email, reason: `postmark suppression: ${String(record.SuppressionReason ?? "")}` }];
  return [];
}

export async function mailNotifications(c: Context<AppEnv>): Promise<Response> {
  c.header("Cache-Control", "no-store");
  const { config } = c.var;
  const secret = config.mail.notificationsSecret;
  if (!secret) return c.text("Not found", 404);
  if (!(await authorised(c.req.header("Authorization"), secret))) {
    c.header("WWW-Authenticate", 'Basic realm="mail notifications"');
    return c.text("Unauthorized", 401);
  }
  let body: Record<string, unknown>;
  try {
    body = asObject(JSON.parse(await c.req.text()));
  } catch {
    return c.text("Expected a JSON notification.", 400);
  }

  let suppressions: Suppression[];
  if (body.Type === "SubscriptionConfirmation") {
    const url = URL.parse(String(body.SubscribeURL ?? ""));
    if (url?.protocol !== "https:" || !SNS_HOST.test(url.hostname)) return c.text("SubscribeURL is not an SNS address.", 400);
    const confirmed = await fetch(url.href).catch(() => null);
    if (!confirmed?.ok) return c.text("Could not confirm the subscription; SNS will retry.", 502);
    return c.text("Subscribed.", 200);
  }
  if (body.Type === "Notification") {
    let message: Record<string, unknown>;
    try {
      message = asObject(JSON.parse(String(body.Message ?? "")));
    } catch {
      return c.text("The SNS message is not an SES notification.", 400);
    }
    suppressions = sesSuppressions(message);
  } else if (typeof body.RecordType === "string") {
    suppressions = postmarkSuppressions(body);
  } else {
    return c.text("Neither an SNS nor a Postmark notification.", 400);
  }

  const addresses = suppressions.flatMap((s) => {
    const email = normaliseEmail(s.email);
    return email ? [{ email, reason: s.reason }] : [];
  });
  if (addresses.length === 0) return c.text("Nothing to do.", 200);
  try {
    const origin = configuredMailOrigin(config);
    for (const { email, reason } of addresses) await origin.suppress(email, reason);
  } catch (err) {
    // The relay retries a notification that fails: nothing is lost.
    console.error("bounce or complaint not recorded", err);
    return c.text("Not recorded; please retry.", 503);
  }
  return c.text(`Stopped sending to ${addresses.length} ${addresses.length === 1 ? "address" : "addresses"}.`, 200);
}
