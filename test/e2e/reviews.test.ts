import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchChromium, siteUrl } from "./browser";
import { everyScreen } from "./screens";

/**
 * Issue 53 in a browser, with JavaScript off (the page cache's complete documents), at phone
 * and desktop widths, light and dark: the comparison table is read and moved through with a
 * keyboard, scrolls within itself with the product names in view, and the page never scrolls
 * sideways; the product, alternatives and author pages and the method pages read whole.
 */

let browser: Browser;
let comparisonPath = "";
let productPath = "";
let alternativesPath = "";
let authorPath = "";

beforeAll(async () => {
  browser = await launchChromium();
  const screens = new Map(await everyScreen());
  const pathOf = (name: string): string => {
    const path = screens.get(name);
    if (!path) throw new Error(`everyScreen has no ${name}`);
    return path;
  };
  comparisonPath = pathOf("comparison");
  productPath = pathOf("product");
  alternativesPath = pathOf("alternatives");
  authorPath = pathOf("author");
});
afterAll(async () => {
  await browser?.close();
});

const VIEWS = [390, 1280].flatMap((width) => (["light", "dark"] as const).map((colorScheme) => ({ width, colorScheme })));

async function withoutScripts(view: (typeof VIEWS)[number], path: string): Promise<Page> {
  const page = await browser.newPage({ javaScriptEnabled: false, viewport: { width: view.width, height: 900 }, colorScheme: view.colorScheme });
  const response = await page.goto(siteUrl() + path);
  expect(response?.status(), path).toBe(200);
  return page;
}

/** Presses Tab until the focus is on an element matching `selector` (at most `limit` times). */
async function tabTo(page: Page, selector: string, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

describe("the comparison table without JavaScript", () => {
  for (const view of VIEWS) {
    it(`is a table read and moved through by keyboard; it scrolls within itself, names in view (${view.width} px, ${view.colorScheme})`, async () => {
      const page = await withoutScripts(view, comparisonPath);
      const box = page.locator(".comparison-table-scroll");
      const table = page.getByRole("table");
      expect(await table.isVisible()).toBe(true);
      // A real table for assistive technology: its name, a column header per column, a row header per product.
      expect(await page.getByRole("region", { name: /products side by side/ }).count()).toBe(1);
      const products = await table.locator("tbody th[scope=row]").count();
      expect(products).toBeGreaterThanOrEqual(2);
      expect(products).toBeLessThanOrEqual(6);
      expect(await table.getByRole("columnheader").count()).toBeGreaterThanOrEqual(8);
      expect(await table.getByRole("rowheader").count()).toBe(products);
      // The page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);

      // The keyboard reaches the scroll box, and arrow keys scroll it.
      await tabTo(page, ".comparison-table-scroll");
      const focusRing = await box.evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(focusRing).toBe("solid");
      const scrollable = await box.evaluate((el) => el.scrollWidth > el.clientWidth);
      if (view.width === 390) expect(scrollable).toBe(true);
      if (scrollable) {
        for (let i = 0; i < 30; i++) await page.keyboard.press("ArrowRight");
        await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
        // Scrolled: each product's name is still at the box's left edge, readable.
        const boxLeft = (await box.boundingBox())!.x;
        for (const header of await table.locator("tbody th[scope=row]").all()) {
          const rect = (await header.boundingBox())!;
          expect(Math.abs(rect.x - boxLeft)).toBeLessThan(3);
          expect(((await header.textContent()) ?? "").trim().length).toBeGreaterThan(3);
        }
        // And a cell scrolled under it is hidden behind it, not drawn over it (the name's background is opaque).
        const background = await table
          .locator("tbody th[scope=row]")
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor);
        expect(background).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);
      }
      // Next, Tab goes to the first product's name, a link to its page.
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => ({
        href: document.activeElement?.getAttribute("href"),
        inHeader: Boolean(document.activeElement?.closest("th[scope=row]")),
      }));
      expect(focused.inHeader).toBe(true);
      expect(focused.href).toMatch(/^\/products\/[^/]+\/[a-z0-9]{15}$/);
      await page.close();
    });
  }

  it("follows a product's name to its page, and from there to its alternatives", async () => {
    const page = await withoutScripts(VIEWS[3]!, comparisonPath);
    await page.locator("tbody th[scope=row] a").first().click();
    await page.waitForURL(/\/products\/[^/]+\/[a-z0-9]{15}$/);
    expect(await page.locator("h1").textContent()).not.toBe("");
    expect(await page.locator("#offers .offer-card").count()).toBeGreaterThanOrEqual(0);
    await page.close();
  });
});

/**
 * axe-core cannot run in a page whose scripts are off (its timers never fire), so it runs on
 * that page as such a visitor gets it: the server's document without its executable scripts
 * (nothing hydrates, the theme script does not run), the stylesheet's `(scripting: none)`
 * rules in force, at the same size and colour scheme.
 */
async function axeWithoutJavaScript(view: (typeof VIEWS)[number], path: string): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: view.width, height: 900 }, colorScheme: view.colorScheme });
  await context.route("**/*", async (route) => {
    const type = route.request().resourceType();
    if (type !== "document" && type !== "stylesheet") return route.continue();
    const response = await route.fetch();
    const body = await response.text();
    return route.fulfill({
      response,
      body:
        type === "document"
          ? body.replace(/<script(?![^>]*type="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, "")
          : body.replace(/@media \(scripting: ?none\) and /g, "@media ").replace(/@media \(scripting: ?none\)/g, "@media all"),
    });
  });
  const page = await context.newPage();
  await page.goto(siteUrl() + path);
  expect(await page.evaluate(() => document.querySelectorAll("script:not([type])").length), path).toBe(0);
  const violations = await axeViolations(page);
  await context.close();
  return violations;
}

/** The screens issue 53 adds or changes, once beforeAll has found them. */
const issuePages = () => [comparisonPath, productPath, alternativesPath, authorPath, "/how-we-verify-codes", "/how-we-rate"];

describe("issue 53's pages without JavaScript, light and dark", () => {
  for (const view of VIEWS) {
    it(`read whole at ${view.width} px, ${view.colorScheme}`, async () => {
      for (const path of issuePages()) {
        const page = await withoutScripts(view, path);
        expect(await page.locator("h1").isVisible(), path).toBe(true);
        expect(await page.locator(".placeholder-glow:visible").count(), path).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(view.width);
        await page.close();
      }
    }, 180_000);

    it(`have no axe violation at ${view.width} px, ${view.colorScheme}`, async () => {
      for (const path of issuePages()) expect(await axeWithoutJavaScript(view, path), `${path} ${view.width} ${view.colorScheme}`).toEqual([]);
    }, 300_000);
  }
});
