import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "../../src/app/theme";
import { launchChromium, siteUrl } from "./browser";

/**
 * Issue 51 ("round 3") in Chromium, at 390 and 1280 px, light and dark, with JavaScript off
 * where it applies: what visitors met, changed.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [390, 1280] as const;
const SCHEMES = ["light", "dark"] as const;

async function open(path: string, options: BrowserContextOptions): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 900 }, ...options });
  await page.goto(`${siteUrl()}${path}`);
  return page;
}

/** The page's background colour, as painted. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe("the header and the theme without JavaScript", () => {
  it.each(WIDTHS)("keeps the header one bar high at %i px, its links behind a Menu link on phones", async (width) => {
    const page = await open("/", { javaScriptEnabled: false, viewport: { width, height: 900 } });
    const header = page.getByRole("banner");
    // Bootstrap's navbar with the brand and the buttons on one line: 70 px; the links laid
    // out in the bar took 145 px at 390 px.
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    const links = header.getByRole("link", { name: "Coupon & Deals" });
    if (width < 1200) {
      expect(await links.isVisible()).toBe(false);
      await header.getByRole("link", { name: "Menu", exact: true }).click();
      expect(await links.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    } else {
      expect(await header.getByRole("link", { name: "Menu", exact: true }).isVisible()).toBe(false);
      expect(await links.isVisible()).toBe(true);
    }
    await page.close();
  });

  it.each(SCHEMES)("follows the system's %s preference", async (colorScheme) => {
    const page = await open("/", { javaScriptEnabled: false, colorScheme });
    expect(await background(page)).toBe(colorScheme === "dark" ? "rgb(33, 37, 41)" : "rgb(255, 255, 255)");
    await page.close();
  });

  it("with JavaScript, the visitor's own choice wins over the system's preference", async () => {
    const context = await browser.newContext({ colorScheme: "dark", viewport: { width: 1280, height: 900 } });
    await context.addInitScript((key) => localStorage.setItem(key, "light"), THEME_STORAGE_KEY);
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/`);
    expect(await page.evaluate(() => document.documentElement.getAttribute("data-bs-theme"))).toBe("light");
    expect(await background(page)).toBe("rgb(255, 255, 255)");
    await context.close();
  });
});
