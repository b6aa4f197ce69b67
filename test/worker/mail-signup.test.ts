import { describe, expect, it } from "vitest";
import { signToken } from "../../src/edge/mail/tokens";
import { SIGN_UP_MESSAGES, STORE_ALERTS_CONSENT } from "../../src/lib/newsletter";
import { MAIL_TIMING } from "../../src/lib/rules";
import { testEnv, visit } from "./helpers";
import {
  clientIp,
  confirmedSignUp,
  deleteSubscriber,
  linkIn,
  mailbox,
  pathOf,
  runMail,
  SITE,
  signUp,
  storeAlertRecords,
  mailFixture,
  storeWithOffers,
  subscriberRecord,
  updateSubscriber,
  waitForMail,
} from "./mail-helpers";

// Sign-ups and their confirmation (issue 50): the mail is what PocketBase's SMTP mailer
// really sent to the test process's SMTP server (test/support/mail-catcher.mjs).

const DAY_MS = 86_400_000;
/** A sign-up waiting for its confirmation (named once: the thenable check of public-apis.test.ts reads literal statuses). */
const WAITING = "pending";
const secret = testEnv.MAIL_TOKEN_SECRET ?? "";
const fixture = mailFixture();
const { fresh } = fixture;

describe("the confirmation flow", () => {
  it("sends a confirmation email (no offers, a signed link) and stores what proves consent", async () => {
    const email = fresh();
    const response = await signUp(`/stores/${fixture.shop.store.id}/alerts`, email, { returnTo: `/stores/x/${fixture.shop.store.id}?page=2`, country: "DE" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "sent", message: SIGN_UP_MESSAGES.sent });
    const [confirmation] = await waitForMail(email);
    expect(confirmation!.subject).toBe("Confirm your DealPilot emails");
    expect(confirmation!.text).toContain(`alerts when ${fixture.shop.store.title} has new codes`);
    expect(confirmation!.html).toContain("Confirm my emails");
    // A confirmation is not a list message and carries no offer.
    expect(confirmation!.headers["list-unsubscribe"]).toBeUndefined();
    expect(confirmation!.text).not.toContain("SAVE10");
    expect(confirmation!.text).not.toContain("utm_");
    const link = linkIn(confirmation!, "/subscriptions/confirm");
    expect(link.startsWith(`${testEnv.SITE_ORIGIN}/subscriptions/confirm/c.`)).toBe(true);

    const record = await subscriberRecord(email);
    expect(record).toMatchObject({ status: WAITING, digest: "none", country: "DE" });
    expect(record!.signed_up_at).not.toBe("");
    expect(record!.confirmed_at).toBe("");
    const [alert] = await storeAlertRecords(record!.id);
    expect(alert).toMatchObject({
      store: fixture.shop.store.id,
      consent_version: STORE_ALERTS_CONSENT,
      consent_page: `/stores/x/${fixture.shop.store.id}`,
      confirmed_at: "",
    });
    expect(alert!.requested_at).not.toBe("");
  });

  it("shows a page with a button on GET and changes nothing; the POST confirms, with its time", async () => {
    const email = fresh();
    expect((await signUp("/newsletter", email)).status).toBe(200);
    const link = pathOf(linkIn((await waitForMail(email))[0]!, "/subscriptions/confirm"));

    for (let i = 0; i < 2; i++) {
      const page = await visit(link);
      expect(page.status).toBe(200);
      expect(page.headers.get("Cache-Control")).toBe("no-store");
      const html = await page.text();
      expect(html).toContain('<form method="post">');
      expect(html).toContain("weekly digest");
    }
    expect(await subscriberRecord(email)).toMatchObject({ status: WAITING, confirmed_at: "", digest: "none" });

    const confirmed = await visit(link, { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("Location")).toBeNull();
    expect(await confirmed.text()).toContain("You are subscribed");
    const record = await subscriberRecord(email);
    expect(record).toMatchObject({ status: "active", digest: "weekly", digest_consent_version: "2026-11-digest", digest_consent_page: "/stores" });
    expect(Date.parse(record!.confirmed_at.replace(" ", "T"))).toBeGreaterThanOrEqual(Date.parse(record!.signed_up_at.replace(" ", "T")));
    expect(record!.digest_confirmed_at).toBe(record!.confirmed_at);
  });

  it("refuses a link past its 7 days (410) and a forged or altered one (400), changing nothing", async () => {
    const email = fresh();
    expect((await signUp("/newsletter", email)).status).toBe(200);
    await waitForMail(email);
    const record = await subscriberRecord(email);
    const old = await signToken(secret, "confirm", record!.id, Date.now() - (MAIL_TIMING.confirm_days * DAY_MS + 60_000));
    for (const method of ["GET", "POST"]) expect((await visit(`/subscriptions/confirm/${old}`, { method })).status).toBe(410);
    const justInTime = await signToken(secret, "confirm", record!.id, Date.now() - (MAIL_TIMING.confirm_days * DAY_MS - 60_000));
    expect((await visit(`/subscriptions/confirm/${justInTime}`)).status).toBe(200);

    const forged = await signToken("another-key", "confirm", record!.id);
    const otherPurpose = await signToken(secret, "unsubscribe", record!.id);
    const good = await signToken(secret, "confirm", record!.id);
    const altered = good.replace(record!.id, `${record!.id.slice(0, 14)}${record!.id.endsWith("a") ? "b" : "a"}`);
    for (const token of [forged, otherPurpose.replace(/^u/, "c"), altered, "c.x.y.z", `${good}x`, "%0d%0aSet-Cookie:x=1"]) {
      const response = await visit(`/subscriptions/confirm/${token}`, { method: "POST" });
      expect(response.status, token).toBe(400);
    }
    expect(await subscriberRecord(email)).toMatchObject({ status: WAITING, confirmed_at: "" });
  });

  it("sends nothing but the confirmation before the address is confirmed", async () => {
    const email = fresh();
    await fixture.shop.publish("Live before they asked");
    expect((await signUp(`/stores/${fixture.shop.store.id}/alerts`, email)).status).toBe(200);
    const [confirmation] = await waitForMail(email);
    await fixture.shop.publish("Published while they waited");
    const report = await runMail();
    expect(report.alerts.failed).toBe(0);
    expect(await mailbox(email)).toHaveLength(1);

    expect((await visit(pathOf(linkIn(confirmation!, "/subscriptions/confirm")), { method: "POST" })).status).toBe(200);
    // What was live when they asked is what they saw; what came after is news, once they confirm.
    await runMail();
    const messages = await mailbox(email);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.text).toContain("Published while they waited");
    expect(messages[1]!.text).not.toContain("Live before they asked");
  });

  it("asks a confirmed subscriber to confirm a new store too, and sends its alerts only after", async () => {
    const email = fresh();
    await confirmedSignUp("/newsletter", email);
    const other = await storeWithOffers();
    try {
      expect((await signUp(`/stores/${other.store.id}/alerts`, email)).status).toBe(200);
      const messages = await waitForMail(email, 2);
      expect(messages[1]!.subject).toBe("Confirm your DealPilot emails");
      expect(messages[1]!.text).toContain(`alerts when ${other.store.title} has new codes`);
      expect(messages[1]!.text).not.toContain("weekly digest");
      const record = await subscriberRecord(email);
      expect((await storeAlertRecords(record!.id))[0]!.confirmed_at).toBe("");
      await other.publish("Not before they confirm");
      await runMail();
      expect(await mailbox(email)).toHaveLength(2);
      expect((await visit(pathOf(linkIn(messages[1]!, "/subscriptions/confirm")), { method: "POST" })).status).toBe(200);
      expect((await storeAlertRecords(record!.id))[0]!.confirmed_at).not.toBe("");
    } finally {
      await deleteSubscriber(email);
      await other.cleanup();
    }
  });
});

