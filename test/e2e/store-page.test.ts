import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ListResult, Offer, Store } from "../../src/data/types";
import { launchChromium, siteUrl, watchConsole, isHydrated } from "./browser";

let browser: Browser;
let store: Store;
let offers: Offer[];

async function pocketbase<T>(path: string): Promise<T> {
  return (await (await fetch(`${inject("pocketbaseUrl")}${path}`)).json()) as T;
}

beforeAll(async () => {
  browser = await launchChromium();
  store = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?sort=title&perPage=1")).items[0]!;
  const live = '(starts_at = "" || starts_at <= @now) && (expires_at = "" || expires_at > @now)';
  offers = (
    await pocketbase<ListResult<Offer>>(`/api/collections/_zdata_offers/records?perPage=30&filter=${encodeURIComponent(`store = "${store.id}" && ${live}`)}`)
  ).items;
});
afterAll(async () => {
  await browser?.close();
});

const storePath = () => `/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`;
const hydrated = (page: Page) => expect.poll(() => isHydrated(page)).toBe(true);
const visibleCards = (page: Page) => page.locator("article.offer-card:visible").count();

describe("store page in Chromium", () => {
  it("keeps the logo off the banner's artwork on phones, and over its lower edge on wide screens", async () => {
    expect(store.banner_image && store.logo).toBeTruthy();
    for (const [width, overlaps] of [
      [390, false],
      [1280, true],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${siteUrl()}${storePath()}`, { waitUntil: "networkidle" });
      const hero = page.locator('section[aria-labelledby="store-heading"]');
      const banner = (await hero.locator("img").first().boundingBox())!;
      const logo = (await hero.getByRole("img", { name: `${store.title} logo` }).boundingBox())!;
      expect(logo.y < banner.y + banner.height, `${width} px`).toBe(overlaps);
      await page.close();
    }
  });

  it("filters the offers with the All / Coupon / Deal tabs, by mouse and with the arrow keys", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}${storePath()}`, { waitUntil: "networkidle" });
    await hydrated(page);
    const deals = offers.filter((o) => o.type === "deal").length;
    const tabs = page.getByRole("tablist", { name: "Offer types" }).getByRole("tab");
    expect(await tabs.allTextContents()).toEqual([`All (${offers.length})`, `Coupon (${offers.length - deals})`, `Deal (${deals})`]);
    expect(await visibleCards(page)).toBe(offers.length);

    await page.getByRole("tab", { name: /^Deal/ }).click();
    expect(await page.getByRole("tab", { name: /^Deal/ }).getAttribute("aria-selected")).toBe("true");
    expect(await visibleCards(page)).toBe(deals);
    expect(await page.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(await page.getByRole("tab", { name: /^Deal/ }).getAttribute("id"));

    await page.keyboard.press("ArrowLeft");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Coupon (${offers.length - deals})`);
    expect(await visibleCards(page)).toBe(offers.length - deals);
    await page.keyboard.press("Home");
    expect(await visibleCards(page)).toBe(offers.length);
    await page.keyboard.press("End");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Deal (${deals})`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("starts the Similar Stores carousel on wide screens and hides the strip on small ones", async () => {
    const wide = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(wide);
    await wide.goto(`${siteUrl()}${storePath()}`, { waitUntil: "networkidle" });
    const strip = wide.getByRole("region", { name: "Similar Stores" });
    await expect.poll(() => strip.isVisible()).toBe(true);
    await strip.scrollIntoViewIfNeeded();
    await expect.poll(() => strip.evaluate((el) => el.classList.contains("swiper-initialized"))).toBe(true);
    const links = strip.getByRole("link");
    expect(await links.count()).toBeGreaterThan(0);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) expect(href).toMatch(/^\/goto\?url=https%3A%2F%2F/);
    expect(await links.first().getAttribute("target")).toBe("_blank");
    // Each logo is captioned with its store's name, which is also the link's accessible name.
    for (const link of await links.all()) {
      const caption = link.locator("span");
      if (!(await link.isVisible())) continue;
      expect(await caption.isVisible()).toBe(true);
      const name = (await caption.textContent())!;
      expect(name.length).toBeGreaterThan(0);
      expect(await link.evaluate((a) => a.textContent)).toBe(name);
      expect((await caption.boundingBox())!.height).toBeGreaterThanOrEqual(14);
    }
    expect(problems).toEqual([]);
    await wide.close();

    const small = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await small.goto(`${siteUrl()}${storePath()}`, { waitUntil: "networkidle" });
    expect(await small.getByRole("heading", { name: "Similar Stores" }).isVisible()).toBe(false);
    expect(await small.getByRole("region", { name: "Similar Stores" }).isVisible()).toBe(false);
    await small.close();
  });

  it("shows the skeleton at once on a client navigation, then the store", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await hydrated(page);
    // Hold the store's record read until the skeleton has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/collections/_zdata_stores/records/${store.id}**`, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page
      .getByRole("link", { name: store.title.slice(0, 30).trim() })
      .first()
      .click();
    await page.waitForURL(`**${storePath()}`);
    const skeleton = page.locator('main[aria-busy="true"]');
    await expect.poll(() => skeleton.isVisible()).toBe(true);
    expect(await skeleton.getByRole("navigation", { name: "breadcrumb" }).textContent()).toContain(store.title.toLowerCase().replace(/ /g, "_"));
    release();
    await expect.poll(() => page.locator("h1").textContent()).toMatch(new RegExp(`^${store.title} \\w+ \\d{4}$`));
    expect(await skeleton.count()).toBe(0);
    await page.unrouteAll({ behavior: "wait" });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows the not-found page for an unknown store on a client navigation too", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await hydrated(page);
    documents.length = 0;
    // A history entry the router picks up on popstate, as after back/forward.
    await page.evaluate(() => {
      history.pushState({ usr: null, key: "gone", idx: 1 }, "", "/stores/gone/zzzzzzzzzzzzzzz");
      dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
    });
    await expect.poll(() => page.locator("h1").textContent()).toBe("Page not found");
    expect(documents).toEqual([]);
    await page.close();
  });
});

describe("where the store page takes its id from (spec: navigation state, else session storage, else route or query id)", () => {
  let other: Store;
  beforeAll(async () => {
    other = (
      await pocketbase<ListResult<Store>>(`/api/collections/_zdata_stores/records?sort=title&perPage=1&filter=${encodeURIComponent(`id != "${store.id}"`)}`)
    ).items[0]!;
  });
  const segment = () => encodeURIComponent(store.title.toLowerCase());
  const remembered = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), `store-id:${segment()}`);
  /** A client navigation the router picks up on popstate (as after back/forward), carrying `state`. */
  const popTo = (page: Page, path: string, state: unknown) =>
    page.evaluate(
      ([path, state]) => {
        history.pushState({ usr: state, key: "id-source", idx: 1 }, "", path as string);
        dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
      },
      [path, state] as const,
    );
  const heading = (page: Page) => page.locator("main:not([aria-busy]) h1").textContent();
  const showsStore = (page: Page, shown: Store) => expect.poll(() => heading(page)).toMatch(new RegExp(`^${shown.title} \\w+ \\d{4}$`));
  const remember = (page: Page, id: string) => page.evaluate(([key, value]) => sessionStorage.setItem(key!, value!), [`store-id:${segment()}`, id]);
  /** The hydrated stores list, where every test here starts, with its console watched. */
  async function openStoresList() {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await hydrated(page);
    return { page, problems };
  }

  it("a store card passes the id as navigation state, and the page remembers it in session storage", async () => {
    const { page, problems } = await openStoresList();
    expect(await remembered(page)).toBeNull();
    await page
      .getByRole("link", { name: store.title.slice(0, 30).trim() })
      .first()
      .click();
    await page.waitForURL(`**${storePath()}`);
    expect(await page.evaluate(() => (history.state as { usr?: unknown }).usr)).toEqual({ storeId: store.id });
    await showsStore(page, store);
    expect(await remembered(page)).toBe(store.id);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("on a client navigation, navigation state outranks session storage and the address, and the address follows", async () => {
    const { page, problems } = await openStoresList();
    await remember(page, store.id);
    await popTo(page, storePath(), { storeId: other.id });
    await page.waitForURL(`**/stores/${segment()}/${other.id}`);
    await showsStore(page, other);
    expect(await remembered(page)).toBe(other.id);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("without navigation state, session storage outranks the route's id on a client navigation; a full load takes the address", async () => {
    const { page, problems } = await openStoresList();
    await remember(page, other.id);
    await popTo(page, storePath(), null);
    await page.waitForURL(`**/stores/${segment()}/${other.id}`);
    await showsStore(page, other);

    // The server has only the address: it renders that store, and the page then remembers it.
    await page.goto(`${siteUrl()}${storePath()}`, { waitUntil: "networkidle" });
    await hydrated(page);
    await showsStore(page, store);
    await expect.poll(() => remembered(page)).toBe(store.id);

    expect(problems).toEqual([]);

    // A remembered id whose store is gone is forgotten after one not-found page (the
    // browser logs the record read's 404 itself).
    await remember(page, "zzzzzzzzzzzzzzz");
    await popTo(page, storePath(), null);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Page not found");
    expect(await remembered(page)).toBeNull();
    expect(problems).toEqual(["error: Failed to load resource: the server responded with a status of 404 (Not Found)"]);
    await page.close();
  });
});
