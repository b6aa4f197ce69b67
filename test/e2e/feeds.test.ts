import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { storePath } from "../../src/lib/slug";
import { startFakeNetworks } from "../support/fake-networks.mjs";
import { launchChromium, siteUrl, superuserToken } from "./browser";

/**
 * Issue 48 in Chromium against the whole local stack (wrangler dev with its local queue, a
 * real PocketBase) and the fake Awin API: an editor starts an import at /admin/imports, maps
 * the advertiser to the suggested store, and its offers appear on the store page; the
 * editor corrects one offer, the network renames both, and the next import takes the other's
 * new title and keeps the correction; then the editor uploads
 * a CSV file through the form, and its offer appears too.
 */

let browser: Browser;
let fake: Awaited<ReturnType<typeof startFakeNetworks>>;
const key = `e2e-${crypto.randomUUID().slice(0, 8)}`;
const host = `${key}.example`;
const editor = { email: `${key}@dealpilot.local`, password: "feeds-editor-1234" };
const pocketbase = () => inject("pocketbaseUrl");

async function asSuperuser<T>(path: string, method: string, body?: unknown): Promise<T> {
  const response = await fetch(`${pocketbase()}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let store: { id: string; title: string };
let network: { id: string };

/** The fake Awin feed: two promotions of advertiser 55, with the titles the network gives them. */
function awinFeed(titles = { coupon: "15% off garden tools", deal: "Free delivery this month" }) {
  const promotion = {
    advertiserId: "55",
    advertiserName: "Feed Shop",
    site: `https://www.${host}/`,
    terms: "",
    start: "",
    end: "2031-05-31T23:59:00+00:00",
    countries: [],
  };
  return {
    kind: "awin",
    account: "777",
    credentials: "e2e-token",
    promotions: [
      {
        ...promotion,
        id: "9001",
        title: titles.coupon,
        description: "On every tool.",
        code: "GARDEN15",
        tracking: "https://www.awin1.com/cread.php?awinmid=55&awinaffid=1",
      },
      { ...promotion, id: "9002", title: titles.deal, description: "", code: "", tracking: "https://www.awin1.com/cread.php?awinmid=55&awinaffid=2" },
    ],
  };
}

beforeAll(async () => {
  browser = await launchChromium();
  fake = await startFakeNetworks();
  fake.setFeed(key, awinFeed());
  store = await asSuperuser("/api/collections/_zdata_stores/records", "POST", {
    title: `Feed Shop ${key}`,
    website: `https://${host}/`,
    default_action_url: `https://${host}/`,
    status: "published",
  });
  network = await asSuperuser("/api/collections/affiliate_networks/records", "POST", {
    name: `Awin ${key}`,
    active: true,
    feed_kind: "awin",
    feed_account: "777",
    feed_api_base: `${fake.url}/${key}`,
    feed_credentials: "e2e-token",
    feed_auto_publish: true,
  });
  await asSuperuser("/api/collections/editors/records", "POST", { ...editor, passwordConfirm: editor.password, verified: true, name: "Feed Editor" });
});

afterAll(async () => {
  await browser?.close();
  await fake?.close();
});

async function runImport(page: Page): Promise<void> {
  await page.goto(`${siteUrl()}/admin/imports`);
  await page.getByLabel("Network", { exact: true }).selectOption(network.id);
  await page.getByRole("button", { name: "Run now" }).click();
  await expect
    .poll(
      async () => {
        await page.reload();
        return page
          .locator("tr[data-run]")
          .filter({ hasText: `Awin ${key}` })
          .first()
          .textContent();
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toMatch(/complete/);
}

/** The store page's main text, as a visitor's browser loads it now. */
async function storePageText(shop: Page): Promise<string | null> {
  await shop.goto(`${siteUrl()}${storePath(store)}`);
  return shop.locator("main").textContent();
}

describe("feed imports in Chromium", () => {
  it("imports, maps, shows the offers on the store page, keeps an editor's correction through the next import, and imports an uploaded file", async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl()}/admin/imports`);
    expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
    await page.getByLabel("Email").fill(editor.email);
    await page.getByLabel("Password").fill(editor.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/imports");

    await runImport(page);
    // The advertiser waits for a store, the suggested one (by its site's host) chosen.
    const row = page.locator("tr").filter({ hasText: "Feed Shop (55)" });
    expect(await row.getByRole("combobox").inputValue()).toBe(store.id);
    await row.getByRole("button", { name: "Map" }).click();
    await page.waitForURL((url) => url.searchParams.get("done") === "mapped");

    const shop = await browser.newPage();
    await expect.poll(() => storePageText(shop), { timeout: 20_000 }).toContain("15% off garden tools");
    expect(await shop.locator("main").textContent()).toContain("Free delivery this month");

    // The editor corrects the coupon's heading (through PocketBase's API, as editors do).
    const auth = await fetch(`${pocketbase()}/api/collections/editors/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: editor.email, password: editor.password }),
    });
    const { token } = (await auth.json()) as { token: string };
    const filter = encodeURIComponent(`network = "${network.id}" && promotion_id = "9001"`);
    const found = await fetch(`${pocketbase()}/api/collections/_zdata_offers/records?filter=${filter}`, { headers: { Authorization: token } });
    const [offer] = ((await found.json()) as { items: Array<{ id: string }> }).items;
    const edit = await fetch(`${pocketbase()}/api/collections/_zdata_offers/records/${offer?.id}`, {
      method: "PATCH",
      headers: { Authorization: token, "Content-Type": "application/json" },
      body: JSON.stringify({ heading: "15% off all garden tools (checked)" }),
    });
    expect(edit.ok).toBe(true);

    // The network renames both promotions; the next import takes the deal's new title and keeps the editor's heading.
    fake.setFeed(key, awinFeed({ coupon: "12% off garden tools", deal: "Free delivery all summer" }));
    await runImport(page);
    await expect.poll(() => storePageText(shop), { timeout: 20_000 }).toContain("Free delivery all summer");
    const after = await shop.locator("main").textContent();
    expect(after).toContain("15% off all garden tools (checked)");
    expect(after).not.toContain("12% off garden tools");
    expect(after).not.toContain("15% off garden tools");

    // A bulk upload through the form (the generic column map): the same import, mapped
    // advertiser and all, and its offer on the store page.
    const file = [
      "promotion_id,advertiser_id,title,code,ends,tracking_url",
      "9100,55,Hedge trimmers: 25% off,HEDGE25,2031-05-31,https://www.awin1.com/cread.php?awinmid=55&awinaffid=3",
    ].join("\r\n");
    await page.goto(`${siteUrl()}/admin/imports`);
    await page.getByLabel("From network").selectOption(network.id);
    await page.getByLabel("CSV file").setInputFiles({ name: "garden.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Upload" }).click();
    await page.waitForURL((url) => url.searchParams.get("done") === "uploaded");
    await expect.poll(() => storePageText(shop), { timeout: 60_000 }).toContain("Hedge trimmers: 25% off");
    await shop.close();
    await page.close();
  }, 180_000);
});
