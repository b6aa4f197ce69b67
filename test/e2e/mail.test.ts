import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { SIGN_UP_MESSAGES } from "../../src/lib/newsletter";
import { launchChromium, siteUrl, superuserToken } from "./browser";

// Issue 50, as a visitor and their mail client see it, on the whole local stack: the store
// page's form, the local inbox of `npm start` (maildev, its web UI and REST API), the mail
// job fired as wrangler dev's Cron Trigger, and RFC 8058's one-click unsubscribe.

const mailUrl = () => inject("mailUrl");
const pocketbaseUrl = () => inject("pocketbaseUrl");

interface InboxMessage {
  id: string;
  subject: string;
  to: { address: string }[];
  html: string;
  text: string;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The messages to `to` in the local inbox (maildev's REST API), oldest first. */
async function inbox(to: string): Promise<InboxMessage[]> {
  const response = await fetch(`${mailUrl()}/api/email`);
  const all = (await response.json()) as InboxMessage[];
  return all.filter((m) => m.to.some((r) => r.address === to));
}

async function pocketbase(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${pocketbaseUrl()}${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", Authorization: await superuserToken(), ...(init.headers ?? {}) },
  });
}

/** The message shown in maildev's web inbox: its HTML is in an iframe. */
async function openInInbox(page: Page, subject: string): Promise<Frame> {
  await page.goto(mailUrl(), { waitUntil: "networkidle" });
  await page.getByText(subject).first().click();
  await expect.poll(() => page.frames().some((f) => f.url() === "about:srcdoc")).toBe(true);
  return page.frames().find((f) => f.url() === "about:srcdoc")!;
}

/** The email, as a phone's mail client at 390 px shows it, light and dark: nothing wider than the screen, every image with alt text, and the card's colours follow the scheme. */
async function readsOnPhones(html: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    const view = await browser.newPage({ viewport: { width: 390, height: 800 }, colorScheme });
    await view.setContent(html);
    expect(await view.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await view.evaluate(() => [...document.images].every((img) => img.alt !== ""))).toBe(true);
    const [background, text] = await view.evaluate(() => {
      const card = document.querySelector(".card")!;
      return [getComputedStyle(card).backgroundColor, getComputedStyle(card).color];
    });
    const light = (rgb: string) => (rgb.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, v) => sum + Number(v), 0) > 382;
    expect(light(background)).toBe(colorScheme === "light");
    expect(light(text)).toBe(colorScheme === "dark");
    await view.close();
  }
}

describe("email me new codes for a store", () => {
  it("signs up on a store page, confirms from the local inbox, gets the alert for a new offer, and leaves in one click", async () => {
    const stores = (await (
      await pocketbase(`/api/collections/_zdata_stores/records?perPage=1&sort=title&filter=${encodeURIComponent('status="published" && website != ""')}`)
    ).json()) as {
      items: { id: string; title: string; website: string }[];
    };
    const store = stores.items[0]!;
    const email = `e2e-mail-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const page = await browser.newPage();
    await page.goto(`${siteUrl()}/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`);
    const form = page.locator("form#store-alerts");
    await expect.poll(() => page.getByRole("heading", { name: `Email me new codes for ${store.title}` }).isVisible()).toBe(true);
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Email me" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe(SIGN_UP_MESSAGES.sent);

    // The confirmation, read in the local inbox as a new user would.
    await expect.poll(async () => (await inbox(email)).length).toBe(1);
    const inboxPage = await browser.newPage();
    const message = await openInInbox(inboxPage, "Confirm your DealPilot emails");
    const confirmHref = await message.getByRole("link", { name: "Confirm my emails" }).getAttribute("href");
    expect(confirmHref).toMatch(new RegExp(`^${siteUrl()}/subscriptions/confirm/`));
    await page.goto(confirmHref!);
    await page.getByRole("button", { name: "Yes, send me these emails" }).click();
    await expect.poll(() => page.getByRole("heading", { name: "You are subscribed" }).isVisible()).toBe(true);
    expect(await page.textContent("main")).toContain(`Alerts from ${store.title}`);

    // An editor publishes an offer for that store; the next run of the mail job sends the alert.
    const heading = `Fresh e2e code ${crypto.randomUUID().slice(0, 6)}`;
    const created = await pocketbase("/api/collections/_zdata_offers/records", {
      method: "POST",
      body: JSON.stringify({
        heading,
        subheading: "20% off the first year",
        type: "coupon",
        coupon_code: "E2E20",
        store: store.id,
        status: "published",
        cta_label: "Get code",
        cta_url: new URL("/e2e-mail", store.website).href,
      }),
    });
    expect(created.status).toBe(200);
    const offer = (await created.json()) as { id: string };
    try {
      expect((await fetch(inject("cronUrl"))).status).toBe(200);
      await expect.poll(async () => (await inbox(email)).length).toBe(2);
      const alert = (await inbox(email))[1]!;
      expect(alert.subject).toBe(`New at ${store.title}: ${heading}`);
      const alertFrame = await openInInbox(inboxPage, alert.subject);
      expect(await alertFrame.textContent("body")).toContain(heading);

      // Both emails read at 390 px and in a dark client, with alt text on their images.
      for (const sent of await inbox(email)) await readsOnPhones(sent.html);

      // The mail client's one-click unsubscribe (RFC 8058): a POST to the List-Unsubscribe URI.
      const source = await (await fetch(`${mailUrl()}/api/email/${alert.id}/source`)).text();
      const header = (name: string) =>
        source
          .split(/\r?\n\r?\n/)[0]!
          .replace(/\r?\n[ \t]+/g, " ")
          .match(new RegExp(`^${name}: (.*)$`, "im"))?.[1];
      const listUnsubscribe = header("List-Unsubscribe")!;
      expect(listUnsubscribe).toMatch(new RegExp(`^<${siteUrl()}/subscriptions/unsubscribe/`));
      expect(header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      const oneClick = await fetch(listUnsubscribe.slice(1, -1), {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
        redirect: "manual",
      });
      expect(oneClick.status).toBe(200);
      const subscribers = (await (await pocketbase(`/api/collections/subscribers/records?filter=${encodeURIComponent(`email="${email}"`)}`)).json()) as {
        items: { status: string }[];
      };
      expect(subscribers.items[0]!.status).toBe("unsubscribed");
    } finally {
      await pocketbase(`/api/collections/_zdata_offers/records/${offer.id}`, { method: "DELETE" });
      await inboxPage.close();
      await page.close();
    }
  }, 150_000);
});