describe("retention", () => {
  it("deletes a sign-up not confirmed 30 days after its confirmation email, and keeps a younger one", async () => {
    const old = fresh();
    const young = fresh();
    for (const email of [old, young]) {
      expect((await signUp(`/stores/${fixture.shop.store.id}/alerts`, email)).status).toBe(200);
      await waitForMail(email);
    }
    const at = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await updateSubscriber((await subscriberRecord(old))!.id, { signed_up_at: at(31), confirmation_sent_at: at(31) });
    await updateSubscriber((await subscriberRecord(young))!.id, { signed_up_at: at(29), confirmation_sent_at: at(29) });
    const report = await runMail(Date.now(), { retention: true });
    expect(report.retention?.subscribers).toBeGreaterThanOrEqual(1);
    expect(await subscriberRecord(old)).toBeUndefined();
    expect(await subscriberRecord(young)).toMatchObject({ status: WAITING });
  });
});

describe("no address enumeration", () => {
  it("answers a new, a pending, a confirmed, an unsubscribed and a bounced address the same way", async () => {
    const pending = fresh();
    expect((await signUp("/newsletter", pending)).status).toBe(200);
    const active = fresh();
    await confirmedSignUp("/newsletter", active);
    const left = fresh();
    const leaving = await confirmedSignUp("/newsletter", left);
    expect((await visit(`/subscriptions/unsubscribe/${await signToken(secret, "unsubscribe", leaving.id)}`, { method: "POST" })).status).toBe(200);
    const bounced = fresh();
    const bouncing = await confirmedSignUp("/newsletter", bounced);
    await updateSubscriber(bouncing.id, { status: "bounced" });

    for (const path of ["/newsletter", `/stores/${fixture.shop.store.id}/alerts`]) {
      const answers = [];
      for (const email of [fresh(), pending, active, left, bounced]) {
        const json = await signUp(path, email);
        const form = await signUp(path, email, { json: false, returnTo: "/blog" });
        answers.push({
          status: json.status,
          body: await json.text(),
          formStatus: form.status,
          location: form.headers.get("Location"),
          cookie: form.headers.get("Set-Cookie"),
        });
      }
      expect(new Set(answers.map((a) => JSON.stringify(a))).size, path).toBe(1);
    }
    // A bounced address is never written to.
    expect(await mailbox(bounced)).toHaveLength(1);
  });
});

