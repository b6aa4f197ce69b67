import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { digestPeriod } from "../../src/edge/mail/mail-job";
import { signToken } from "../../src/edge/mail/tokens";
import { runScheduled } from "../../src/edge/jobs/scheduled";
import { DIGEST_CHOICES, MAIL_KINDS, MAIL_SEND_STATUSES, SUBSCRIBER_STATUSES } from "../../src/lib/rules";
import { superuserToken, testEnv, visit } from "./helpers";
import {
  confirmedSignUp,
  linkIn,
  mailbox,
  pathOf,
  relayRefuses,
  runMail,
  sendLog,
  mailFixture,
  subscriberRecord,
  updateSubscriber,
  type ReceivedMessage,
} from "./mail-helpers";

// What is sent (issue 50): store alerts, digests, one-click unsubscribe, bounces. Each mail
// is what PocketBase's SMTP mailer delivered to the test process's SMTP server.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const fixture = mailFixture();
const { fresh } = fixture;

function expectListMessage(message: ReceivedMessage, medium: "alert" | "digest") {
  // RFC 8058: an https List-Unsubscribe URI and the One-Click POST header, both signed (DKIM is the relay's).
  expect(message.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${testEnv.SITE_ORIGIN}/subscriptions/unsubscribe/u\\.[^>]+>$`));
  expect(message.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  expect(message.text).toContain("Unsubscribe: ");
  expect(message.html).toContain(">Unsubscribe</a>");
  expect(message.html).toContain(">Manage your emails</a>");
  expect(message.text).toContain(testEnv.MAIL_POSTAL_ADDRESS!);
  // Every link in it goes to the site, with the email's tracking parameters.
  const links = [...message.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
  expect(links.length).toBeGreaterThan(2);
  for (const link of links) {
    const url = new URL(link);
    expect(url.origin).toBe(testEnv.SITE_ORIGIN);
    if (url.pathname.startsWith("/stores/")) {
      expect(url.searchParams.get("utm_source")).toBe("email");
      expect(url.searchParams.get("utm_medium")).toBe(medium);
      expect(url.searchParams.get("utm_campaign")).toMatch(new RegExp(`^${medium}-`));
    }
  }
  expect(message.html).toContain('<meta name="color-scheme" content="light dark">');
  expect(message.html).toMatch(/<img [^>]*alt="DealPilot"/);
}

describe("store alerts", () => {
  it("bundles what is new in one email, then waits 4 hours, and never names an offer twice", async () => {
    const email = fresh();
    const subscriber = await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email);
    const now = Date.now();
    const first = await fixture.shop.publish("First new code");
    const second = await fixture.shop.publish("Second new code", { type: "deal" });
    // Not live yet, and not for their country: not news.
    await fixture.shop.publish("Starts tomorrow", { starts_at: new Date(now + DAY_MS).toISOString() });
    await runMail(now);
    let messages = await mailbox(email);
    expect(messages).toHaveLength(2);
    const alert = messages[1]!;
    expect(alert.subject).toBe(`New at ${fixture.shop.store.title}: 2 new offers`);
    expect(alert.text).toContain("First new code");
    expect(alert.text).toContain("Second new code");
    expect(alert.text).not.toContain("Starts tomorrow");
    expectListMessage(alert, "alert");

    // Within 4 hours a third offer waits, and nothing is sent twice.
    await fixture.shop.publish("Third new code");
    await runMail(now + 60_000);
    await runMail(now + 3 * HOUR_MS);
    expect(await mailbox(email)).toHaveLength(2);
    await runMail(now + 4 * HOUR_MS + 60_000);
    messages = await mailbox(email);
    expect(messages).toHaveLength(3);
    expect(messages[2]!.text).toContain("Third new code");
    expect(messages[2]!.text).not.toContain("First new code");
    expect(messages[2]!.subject).toBe(`New at ${fixture.shop.store.title}: Third new code`);

    // Nothing new: nothing sent, however often the job runs.
    await runMail(now + 9 * HOUR_MS);
    expect(await mailbox(email)).toHaveLength(3);
    const log = (await sendLog(subscriber.id)).filter((entry) => entry.kind === "alert");
    expect(log.map((entry) => entry.status)).toEqual(["sent", "sent"]);
    expect(log[0]!.offers.sort()).toEqual([first.id, second.id].sort());
  });

  it("alerts offers for the subscriber's country only, when it is known", async () => {
    const email = fresh();
    await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email, "DE");
    await fixture.shop.publish("Only in France", { countries: ["FR"] });
    await fixture.shop.publish("In Germany and Austria", { countries: ["DE", "AT"] });
    await runMail();
    const [, alert] = await mailbox(email);
    expect(alert!.text).toContain("In Germany and Austria");
    expect(alert!.text).not.toContain("Only in France");
  });

  it("sends one alert when two runs race, and marks a second send of the same key a duplicate", async () => {
    const email = fresh();
    await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email);
    await fixture.shop.publish("Raced code");
    const now = Date.now();
    const reports = await Promise.all([runMail(now), runMail(now), runMail(now + 1_000)]);
    expect(reports.reduce((sum, r) => sum + r.alerts.sent, 0)).toBe(1);
    expect(await mailbox(email)).toHaveLength(2);
  });

  it("keeps an offer for the next run when the relay refuses the message, and sends it once it accepts", async () => {
    const email = fresh();
    await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email);
    await fixture.shop.publish("Refused at first");
    await relayRefuses(email);
    try {
      const refused = await runMail();
      expect(refused.alerts.failed).toBeGreaterThanOrEqual(1);
    } finally {
      await relayRefuses(email, false);
    }
    expect(await mailbox(email)).toHaveLength(1);
    await runMail();
    const messages = await mailbox(email);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.text).toContain("Refused at first");
  });
});

describe("the digest", () => {
  it("sends each weekly subscriber the period's best new live offers once, and skips an empty one", async () => {
    const email = fresh();
    const subscriber = await confirmedSignUp("/newsletter", email);
    const now = Date.now();
    const { start, period } = digestPeriod("weekly", now);
    // Confirmed before the period began: this period's digest is theirs.
    await updateSubscriber(subscriber.id, { digest_confirmed_at: new Date(start - 60_000).toISOString() });
    // Featured and the most "worked" votes: first of the best.
    await fixture.shop.publish("Digest-worthy code", { is_featured: true, worked_count: 1_000_000 });
    await runMail(now);
    const messages = await mailbox(email);
    expect(messages).toHaveLength(2);
    const digest = messages[1]!;
    expect(digest.subject).toBe("This week's best new deals");
    expect(digest.text).toContain("Digest-worthy code");
    expectListMessage(digest, "digest");
    expect(digest.html).toContain(`utm_campaign=digest-weekly-${period}`);
    await runMail(now + 60_000);
    expect(await mailbox(email)).toHaveLength(2);

    // Two months on, nothing is new: the digest is skipped, logged, and nothing is sent.
    const later = now + 60 * DAY_MS;
    await runMail(later);
    expect(await mailbox(email)).toHaveLength(2);
    const log = (await sendLog(subscriber.id)).filter((entry) => entry.kind === "digest");
    expect(log.map((entry) => entry.status)).toEqual(["sent", "skipped"]);
    expect(log[1]!.send_key).toBe(`digest:${digestPeriod("weekly", later).period}:${subscriber.id}`);
  });

  it("sends a daily digest to those who chose it on their preferences page", async () => {
    const email = fresh();
    const subscriber = await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email);
    const token = await signToken(testEnv.MAIL_TOKEN_SECRET!, "manage", subscriber.id);
    const page = await visit(`/subscriptions/manage/${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(fixture.shop.store.title);
    expect(html).toContain('value="daily"');
    const saved = await visit(`/subscriptions/manage/${token}`, { method: "POST", body: new URLSearchParams({ digest: "daily" }) });
    expect(saved.status).toBe(200);
    const record = await subscriberRecord(email);
    expect(record).toMatchObject({ digest: "daily", digest_consent_version: "manage-page" });
    // The store was left unticked: they follow it no more.
    await fixture.shop.publish("Not for someone who left the store");
    const now = Date.now() + 2 * DAY_MS;
    await updateSubscriber(subscriber.id, { digest_confirmed_at: new Date(digestPeriod("daily", now).start - 60_000).toISOString() });
    await runMail(now);
    const messages = await mailbox(email);
    expect(messages.map((m) => m.subject)).toEqual(["Confirm your DealPilot emails", "Today's best new deals"]);
  });
});

