import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHydrated, launchChromium, siteUrl, watchConsole } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const hero = (page: Page) => page.getByRole("search", { name: "Coupons and deals" });
const siteSearch = (page: Page) => page.getByRole("search", { name: "Site" }).filter({ visible: true });
const status = (page: Page) => page.locator("main").getByRole("status");
const firstResult = (page: Page) => page.getByRole("list", { name: "Results" }).getByRole("heading").first();

const WIDTHS = [390, 1280] as const;

describe("search from the home hero", () => {
  for (const width of WIDTHS) {
    it(`finds “vpn” picked with an unrelated category, and says the category had none (${width} px)`, async () => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      const problems = watchConsole(page);
      await page.goto(`${siteUrl()}/`, { waitUntil: "networkidle" });
      await expect.poll(() => isHydrated(page)).toBe(true);
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "document") documents.push(request.url());
      });
      await hero(page).getByRole("searchbox", { name: "What are you looking for?" }).fill("vpn");
      await hero(page).getByRole("combobox", { name: "Category" }).selectOption("Shopping");
      await hero(page).getByRole("button", { name: "Search" }).click();
      await page.waitForURL(`${siteUrl()}/search?q=vpn&category=Shopping`);
      await expect.poll(() => status(page).textContent()).toMatch(/^\d+ results for “vpn”$/);
      expect(await page.locator("main").textContent()).toContain("Nothing in Shopping matches “vpn”, so here are the matches in every category.");
      expect(await firstResult(page).textContent()).toMatch(/VPN/);
      expect(documents).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("still requires a text and a category in the hero (spec section 5)", async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl()}/`, { waitUntil: "networkidle" });
    await hero(page).getByRole("button", { name: "Search" }).click();
    expect(
      await hero(page)
        .getByRole("searchbox")
        .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    await hero(page).getByRole("searchbox").fill("vpn");
    await hero(page).getByRole("button", { name: "Search" }).click();
    expect(
      await hero(page)
        .getByRole("combobox")
        .evaluate((el: HTMLSelectElement) => el.validity.valueMissing),
    ).toBe(true);
    expect(page.url()).toBe(`${siteUrl()}/`);
    await page.close();
  });
});

describe("the header's site search", () => {
  it("works without JavaScript: a GET form to /search, no category needed, tabs link to each kind", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/privacy-policy`);
    await siteSearch(page).getByRole("combobox", { name: "Search stores, deals and reviews" }).fill("fenra vpn");
    await siteSearch(page).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(`${siteUrl()}/search?q=fenra+vpn`);
    expect(await firstResult(page).textContent()).toBe("Fenra VPN");
    await page
      .getByRole("navigation", { name: "Result types" })
      .getByRole("link", { name: /^Offers/ })
      .click();
    await page.waitForURL(/type=offers$/);
    expect(await page.getByRole("list", { name: "Results" }).getByRole("listitem").count()).toBeGreaterThan(0);
    await context.close();
  });

  it("shows every result-type tab whole on a phone (390 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl()}/search?q=vpn`, { waitUntil: "networkidle" });
    const tabs = page.getByRole("navigation", { name: "Result types" }).getByRole("link");
    expect(await tabs.count()).toBeGreaterThan(4);
    for (const tab of await tabs.all()) {
      const [box, label] = [(await tab.boundingBox())!, (await tab.textContent()) ?? ""];
      expect(box.x, label).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, label).toBeLessThanOrEqual(390);
    }
    await page.close();
  });

  it("is in the menu on phones (390 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    expect(await siteSearch(page).count()).toBe(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("combobox", { name: "Search stores, deals and reviews" }).fill("hosting");
    await menu.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(`${siteUrl()}/search?q=hosting`);
    // The heading says which page is on screen (the stores list, the results or an error).
    // Submitting cancels a suggestions request in flight; before decision 070 the results'
    // reads could wait on it and fail (test/e2e/canceled-requests.test.ts).
    const heading = page.locator("main h1");
    await expect.poll(() => heading.textContent(), { timeout: 30_000 }).toBe("Search stores, deals and reviews");
    await expect.poll(() => status(page).textContent()).toMatch(/^\d+ results for “hosting”$/);
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.close();
  });

  it("suggests as you type (debounced, edge-cached JSON), as a keyboard-usable combobox", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/search/suggestions")) asked.push(new URL(request.url()).searchParams.get("q") ?? "");
    });
    await page.goto(`${siteUrl()}/about-us`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    const field = siteSearch(page).getByRole("combobox", { name: "Search stores, deals and reviews" });
    expect(await field.getAttribute("aria-expanded")).toBe("false");
    await field.click();
    await page.keyboard.type("fenra", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect.poll(() => list.getByRole("option").count()).toBeGreaterThan(0);
    // One request for the word, not one per keystroke.
    expect(asked).toEqual(["fenra"]);
    expect(await field.getAttribute("aria-expanded")).toBe("true");
    expect(await field.getAttribute("aria-controls")).toBe(await list.getAttribute("id"));
    const first = list.getByRole("option").first();
    expect(await first.textContent()).toContain("Fenra VPN");
    // Wide enough for titles to read on a line or two, and last, the way to every result.
    expect((await list.boundingBox())!.width).toBeGreaterThan(380);
    const last = list.getByRole("option").last();
    expect(await last.textContent()).toBe("See all results for “fenra”");

    await page.keyboard.press("ArrowDown");
    expect(await field.getAttribute("aria-activedescendant")).toBe(await first.getAttribute("id"));
    expect(await first.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Escape");
    expect(await field.getAttribute("aria-expanded")).toBe("false");
    expect(await field.getAttribute("aria-activedescendant")).toBeNull();

    // ArrowUp from the field goes to the last option: every result.
    await page.keyboard.press("ArrowUp");
    expect(await field.getAttribute("aria-activedescendant")).toBe(await last.getAttribute("id"));
    await page.keyboard.press("Escape");

    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/stores\/fenra%20vpn\/[a-z0-9]+$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toContain("Fenra VPN");

    await field.click();
    await field.fill("");
    await page.keyboard.type("fenra", { delay: 30 });
    await expect.poll(() => last.textContent()).toBe("See all results for “fenra”");
    await last.click();
    await page.waitForURL(`${siteUrl()}/search?q=fenra`);
    expect(problems).toEqual([]);
    await page.close();
  });
});