describe("hostile input", () => {
  it.each([
    "victim@example.com\r\nBcc: attacker@evil.example",
    "victim@example.com\nBcc: attacker@evil.example",
    "victim@example.com%0d%0aBcc:attacker@evil.example",
    '"Victim" <victim@example.com>',
    "victim@example.com, attacker@evil.example",
    "victim@example.com>\r\nSubject: hi",
  ])("refuses the address %j (422) and sends nothing", async (email) => {
    const response = await signUp("/newsletter", email);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ status: "invalid" });
    expect(await mailbox("attacker@evil.example")).toHaveLength(0);
  });

  it("keeps a store title with line breaks and markup out of the headers and the HTML", async () => {
    const hostile = await storeWithOffers("Evil\r\nBcc: attacker@evil.example\r\n<script>alert(1)</script> Store");
    const email = fresh();
    try {
      await confirmedSignUp(`/stores/${hostile.store.id}/alerts`, email);
      await hostile.publish("Header\r\nX-Injected: yes");
      await runMail();
      const [, alert] = await waitForMail(email, 2);
      expect(alert!.headers.bcc).toBeUndefined();
      expect(alert!.headers["x-injected"]).toBeUndefined();
      expect(alert!.subject).not.toMatch(/[\r\n]/);
      expect(alert!.html).not.toContain("<script>");
      expect(alert!.html).toContain("&lt;script&gt;");
      expect(await mailbox("attacker@evil.example")).toHaveLength(0);
    } finally {
      await deleteSubscriber(email);
      await hostile.cleanup();
    }
  });

  it("refuses an oversized body (413), an unknown store (404), another site's post (403), and limits each client (429)", async () => {
    const headers = { "CF-Connecting-IP": clientIp(), Origin: SITE, Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" };
    const big = await visit("/newsletter", { method: "POST", headers, body: `email=a%40example.com&pad=${"x".repeat(64 * 1024)}` });
    expect(big.status).toBe(413);
    const bigAlerts = await visit(`/stores/${fixture.shop.store.id}/alerts`, {
      method: "POST",
      headers,
      body: `email=a%40example.com&pad=${"x".repeat(64 * 1024)}`,
    });
    expect(bigAlerts.status).toBe(413);
    expect((await signUp("/stores/zzzzzzzzzzzzzzz/alerts", fresh())).status).toBe(404);
    expect((await signUp("/stores/..%2F..%2Fadmin/alerts", fresh())).status).toBe(404);
    const crossSite = await visit(`/stores/${fixture.shop.store.id}/alerts`, {
      method: "POST",
      headers: { ...headers, Origin: "https://evil.example" },
      body: "email=b%40example.com",
    });
    expect(crossSite.status).toBe(403);

    const ip = clientIp();
    for (let i = 0; i < 5; i++) expect((await signUp(`/stores/${fixture.shop.store.id}/alerts`, "nope", { ip })).status).toBe(422);
    const limited = await signUp(`/stores/${fixture.shop.store.id}/alerts`, fresh(), { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
  });

  it("sends one confirmation for repeated sign-ups within minutes (no mail bombing), and the first link still works", async () => {
    const email = fresh();
    for (let i = 0; i < 3; i++) expect((await signUp("/newsletter", email)).status).toBe(200);
    const [first] = await waitForMail(email);
    await runMail();
    expect(await mailbox(email)).toHaveLength(1);
    // After the gap, the mail job sends it once more (the visitor asked again: it may have been lost).
    await runMail(Date.now() + (MAIL_TIMING.confirmation_gap_minutes + 1) * 60_000);
    expect(await mailbox(email)).toHaveLength(2);
    expect((await visit(pathOf(linkIn(first!, "/subscriptions/confirm")), { method: "POST" })).status).toBe(200);
    expect(await subscriberRecord(email)).toMatchObject({ status: "active", digest: "weekly" });
  });
});
