import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHydrated, launchChromium, siteUrl, watchConsole } from "./browser";

/** The country control (issue 36): a plain form on the Worker's /country page, reached from
 * /offers, that keeps the visitor's choice in dp_country and goes back. The same with and
 * without JavaScript, on a phone and a desktop. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([390, 1280])("the country control at %i px", (width) => {
  it.each([true, false])("chooses Germany over the connection's US, and goes back (JavaScript %s)", async (javaScriptEnabled) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled, extraHTTPHeaders: { "CF-IPCountry": "US" } });
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/offers`);
    if (javaScriptEnabled) {
      await expect.poll(() => isHydrated(page)).toBe(true);
      // What the loaders of later client navigations read: still there once React hydrated the head.
      expect(await page.locator('meta[name="dp-country"]').getAttribute("content")).toBe("US");
    }
    await page.getByRole("link", { name: "Offers for your country" }).click();
    await page.waitForURL(/\/country\?back=%2Foffers$/);
    // A client navigation commits the address before React has rendered the new page.
    await expect.poll(() => page.locator("main p").first().textContent()).toBe("Offers for: United States");
    const choice = page.getByLabel("Country");
    expect(await choice.inputValue()).toBe("US");
    // Every control fits the screen: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await choice.selectOption("DE");
    await page.getByRole("button", { name: "Show offers" }).click();
    await page.waitForURL(`${siteUrl()}/offers`);
    expect((await context.cookies()).find((cookie) => cookie.name === "dp_country")?.value).toBe("DE");
    await page.goto(`${siteUrl()}/country`);
    expect(await page.locator("main p").first().textContent()).toBe("Offers for: Germany");
    expect(problems).toEqual([]);
    await context.close();
  });
});
