import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import { isHydrated, launchChromium, siteUrl, superuserToken, watchConsole } from "./browser";

/**
 * Issue 34, "An open page passes an offer's end": a store page left open updates when one
 * of its offers ends or starts, as a fresh load would show it, without a reload.
 */

const pocketbaseUrl = () => inject("pocketbaseUrl");
const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const marker = `clock${Date.now().toString(36)}`;

let browser: Browser;
let token: string;
const created: string[] = [];

async function create<T extends { id: string }>(collection: string, record: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${pocketbaseUrl()}/api/collections/${collection}/records`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify(record),
  });
  if (!response.ok) throw new Error(`create ${collection}: ${response.status} ${await response.text()}`);
  const saved = (await response.json()) as T;
  created.push(`${collection}/records/${saved.id}`);
  return saved;
}

beforeAll(async () => {
  browser = await launchChromium();
  token = await superuserToken();
});
afterAll(async () => {
  for (const path of created.reverse()) await fetch(`${pocketbaseUrl()}/api/collections/${path}`, { method: "DELETE", headers: { Authorization: token } });
  await browser?.close();
});

describe("a store page left open", () => {
  it("drops an offer when it ends and shows one when it starts, counts included, without a reload", async () => {
    const store = await create<Store>("_zdata_stores", { title: `${marker} Store`, status: "published", website: "https://clock.example/" });
    const now = Date.now();
    const offer = (heading: string, dates: Record<string, string>) =>
      create<Offer>("_zdata_offers", {
        heading: `${marker} ${heading}`,
        type: "deal",
        store: store.id,
        cta_url: "https://clock.example/",
        status: "published",
        ...dates,
      });
    await offer("stays", {});
    await offer("ends soon", { expires_at: pbDate(now + 8_000) });
    await offer("starts later", { starts_at: pbDate(now + 16_000) });

    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    const allTab = page.getByRole("tab", { name: /^All/ });
    const headings = () => page.locator("#store-offers-panel article h3").allTextContents();
    expect(await allTab.textContent()).toBe("All (2)");
    expect(await headings()).toEqual(expect.arrayContaining([`${marker} stays`, `${marker} ends soon`]));

    await expect.poll(() => allTab.textContent(), { timeout: 20_000, interval: 500 }).toBe("All (1)");
    expect(await headings()).toEqual([`${marker} stays`]);

    await expect.poll(() => allTab.textContent(), { timeout: 20_000, interval: 500 }).toBe("All (2)");
    expect(await headings()).toEqual(expect.arrayContaining([`${marker} stays`, `${marker} starts later`]));
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
