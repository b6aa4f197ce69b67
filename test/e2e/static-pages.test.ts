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

const hydrated = (page: Page) => isHydrated(page);

const PAGES = [
  { path: "/about-us", h1: "A Smarter Way to Choose", title: "About us | DealPilot" },
  { path: "/contact-us", h1: "Need help?", title: "Contact us | DealPilot" },
  { path: "/privacy-policy", h1: "Privacy Policy", title: "Privacy Policy | DealPilot" },
  { path: "/terms-of-use", h1: "Terms of Use", title: "Terms of Use | DealPilot" },
  { path: "/cookie-policy", h1: "Cookie Policy", title: "Cookie Policy | DealPilot" },
  { path: "/do-not-sell-or-share", h1: "Do Not Sell or Share My Personal Information", title: "Do Not Sell or Share My Personal Information | DealPilot" },
];

describe("static pages in Chromium", () => {
  it.each(PAGES)("$path hydrates without console errors or warnings", async ({ path, h1, title }) => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await page.locator("h1").textContent()).toBe(h1);
    expect(await page.title()).toBe(title);
    expect(await page.locator("head title").count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("legal tables fit a phone: each row a block, each cell as wide as the text column and named by its column", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${siteUrl()}/cookie-policy`, { waitUntil: "networkidle" });
    const region = page.getByRole("region", { name: "Cookies and local storage set by this site" });
    const fit = await region.evaluate((box) => ({
      box: box.clientWidth,
      table: box.querySelector("table")!.scrollWidth,
      narrowest: Math.min(...Array.from(box.querySelectorAll("td"), (cell) => cell.getBoundingClientRect().width)),
    }));
    expect(fit.table).toBeLessThanOrEqual(fit.box);
    expect(fit.narrowest).toBeGreaterThan(fit.box * 0.8);
    // Each cell is named by its column, which the hidden header row no longer shows.
    const purpose = region.locator("td").nth(2);
    expect(await purpose.evaluate((cell) => getComputedStyle(cell, "::before").content)).toBe('"Purpose"');
    await region.screenshot({ path: "screenshots/cookie-policy-table-390.png" });
    await page.close();
  });

  it("legal contents links scroll to their sections, clear of the sticky header", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/privacy-policy`, { waitUntil: "networkidle" });
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "How long we keep information" }).click();
    await page.waitForURL(/#retention$/);
    const heading = page.getByRole("heading", { name: "How long we keep information" });
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeLessThan(200);
    const headerBottom = await page.locator("#root > header").evaluate((el) => el.getBoundingClientRect().bottom);
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** Slides whose box lies inside the carousel's box (what a visitor sees at once). */
function visibleSlides(page: Page): Promise<number> {
  return page.evaluate(() => {
    const container = document.querySelector(".about-carousel")!.getBoundingClientRect();
    return Array.from(document.querySelectorAll(".about-carousel .swiper-slide")).filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.width > 0 && box.left >= container.left - 1 && box.right <= container.right + 1;
    }).length;
  });
}

describe("About carousel", () => {
  it.each([
    { width: 390, slides: 1 },
    { width: 800, slides: 2 },
    { width: 1280, slides: 3 },
  ])("shows $slides slide(s) at $width px, the same before and after Swiper starts", async ({ width, slides }) => {
    // Without JavaScript: the server-rendered layout.
    const still = await browser.newPage({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    await still.goto(`${siteUrl()}/about-us`);
    expect(await visibleSlides(still)).toBe(slides);
    await still.close();

    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/about-us`, { waitUntil: "networkidle" });
    await page.locator(".about-carousel").scrollIntoViewIfNeeded();
    await page.locator(".about-carousel.swiper-initialized").waitFor();
    expect(await visibleSlides(page)).toBe(slides);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("autoplays and loops back to the first card after the last (390 px)", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/about-us`, { waitUntil: "networkidle" });
    await page.locator(".about-carousel").scrollIntoViewIfNeeded();
    await page.locator(".about-carousel.swiper-initialized").waitFor();
    await page.mouse.move(0, 0);
    const active = () => page.locator(".about-carousel .swiper-slide-active").getAttribute("aria-label");
    expect(await active()).toBe("1 of 3");
    await expect.poll(active, { timeout: 6000 }).toBe("2 of 3");
    await expect.poll(active, { timeout: 6000 }).toBe("3 of 3");
    await expect.poll(active, { timeout: 6000 }).toBe("1 of 3");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("stays still for visitors who ask for reduced motion", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 }, reducedMotion: "reduce" });
    await page.goto(`${siteUrl()}/about-us`, { waitUntil: "networkidle" });
    await page.locator(".about-carousel").scrollIntoViewIfNeeded();
    await page.locator(".about-carousel.swiper-initialized").waitFor();
    await page.waitForTimeout(4500);
    expect(await page.locator(".about-carousel .swiper-slide-active").getAttribute("aria-label")).toBe("1 of 3");
    await page.close();
  });

  it("is usable with the keyboard: pagination buttons and arrow keys", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/about-us`, { waitUntil: "networkidle" });
    const carousel = page.getByRole("region", { name: "How we help you choose" });
    await carousel.scrollIntoViewIfNeeded();
    await carousel.and(page.locator(".swiper-initialized")).waitFor();
    const active = () => page.locator(".about-carousel .swiper-slide-active").getAttribute("aria-label");
    expect(await active()).toBe("1 of 3");

    const bullet = carousel.getByRole("button", { name: "Go to slide 3" });
    await bullet.focus();
    await page.keyboard.press("Enter");
    await expect.poll(active).toBe("3 of 3");

    await page.keyboard.press("ArrowLeft");
    await expect.poll(active).toBe("2 of 3");
    expect(problems).toEqual([]);
    await page.close();
  });
});
