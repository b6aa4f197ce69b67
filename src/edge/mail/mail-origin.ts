import type { Config } from "../../env";
import type { DIGEST_CHOICES, MAIL_KINDS, SUBSCRIBER_STATUSES } from "../../lib/rules";
import { asService, type ServiceCredentials } from "../service-account";

/**
 * The mail routes of PocketBase (pocketbase/pb_hooks/mail.pb.js), called as the Worker's
 * service account. Each throws MailOriginError when PocketBase cannot be reached or refuses.
 */

export class MailOriginError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
  }
}

/** A subscriber as the pages and the confirmation email need them. */
export interface SubscriberView {
  id: string;
  email: string;
  status: (typeof SUBSCRIBER_STATUSES)[number];
  digest: (typeof DIGEST_CHOICES)[number];
  country: string;
  /** What waits for confirmation. */
  pending: { digest: boolean; stores: StoreRef[] };
  /** The stores they follow (confirmed). */
  stores: StoreRef[];
}
export interface StoreRef {
  id: string;
  title: string;
}

export interface AlertOffer {
  id: string;
  heading: string;
  subheading: string;
  type: string;
  store: string;
  store_title: string;
}
export interface DueAlert {
  subscriber: string;
  email: string;
  country: string;
  offers: AlertOffer[];
}
export interface DigestRecipient {
  subscriber: string;
  email: string;
  country: string;
}

/** One message for PocketBase's mailer, with what its claim in the send log needs. */
export interface OutgoingMessage {
  kind: (typeof MAIL_KINDS)[number];
  /** Unique per message meant: a second message with the same key is never sent. */
  send_key: string;
  /** Empty for a notice (no subscriber). */
  subscriber?: string;
  email: string;
  campaign?: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  offers?: string[];
  digest_period?: string;
  /** Claimed and logged, not sent (an empty digest). */
  skip?: boolean;
}
export type SendOutcome = "sent" | "skipped" | "duplicate" | "inactive" | "failed";
export interface SendResult {
  send_key: string;
  outcome: SendOutcome;
  error?: string;
}

export interface MailOrigin {
  subscribe(body: { email: string; store?: string; digest?: boolean; consent_version: string; page: string; country: string }): Promise<{
    subscriber: string;
    confirmation: SubscriberView | null;
  }>;
  confirm(subscriber: string, issuedAt: number): Promise<{ outcome: "confirmed" | "inactive" | "gone"; subscriber: SubscriberView | null }>;
  unsubscribe(subscriber: string): Promise<{ outcome: "unsubscribed" | "gone" }>;
  preferences(subscriber: string, digest: string, stores: string[]): Promise<{ outcome: "saved" | "inactive" | "gone"; subscriber: SubscriberView | null }>;
  subscriber(id: string): Promise<SubscriberView | null>;
  dueConfirmations(now: number, limit: number): Promise<SubscriberView[]>;
  dueAlerts(now: number, limit: number): Promise<DueAlert[]>;
  dueDigests(now: number, query: { frequency: string; period: string; period_start: number; limit: number }): Promise<DigestRecipient[]>;
  send(messages: OutgoingMessage[], now?: number): Promise<SendResult[]>;
  suppress(email: string, reason: string): Promise<{ found: boolean }>;
  retention(now: number): Promise<{ subscribers: number; alerts: number }>;
}

export function mailOrigin(config: Config, service: ServiceCredentials, timeoutMs: number): MailOrigin {
  const call = async <T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T | null> => {
    let response: Response;
    try {
      response = await asService(config, service, `/api/dealpilot/mail/${path}`, { method, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new MailOriginError(`mail ${path}: ${String(err)}`);
    }
    if (response.status === 404 && method === "GET") {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw new MailOriginError(`mail ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`, response.status);
    return (await response.json()) as T;
  };
  const post = async <T>(action: string, body: object): Promise<T> => (await call<T>("POST", action, body)) as T;
  return {
    subscribe: (body) => post("subscribe", body),
    confirm: (subscriber, issuedAt) => post("confirm", { subscriber, issued_at: issuedAt }),
    unsubscribe: (subscriber) => post("unsubscribe", { subscriber }),
    preferences: (subscriber, digest, stores) => post("preferences", { subscriber, digest, stores }),
    subscriber: (id) => call<SubscriberView>("GET", `subscribers/${id}`),
    dueConfirmations: async (now, limit) => (await post<{ items: SubscriberView[] }>("due", { kind: "confirmations", now, limit })).items,
    dueAlerts: async (now, limit) => (await post<{ items: DueAlert[] }>("due", { kind: "alerts", now, limit })).items,
    dueDigests: async (now, query) => (await post<{ items: DigestRecipient[] }>("due", { kind: "digests", now, ...query })).items,
    send: async (messages, now) => (await post<{ results: SendResult[] }>("send", { messages, now })).results,
    suppress: (email, reason) => post("suppress", { email, reason }),
    retention: (now) => post("retention", { now }),
  };
}
