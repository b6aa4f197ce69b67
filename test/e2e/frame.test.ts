import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsHits, isHydrated, launchChromium, siteUrl, watchConsole } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const storesMenu = (page: Page) => page.getByRole("navigation", { name: "Main" }).locator("li.dropdown").filter({ hasText: "Coupon & Deals" }).first();

describe("header", () => {
  it("opens the Coupon & Deals menu on hover and closes it when the pointer leaves", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    const menu = storesMenu(page).locator(".dropdown-menu");
    await expect.poll(() => menu.isVisible()).toBe(false);
    await storesMenu(page).getByRole("link", { name: "Coupon & Deals" }).hover();
    await expect.poll(() => menu.isVisible()).toBe(true);
    const items = menu.getByRole("link");
    expect(await items.count()).toBe(11);
    expect(await items.last().textContent()).toBe("View All Stores");
    expect(await items.last().getAttribute("href")).toBe("/stores");
    for (const href of await items.evaluateAll((links) => links.slice(0, -1).map((a) => a.getAttribute("href")))) {
      expect(href).toMatch(/^\/stores\?catID=[a-z0-9]+$/);
    }
    expect(await storesMenu(page).getByRole("link", { name: "Coupon & Deals" }).getAttribute("href")).toBe("/offers");
    await page.mouse.move(5, 700);
    await expect.poll(() => menu.isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens the menu on keyboard focus, closes it on Escape, and shows the disclosure on focus", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    const menu = storesMenu(page).locator(".dropdown-menu");
    const link = storesMenu(page).getByRole("link", { name: "Coupon & Deals" });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).focus();
    await page.keyboard.press("Tab");
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.isVisible()).toBe(false);

    // Focus is back on the menu's caret; the site search (field, button) comes next, then the disclosure.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("combobox");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Advertising Disclosure");
    const tip = page.getByRole("tooltip");
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toContain("affiliate commission");
    await page.keyboard.press("Escape");
    await expect.poll(() => tip.count()).toBe(0);
    await page.close();
  });

  it("on phones shows the advertising disclosure and keeps the page's 12 px side margin (390 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    const disclosure = page.getByRole("banner").getByRole("button", { name: "Advertising Disclosure" });
    expect(await disclosure.isVisible()).toBe(true);
    await disclosure.tap();
    const tip = page.getByRole("tooltip");
    await expect.poll(() => tip.isVisible()).toBe(true);
    // On the screen, inside the margins.
    const box = (await tip.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(12);
    expect(box.x + box.width).toBeLessThanOrEqual(390 - 12);
    const brand = (await page.getByRole("banner").getByRole("link", { name: "DealPilot" }).boundingBox())!;
    const menu = (await page.getByRole("button", { name: "Open menu" }).boundingBox())!;
    const content = (await page.locator("main .container, main.container").first().boundingBox())!;
    expect(brand.x).toBeGreaterThanOrEqual(12);
    expect(390 - (menu.x + menu.width)).toBeGreaterThanOrEqual(12);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    expect(content.x).toBe(0);
    await page.close();
  });

  it("closes the mobile menu after a completed navigation", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog");
    await expect.poll(() => panel.isVisible()).toBe(true);
    await panel.getByRole("link", { name: "Coupon & Deals" }).click();
    await page.waitForURL(/\/offers$/);
    await expect.poll(() => panel.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
    await page.close();
  });
});

describe("theme", () => {
  it("remembers the choice and applies it before first paint, without the client bundle", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("data-bs-theme")).toBe("light");
    await page.getByRole("button", { name: /^Theme:/ }).click();
    await page.getByRole("button", { name: "Dark" }).click();
    expect(await page.locator("html").getAttribute("data-bs-theme")).toBe("dark");

    // With the bundle blocked, only the pre-paint script in <head> can set the attribute.
    await page.route(/\/build\/client-.*\.js$/, (route) => route.abort());
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await page.locator("html").getAttribute("data-bs-theme")).toBe("dark");
    await context.close();
  });

  it("Auto follows the operating system's setting live", async () => {
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    expect(await page.locator("html").getAttribute("data-bs-theme")).toBe("dark");
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => page.locator("html").getAttribute("data-bs-theme")).toBe("light");
    await page.getByRole("button", { name: /^Theme:/ }).click();
    await page.getByRole("button", { name: "Light" }).click();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForTimeout(200);
    expect(await page.locator("html").getAttribute("data-bs-theme")).toBe("light");
    await context.close();
  });
});

