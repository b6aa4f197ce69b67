import { afterAll, beforeAll, expect } from "vitest";
import { readConfig } from "../../src/env";
import { runMailJob, type MailJobOptions } from "../../src/edge/mail/mail-job";
import { mailTo, pocketbaseWriter, superuserToken, testEnv, visit } from "./helpers";

/** What the tests' SMTP server received (test/support/mail-catcher.mjs): the mail PocketBase really sent. */
export type ReceivedMessage = Awaited<ReturnType<typeof mailTo>>[number];

export const SITE = "http://127.0.0.1:8787";

export const mailbox = (to: string): Promise<ReceivedMessage[]> => mailTo(to);

/** Waits until `to` has received `count` messages (the sign-up's confirmation goes after its answer). */
export async function waitForMail(to: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await mailbox(to);
    if (messages.length >= count) return messages;
    if (Date.now() > deadline) throw new Error(`${to} received ${messages.length} of ${count} messages`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The relay refuses `to` (554) from now on, or accepts it again. */
export async function relayRefuses(to: string, refuse = true): Promise<void> {
  const response = await fetch(`${testEnv.TEST_CONTROL_URL}/__test/mail/refuse?to=${encodeURIComponent(to)}&refuse=${refuse ? 1 : 0}`, { method: "POST" });
  expect(response.ok).toBe(true);
}

/** One run of the mail job, as the Cron Trigger makes it at `now`. */
export function runMail(now = Date.now(), options: Omit<MailJobOptions, "now"> = {}) {
  return runMailJob(readConfig(testEnv), { now, ...options });
}

export function uniqueEmail(prefix = "mail"): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.com`;
}

/** A client address of its own, so each test starts with a fresh rate-limit budget. */
export function clientIp(): string {
  const hex = crypto.randomUUID().replace(/-/g, "");
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}::1`;
}

/** Posts a sign-up form as the site's page would (JSON answer unless `json` is false). */
export function signUp(path: string, email: string, { json = true, ip = clientIp(), returnTo = "/stores", country = "" } = {}): Promise<Response> {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip, Origin: SITE, Accept: json ? "application/json" : "text/html" };
  if (country) headers["CF-IPCountry"] = country;
  return visit(path, { method: "POST", headers, body: new URLSearchParams({ email, return_to: returnTo }), redirect: "manual" });
}

/** The first link of `message` to `path` (its text part). */
export function linkIn(message: ReceivedMessage, path: string): string {
  const link = message.text.match(new RegExp(`https?://[^\\s]+${path}/[^\\s]+`))?.[0];
  expect(link, `a ${path} link in "${message.subject}"`).toBeTruthy();
  return link ?? "";
}

/** The path of a link, to visit on the Worker under test. */
export const pathOf = (link: string) => new URL(link).pathname;

export interface SubscriberRecord {
  id: string;
  email: string;
  status: string;
  digest: string;
  country: string;
  signed_up_at: string;
  confirmed_at: string;
  digest_consent_version: string;
  digest_consent_page: string;
  digest_requested_at: string;
  digest_confirmed_at: string;
  last_alert_at: string;
  bounce_reason: string;
}

async function superuser(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${testEnv.POCKETBASE_URL}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", Authorization: await superuserToken(), ...(init.headers ?? {}) },
  });
}

export async function subscriberRecord(email: string): Promise<SubscriberRecord | undefined> {
  const response = await superuser(`/api/collections/subscribers/records?filter=${encodeURIComponent(`email = "${email}"`)}`);
  return ((await response.json()) as { items: SubscriberRecord[] }).items[0];
}

export async function storeAlertRecords(
  subscriber: string,
): Promise<{ store: string; confirmed_at: string; consent_version: string; consent_page: string; requested_at: string }[]> {
  const response = await superuser(`/api/collections/store_alerts/records?filter=${encodeURIComponent(`subscriber = "${subscriber}"`)}`);
  return ((await response.json()) as { items: [] }).items;
}

export async function sendLog(subscriber: string): Promise<{ kind: string; status: string; campaign: string; send_key: string; offers: string[] }[]> {
  const response = await superuser(`/api/collections/mail_sends/records?perPage=200&sort=created&filter=${encodeURIComponent(`subscriber = "${subscriber}"`)}`);
  return ((await response.json()) as { items: [] }).items;
}

export async function updateSubscriber(id: string, fields: Record<string, unknown>): Promise<void> {
  const response = await superuser(`/api/collections/subscribers/records/${id}`, { method: "PATCH", body: JSON.stringify(fields) });
  expect(response.status).toBe(200);
}

export async function deleteSubscriber(email: string): Promise<void> {
  const record = await subscriberRecord(email);
  if (record) await superuser(`/api/collections/subscribers/records/${record.id}`, { method: "DELETE" });
}

/** Signs `email` up at `path` and follows the confirmation link (GET then POST) from the email it gets. */
export async function confirmedSignUp(path: string, email: string, country = ""): Promise<SubscriberRecord> {
  const before = (await mailbox(email)).length;
  expect((await signUp(path, email, { country })).status).toBe(200);
  const [confirmation] = (await waitForMail(email, before + 1)).slice(before);
  const link = pathOf(linkIn(confirmation!, "/subscriptions/confirm"));
  expect((await visit(link, { method: "POST" })).status).toBe(200);
  const record = await subscriberRecord(email);
  expect(record?.status).toBe("active");
  return record!;
}

/** A published store and a writer for its offers, all deleted by `cleanup()`. */
export async function storeWithOffers(title = `Mail store ${crypto.randomUUID().slice(0, 6)}`) {
  const writer = await pocketbaseWriter();
  // Its offers' links lead into its website (the content checks' redirect-host rule).
  const store = await writer.create<{ id: string; title: string }>("_zdata_stores", { title, website: "https://shop.mail-tests.example" });
  return {
    store,
    publish: (heading: string, fields: Record<string, unknown> = {}) =>
      writer.create<{ id: string; heading: string }>("_zdata_offers", {
        heading,
        subheading: `${heading}, verified today`,
        type: "coupon",
        coupon_code: "SAVE10",
        store: store.id,
        cta_label: "Get code",
        cta_url: "https://shop.mail-tests.example/",
        ...fields,
      }),
    cleanup: () => writer.cleanup(),
  };
}

/**
 * A test file's store (with offers published by its tests) and the addresses its tests use,
 * all deleted after the file: `fresh()` gives an address of its own to each test.
 */
export function mailFixture() {
  const used: string[] = [];
  const fixture = {
    shop: undefined as unknown as Awaited<ReturnType<typeof storeWithOffers>>,
    used,
    fresh: (prefix?: string) => {
      const email = uniqueEmail(prefix);
      used.push(email);
      return email;
    },
  };
  beforeAll(async () => {
    fixture.shop = await storeWithOffers();
  });
  afterAll(async () => {
    for (const email of used) await deleteSubscriber(email);
    await fixture.shop.cleanup();
  });
  return fixture;
}
