import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, isHydrated, launchChromium, siteUrl, startCarousels } from "./browser";
import { everyScreen } from "./screens";

/**
 * axe-core on every screen, in the states a visitor meets them: hydrated, streamed sections
 * in place, carousels started; wide in the light and dark themes, and narrow. Zero
 * violations of the WCAG 2.0 / 2.1 / 2.2 A and AA rules and of axe's best practices
 * (landmarks named uniquely, headings in order, …).
 */
const VIEWS: { name: string; options: BrowserContextOptions }[] = [
  { name: "wide, light", options: { viewport: { width: 1280, height: 900 }, colorScheme: "light" } },
  { name: "wide, dark", options: { viewport: { width: 1280, height: 900 }, colorScheme: "dark" } },
  { name: "narrow, light", options: { viewport: { width: 390, height: 844 }, colorScheme: "light" } },
];

let browser: Browser;
/** Screen name → path, detail pages taken from their lists (whatever the seed made). */
let screens: [string, string][] = [];

beforeAll(async () => {
  browser = await launchChromium();
  screens = await everyScreen();
});
afterAll(async () => {
  await browser?.close();
});

/** The page as a visitor has it once loading is over. */
async function open(path: string, options: BrowserContextOptions): Promise<Page> {
  const page = await browser.newPage(options);
  await page.goto(siteUrl() + path, { waitUntil: "networkidle" });
  await expect.poll(() => isHydrated(page)).toBe(true);
  // Carousels change their markup when Swiper starts (near the viewport, when idle).
  await startCarousels(page);
  return page;
}

/** Screens checked at once: while one page waits for its network to go quiet and its
 * carousels to start, another is under axe. More would only queue on CI's two cores. */
const AT_ONCE = 2;

/** Runs `check` on every item, at most `width` at a time; results in the items' order. */
async function inTurns<T, R>(items: readonly T[], width: number, check: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await check(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

describe("accessibility: axe-core, WCAG 2.2 A and AA", () => {
  for (const view of VIEWS) {
    it(`every screen, ${view.name}`, async () => {
      const found = await inTurns(screens, AT_ONCE, async ([name, path]) => {
        const page = await open(path, view.options);
        const violations = await axeViolations(page);
        await page.close();
        return violations.map((violation) => `${name} ${path}: ${violation}`);
      });
      expect(found.flat()).toEqual([]);
    }, 300_000);
  }

  it("the mobile menu, open", async () => {
    const page = await open("/", VIEWS[2]!.options);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("the coupon code dialog, open", async () => {
    const page = await open("/offers?type=coupon", VIEWS[0]!.options);
    await page.locator('main button[aria-haspopup="dialog"]').first().click();
    await expect.poll(() => page.getByRole("dialog", { name: "Coupon Code" }).isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("the store page with a code revealed (its vote question shown), a vote answered and the expired offers open", async () => {
    for (const view of [VIEWS[0]!, VIEWS[1]!, VIEWS[2]!]) {
      const page = await open(screens.find(([name]) => name === "store-page")![1], view.options);
      const reveal = page.locator('main button[aria-haspopup="dialog"]').first();
      if (await reveal.count()) {
        await reveal.click();
        await expect.poll(() => page.getByRole("dialog", { name: "Coupon Code" }).isVisible()).toBe(true);
        await page.keyboard.press("Escape");
      }
      for (const summary of await page.locator("main details summary").all()) await summary.click();
      expect(await page.locator("form.offer-feedback").count()).toBeGreaterThan(0);
      expect(await axeViolations(page), view.name).toEqual([]);
      await page.close();
    }
  });
});
