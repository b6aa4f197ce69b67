import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HYDRATED_ATTRIBUTE } from "../../src/app/layout/page-shown";
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

  // React reaches the sections below the fold (the footer here) in tasks after the one that
  // marks the page hydrated; a link followed in between once left the new page waiting for
  // the visitor to scroll to the old page's footer, with the address already changed.
  it("follows a link clicked the moment the page is hydrated (390 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.addInitScript((attribute) => {
      const clickOnHydration = new MutationObserver(() => {
        if (!document.documentElement.hasAttribute(attribute)) return;
        clickOnHydration.disconnect();
        document.querySelector<HTMLAnchorElement>('a[href="/offers"]')?.click();
      });
      clickOnHydration.observe(document, { attributes: true, subtree: true, attributeFilter: [attribute] });
    }, HYDRATED_ATTRIBUTE);
    await page.goto(`${siteUrl()}/stores`);
    await page.waitForURL(/\/offers$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe("All Coupons & Deals");
    expect(await page.locator("footer").getByRole("link", { name: "About us" }).isVisible()).toBe(true);
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

    // The footer's and the store cards' links navigate on the client too; a click with a
    // modifier is left to the browser (a new tab).
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await page.waitForURL(/\/about-us$/);
    await page.goBack();
    await page.waitForURL(/\/stores\?page=2$/);
    await expect
      .poll(() =>
        page
          .locator("article")
          .filter({ has: page.getByRole("link", { name: "Comparison" }) })
          .count(),
      )
      .toBeGreaterThan(0);
    const [opened] = await Promise.all([
      page.context().waitForEvent("page"),
      page
        .getByRole("link", { name: "Comparison" })
        .first()
        .click({ modifiers: ["Control"] }),
    ]);
    expect(page.url()).toMatch(/\/stores\?page=2$/);
    await opened!.close();
    await page.getByRole("link", { name: "Comparison" }).first().click();
    // Its loader may redirect to an address under /comparisions (the canonical one).
    await page.waitForURL(/\/comparisions?\b/);
    await expect.poll(() => page.locator("h1").count()).toBe(1);

    expect(documents).toEqual([]);
    const storeReads = apiReads.filter((url) => new URL(url).origin === siteUrl() && url.includes("/api/collections/_zdata_stores/records"));
    expect(storeReads.length).toBeGreaterThanOrEqual(2);
    // The only expected complaint: the browser logs the starting page's 404 status.
    expect(problems.filter((p) => !p.includes("the server responded with a status of 404"))).toEqual([]);
    await page.close();
  });
});

describe("JavaScript before hydration", () => {
  it("fetches the matched screen's chunk from the document's preload, once, not after the entry has run", async () => {
    const manifest = JSON.parse(await readFile(new URL("../../public/build/manifest.json", import.meta.url), "utf8")) as { routes: Record<string, string[]> };
    for (const [path, routeId] of [
      ["/", "home"],
      ["/stores", "stores"],
      ["/contact-us", "contact-us"],
    ] as const) {
      const page = await browser.newPage();
      const problems = watchConsole(page);
      await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
      await expect.poll(() => isHydrated(page)).toBe(true);
      const scripts = await page.evaluate(() =>
        (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => ({ url: new URL(entry.name).pathname, by: entry.initiatorType })),
      );
      const screen = manifest.routes[routeId]!;
      expect(screen.length, path).toBeGreaterThan(0);
      // Fetched by the module loader ("script") it would have waited for the entry to run;
      // Chromium reports a fetch started by the document's modulepreload as "other".
      for (const url of screen)
        expect(
          scripts.filter((script) => script.url === url),
          `${path} ${url}`,
        ).toEqual([{ url, by: "other" }]);
      // No file is fetched twice (a preload the module loader could not reuse would be).
      expect(new Set(scripts.map((script) => script.url)).size, path).toBe(scripts.length);
      expect(problems, path).toEqual([]);
      await page.close();
    }
  });
});
