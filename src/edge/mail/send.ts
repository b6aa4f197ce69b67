import type { Config } from "../../env";
import { ORIGIN_TIMEOUT_MS } from "../service-account";
import { mailOrigin, MailOriginError, type MailOrigin, type OutgoingMessage, type SendResult, type SubscriberView } from "./mail-origin";
import { confirmationMail, type MailSite, type RecipientLinks } from "./messages";
import { signToken } from "./tokens";

/**
 * Sending from the Worker (docs/email.md): every message goes to PocketBase's mailer through
 * its send route, which claims it in the send log first, so none is sent twice.
 */

export const SITE_NAME = "DealPilot";

export function mailSite(config: Config): MailSite {
  return { siteOrigin: config.siteOrigin, siteName: SITE_NAME, postalAddress: config.mail.postalAddress };
}

/** The mail routes as the service account; throws when the service account or the links' key is not configured. */
export function configuredMailOrigin(config: Config, timeoutMs = ORIGIN_TIMEOUT_MS): MailOrigin {
  if (!config.service) throw new MailOriginError("PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD are not set");
  return mailOrigin(config, config.service, timeoutMs);
}

/**
 * Sends `messages` (at most 500) through PocketBase's mailer, each at most once (by its
 * `send_key`), and says what became of each. For any part of the Worker: subscribers' mail
 * here, an operator's notice (kind "notice", no subscriber) elsewhere.
 */
export function sendMail(config: Config, messages: OutgoingMessage[], now?: number): Promise<SendResult[]> {
  return configuredMailOrigin(config).send(messages, now);
}

/** A recipient's own unsubscribe and preferences links. */
export async function recipientLinks(secret: string, siteOrigin: string, subscriber: string, now: number): Promise<RecipientLinks> {
  return {
    unsubscribe: `${siteOrigin}/subscriptions/unsubscribe/${await signToken(secret, "unsubscribe", subscriber, now)}`,
    manage: `${siteOrigin}/subscriptions/manage/${await signToken(secret, "manage", subscriber, now)}`,
  };
}

/** The confirmation email of what `subscriber` has asked for, as a message to send. */
export async function confirmationMessage(config: Config, secret: string, subscriber: SubscriberView, now: number): Promise<OutgoingMessage> {
  const url = `${config.siteOrigin}/subscriptions/confirm/${await signToken(secret, "confirm", subscriber.id, now)}`;
  return {
    kind: "confirmation",
    send_key: `confirmation:${subscriber.id}:${now}`,
    subscriber: subscriber.id,
    email: subscriber.email,
    ...confirmationMail(mailSite(config), subscriber, url),
  };
}