describe("unsubscribing", () => {
  it("takes RFC 8058's one-click POST: 200, no redirect, and the next run sends nothing", async () => {
    const email = fresh();
    await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email);
    await fixture.shop.publish("Before leaving");
    await runMail();
    const [, alert] = await mailbox(email);
    const oneClick = pathOf(alert!.headers["list-unsubscribe"]!.slice(1, -1));
    // The GET (a mail scanner) changes nothing.
    const page = await visit(oneClick);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post">');
    expect((await subscriberRecord(email))!.status).toBe("active");

    const response = await visit(oneClick, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.provider.example" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await response.text()).toBe("Unsubscribed.");
    const record = await subscriberRecord(email);
    expect(record).toMatchObject({ status: "unsubscribed", digest: "none" });

    await fixture.shop.publish("After leaving");
    await runMail(Date.now() + 5 * HOUR_MS);
    expect(await mailbox(email)).toHaveLength(2);
    // A second click is still a 200.
    expect((await visit(oneClick, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) })).status).toBe(200);
  });

  it("unsubscribes with the visible link's button too (multipart or empty form)", async () => {
    const email = fresh();
    await confirmedSignUp("/newsletter", email);
    const record = await subscriberRecord(email);
    const token = await signToken(testEnv.MAIL_TOKEN_SECRET!, "unsubscribe", record!.id);
    const response = await visit(`/subscriptions/unsubscribe/${token}`, { method: "POST", body: new FormData() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("You are unsubscribed");
    expect((await subscriberRecord(email))!.status).toBe("unsubscribed");
  });
});

