import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, siteUrl, watchConsole, isHydrated } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("Stores list in Chromium", () => {
  it("hydrates without console errors or hydration warnings", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    expect(await page.locator("h1").textContent()).toBe("All Popular Stores");
    expect(await page.locator("head title").count()).toBe(1);
    expect(await page.title()).toBe("All Popular Stores | DealPilot");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("navigates to the list and between its pages on the client, reading through the Worker's /api/collections", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/no-such-page`, { waitUntil: "networkidle" });
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    const documents: string[] = [];
    const apiReads: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
      if (request.url().includes("/api/collections/")) apiReads.push(request.url());
    });
    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Coupon & Deals" }).hover();
    await main.getByRole("link", { name: "View All Stores" }).click();
    await page.waitForURL(/\/stores$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("All Popular Stores");
    expect(await page.title()).toBe("All Popular Stores | DealPilot");
    const firstOnPage1 = await page.locator("article h2").first().textContent();

    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/\/stores\?page=2$/);
    await expect.poll(() => page.locator("article h2").first().textContent()).not.toBe(firstOnPage1);

    expect(documents).toEqual([]);
    const storeReads = apiReads.filter((url) => new URL(url).origin === siteUrl() && url.includes("/api/collections/_zdata_stores/records"));
    expect(storeReads.length).toBeGreaterThanOrEqual(2);
    // The only expected complaint: the browser logs the starting page's 404 status.
    expect(problems.filter((p) => !p.includes("the server responded with a status of 404"))).toEqual([]);
    await page.close();
  });
});
