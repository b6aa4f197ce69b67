import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ListResult, Store, Website } from "../../src/data/types";
import { launchChromium, siteUrl, superuserToken } from "./browser";

/**
 * Issue 18 on the stack `npm start` runs (wrangler dev with the default cache settings:
 * pages fresh for 5 minutes, reads for 1 minute, no purge configured): an editor's change
 * in PocketBase shows on already cached pages within 10 s.
 */
const PUBLISH_WITHIN_MS = 10_000;

let browser: Browser;
let token: string;
let store: Store;
let website: Website;
const restore: Array<() => Promise<unknown>> = [];

const pocketbaseUrl = () => inject("pocketbaseUrl");

async function edit(collection: string, id: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${pocketbaseUrl()}/api/collections/${collection}/records/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify(fields),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** GETs `path` on the site until `shown(body)`; returns how long that took (fails past 10 s). */
async function fetchUntil(path: string, shown: (body: string) => boolean): Promise<number> {
  const started = Date.now();
  for (;;) {
    const body = await (await fetch(`${siteUrl()}${path}`)).text();
    if (shown(body)) return Date.now() - started;
    if (Date.now() - started > PUBLISH_WITHIN_MS) throw new Error(`${path}: the change did not show within ${PUBLISH_WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Requests `path` until the site answers it from its page cache. */
async function cachedOnSite(path: string): Promise<void> {
  for (let i = 0; i < 10; i++) if ((await fetch(`${siteUrl()}${path}`)).headers.get("X-Edge-Cache") === "HIT") return;
  throw new Error(`${path} is never answered from the cache`);
}

beforeAll(async () => {
  browser = await launchChromium();
  token = await superuserToken();
  store = ((await (await fetch(`${pocketbaseUrl()}/api/collections/_zdata_stores/records?sort=title&perPage=1`)).json()) as ListResult<Store>).items[0]!;
  website = (await (await fetch(`${pocketbaseUrl()}/api/collections/websites/records/9`)).json()) as Website;
});

afterAll(async () => {
  for (const undo of restore.reverse()) await undo();
  await browser?.close();
});

describe("publishing under npm start's configuration", () => {
  it("a store's new subheading reaches the cached store list and the cached content read the browser uses", async () => {
    const readPath = `/api/collections/_zdata_stores/records/${store.id}`;
    await cachedOnSite("/stores");
    await cachedOnSite(readPath);
    const subheading = `Fresh offers ${Date.now().toString(36)}`;
    restore.push(() => edit("_zdata_stores", store.id, { subheading: store.subheading }));
    await edit("_zdata_stores", store.id, { subheading });
    const listMs = await fetchUntil("/stores", (html) => html.includes(subheading));
    const readMs = await fetchUntil(readPath, (json) => (JSON.parse(json) as Store).subheading === subheading);
    console.log(`npm start stack: subheading on /stores after ${listMs} ms, in the content read after ${listMs + readMs} ms`);
  });

  for (const width of [390, 1280]) {
    it(`a visitor reloading the cached contact page sees the settings record's new office city (${width} px)`, async () => {
      await cachedOnSite("/contact-us");
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${siteUrl()}/contact-us`);
      const city = `Valletta ${width} ${Date.now().toString(36)}`;
      restore.push(() => edit("websites", website.id, { office_city: website.office_city }));
      await edit("websites", website.id, { office_city: city });
      const started = Date.now();
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByText(city).count();
          },
          { timeout: PUBLISH_WITHIN_MS, interval: 250 },
        )
        .toBeGreaterThan(0);
      console.log(`npm start stack: new office city seen in Chromium at ${width} px after ${Date.now() - started} ms`);
      expect(await page.getByRole("heading", { name: city }).isVisible()).toBe(true);
      await page.close();
    });
  }
});
