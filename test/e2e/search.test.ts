import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, watchConsole, isHydrated } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const hero = (page: Page) => page.getByRole("search", { name: "Coupons and deals" });

async function searchFromHome(page: Page, text: string, category: string): Promise<void> {
  await page.goto(`${siteUrl()}/`, { waitUntil: "networkidle" });
  await hero(page).getByRole("searchbox", { name: "What are you looking for?" }).fill(text);
  await hero(page).getByRole("combobox", { name: "Category" }).selectOption(category);
  await hero(page).getByRole("button", { name: "Search" }).click();
}

describe("search round trip", () => {
  it("searches from the home hero without reloading the page, then switches to offers and pages through them", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await hero(page).getByRole("searchbox", { name: "What are you looking for?" }).fill("off");
    await hero(page).getByRole("combobox", { name: "Category" }).selectOption("Shopping");
    await hero(page).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(`${siteUrl()}/search?q=off&category=Shopping`);
    await expect.poll(() => page.locator("main").getByRole("status").textContent()).toMatch(/^\d+ results? for “off” in Shopping$/);
    expect(await page.title()).toBe("Search results for “off” in Shopping | DealPilot");

    const tabs = page.getByRole("navigation", { name: "Result types" });
    await tabs.getByRole("link", { name: /^Offers \(\d+\)$/ }).click();
    await page.waitForURL(/type=offers$/);
    await expect.poll(() => tabs.locator('[aria-current="page"]').textContent()).toMatch(/^Offers/);
    const firstOffer = await page.locator("main article h3").first().textContent();
    await page.getByRole("navigation", { name: "Offers result pages" }).getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/type=offers&page=2$/);
    await expect.poll(() => page.locator("main article h3").first().textContent()).not.toBe(firstOffer);
    // The form shows the query it searched for.
    const form = page.locator("main").getByRole("search");
    expect(await form.getByRole("searchbox").inputValue()).toBe("off");
    expect(await form.getByRole("combobox").inputValue()).toBe("Shopping");
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("does not submit without a search text and a category", async () => {
    const page = await browser.newPage();
    await page.goto(`${siteUrl()}/`, { waitUntil: "networkidle" });
    await hero(page).getByRole("button", { name: "Search" }).click();
    const text = hero(page).getByRole("searchbox");
    expect(await text.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await text.fill("vpn");
    await hero(page).getByRole("button", { name: "Search" }).click();
    expect(await hero(page).getByRole("combobox").evaluate((el: HTMLSelectElement) => el.validity.valueMissing)).toBe(true);
    expect(page.url()).toBe(`${siteUrl()}/`);
    await page.close();
  });

  it("works without JavaScript: the form submits to /search and the result pages link to each other", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await searchFromHome(page, "off", "Shopping");
    await page.waitForURL(`${siteUrl()}/search?q=off&category=Shopping`);
    expect(await page.locator("main").getByRole("status").textContent()).toMatch(/^\d+ results? for “off” in Shopping$/);
    await page.getByRole("navigation", { name: "Result types" }).getByRole("link", { name: /^Offers/ }).click();
    await page.waitForURL(/type=offers$/);
    expect(await page.locator("main article h3").count()).toBeGreaterThan(0);
    await searchFromHome(page, "qqqzzzxxx", "Health");
    await page.waitForURL(/\/search\?q=qqqzzzxxx&category=Health$/);
    expect(await page.locator("main").getByRole("status").textContent()).toBe("Nothing matches “qqqzzzxxx” in Health yet. Try other words or another category.");
    await context.close();
  });
});