describe("bounces and complaints", () => {
  const auth = (password: string) => ({ Authorization: `Basic ${btoa(`relay:${password}`)}` });
  const notify = (body: unknown, password = testEnv.MAIL_NOTIFICATIONS_SECRET!) =>
    visit("/mail/notifications", { method: "POST", headers: { "Content-Type": "text/plain; charset=UTF-8", ...auth(password) }, body: JSON.stringify(body) });
  const sns = (message: unknown) => ({
    Type: "Notification",
    MessageId: crypto.randomUUID(),
    TopicArn: "arn:aws:sns:eu-west-1:1:ses",
    Message: JSON.stringify(message),
  });

  it("marks an address bounced on SES's permanent bounce and complaint, and on Postmark's, and sends it nothing more", async () => {
    const cases: [string, (email: string) => unknown][] = [
      [
        "ses bounce",
        (email) =>
          sns({
            notificationType: "Bounce",
            bounce: { bounceType: "Permanent", bounceSubType: "General", bouncedRecipients: [{ emailAddress: email }] },
            mail: {},
          }),
      ],
      [
        "ses complaint",
        (email) => sns({ eventType: "Complaint", complaint: { complaintFeedbackType: "abuse", complainedRecipients: [{ emailAddress: email }] }, mail: {} }),
      ],
      ["postmark bounce", (email) => ({ RecordType: "Bounce", Type: "HardBounce", TypeCode: 1, Email: email, Inactive: true })],
      ["postmark complaint", (email) => ({ RecordType: "SpamComplaint", Type: "SpamComplaint", TypeCode: 512, Email: email })],
    ];
    for (const [name, notification] of cases) {
      const email = fresh("bounce");
      await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email);
      const response = await notify(notification(email.toUpperCase()));
      expect(response.status, name).toBe(200);
      const record = await subscriberRecord(email);
      expect(record?.status, name).toBe("bounced");
      expect(record?.bounce_reason, name).toContain(name.split(" ")[0]);
    }
    await fixture.shop.publish("Nobody bounced hears of this");
    await runMail(Date.now() + 5 * HOUR_MS);
    for (const email of fixture.used.filter((e) => e.startsWith("bounce-"))) expect(await mailbox(email)).toHaveLength(1);
  });

  it("ignores soft bounces, and refuses what is not authenticated or not a notification", async () => {
    const email = fresh();
    await confirmedSignUp("/newsletter", email);
    const soft = await notify(sns({ notificationType: "Bounce", bounce: { bounceType: "Transient", bouncedRecipients: [{ emailAddress: email }] }, mail: {} }));
    expect(soft.status).toBe(200);
    expect((await notify({ RecordType: "Bounce", Type: "SoftBounce", Email: email, Inactive: false })).status).toBe(200);
    expect((await subscriberRecord(email))!.status).toBe("active");

    const wrong = await notify({ RecordType: "SpamComplaint", Email: email }, "not-the-secret");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("WWW-Authenticate")).toContain("Basic");
    expect((await visit("/mail/notifications", { method: "POST", body: "{}" })).status).toBe(401);
    expect((await notify("not json")).status).toBe(400);
    expect((await notify({ hello: "world" })).status).toBe(400);
    expect((await notify({ Type: "SubscriptionConfirmation", SubscribeURL: "https://evil.example/confirm" })).status).toBe(400);
    expect((await notify({ Type: "SubscriptionConfirmation", SubscribeURL: "http://sns.eu-west-1.amazonaws.com/x" })).status).toBe(400);
    expect((await subscriberRecord(email))!.status).toBe("active");
  });
});

describe("the schedule and the schema", () => {
  it("runs the mail job from the Worker's every-minute Cron Trigger", async () => {
    const email = fresh();
    await confirmedSignUp(`/stores/${fixture.shop.store.id}/alerts`, email);
    await fixture.shop.publish("Sent by the cron");
    const ctx = createExecutionContext();
    await runScheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    const messages = await mailbox(email);
    expect(messages.at(-1)!.text).toContain("Sent by the cron");
    expect(messages.at(-1)!.text).toContain(linkIn(messages.at(-1)!, "/subscriptions/manage").split("?")[0]!);
  });

  it("stores the statuses, choices and kinds pb_hooks/rules.js names", async () => {
    const headers = { Authorization: await superuserToken() };
    const values = async (collection: string, field: string) => {
      const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}`, { headers });
      const schema = (await response.json()) as { fields: { name: string; values?: string[] }[] };
      return schema.fields.find((f) => f.name === field)?.values;
    };
    expect(await values("subscribers", "status")).toEqual([...SUBSCRIBER_STATUSES]);
    expect(await values("subscribers", "digest")).toEqual([...DIGEST_CHOICES]);
    expect(await values("mail_sends", "kind")).toEqual([...MAIL_KINDS]);
    expect(await values("mail_sends", "status")).toEqual([...MAIL_SEND_STATUSES]);
  });
});