describe("navigation", () => {
  it("shows the global loader while loaders are in flight", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await page.route("**/api/collections/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      // The page may have closed meanwhile; a late continue must not fail the run.
      await route.continue().catch(() => undefined);
    });
    const loader = page.getByRole("status").filter({ hasText: "Loading…" });
    expect(await loader.count()).toBe(0);
    const heading = page.locator("h1");
    const headingTop = await heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    await page.getByRole("link", { name: "Next" }).click();
    await expect.poll(() => loader.count()).toBe(1);
    // The logo and its three dots float over the page: nothing moves, the dots are drawn.
    const shown = await page.locator(".global-loader").evaluate((el) => ({
      position: getComputedStyle(el).position,
      dots: Array.from(el.querySelectorAll(".global-loader-dots span"), (dot) => dot.getBoundingClientRect().width > 0),
    }));
    expect(shown).toEqual({ position: "fixed", dots: [true, true, true] });
    expect(await heading.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBe(headingTop);
    await page.waitForURL(/page=2$/);
    await expect.poll(() => loader.count()).toBe(0);
    await page.unrouteAll({ behavior: "wait" });
    await page.close();
  });

  it("scrolls to the top on a new page and restores the position on back", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Next" }).scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(/\/stores$/);
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before) < 5).toBe(true);
    await page.close();
  });
});

describe("analytics", () => {
  it("sends one page view per completed navigation, the first included", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    const pageViews = () =>
      analyticsHits(page)
        .filter((u) => u.searchParams.get("en") === "page_view")
        .map((u) => u.searchParams.get("dp"));
    await expect.poll(pageViews).toEqual(["/stores"]);
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL(/page=2$/);
    await expect.poll(pageViews).toEqual(["/stores", "/stores?page=2"]);
    await page.goBack();
    await expect.poll(pageViews).toEqual(["/stores", "/stores?page=2", "/stores"]);
    await page.waitForTimeout(300);
    expect(pageViews()).toHaveLength(3);
    expect(await page.locator('script[src^="https://www.googletagmanager.com/gtag/js"]').count()).toBe(1);
    await page.close();
  });
});

describe("analytics titles", () => {
  it("reports each page's own title after a client navigation, never the previous page's", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${siteUrl()}/about-us`, { waitUntil: "networkidle" });
    const views = () =>
      analyticsHits(page)
        .filter((u) => u.searchParams.get("en") === "page_view")
        .map((u) => [u.searchParams.get("dp"), u.searchParams.get("dt")]);
    await expect.poll(views).toEqual([["/about-us", await page.title()]]);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await page.waitForURL(/\/privacy-policy$/);
    await expect.poll(views).toHaveLength(2);
    const title = await page.title();
    expect(title).not.toBe(views()[0]![1]);
    expect(views()[1]).toEqual(["/privacy-policy", title]);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" }).click();
    await page.waitForURL(/\/terms-of-use$/);
    await expect.poll(views).toHaveLength(3);
    expect(views()[2]).toEqual(["/terms-of-use", await page.title()]);
    await page.close();
  });
});

describe("not-found", () => {
  it("answers 404 with the spec's texts", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${siteUrl()}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator("h1").textContent()).toBe("Page not found");
    await expect.poll(() => page.getByText("The page you are looking for was moved, removed or might never have existed.").isVisible()).toBe(true);
    await page.getByRole("link", { name: "Go to homepage" }).click();
    await page.waitForURL(`${siteUrl()}/`);
    await page.close();
  });
});
