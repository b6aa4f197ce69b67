import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MARKETER } from "../../pocketbase/seed-content.mjs";
import { axeViolations, launchChromium, signInOnSite, siteUrl, watchConsole } from "./browser";

/** Where the screenshots go, to be looked at (git-ignored). */
const SHOTS = path.resolve("screenshots", "reports");

let browser: Browser;
/** The signed-in session, so each view does not sign in again (sign-ins are limited to 5 a
 * minute per client, and every local client is one). */
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;

beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(SHOTS, { recursive: true });
  const context = await browser.newContext();
  await signIn(await context.newPage());
  session = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

/** Asks for the report, meets the sign-in page, signs in, and lands on the report it asked for. */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${siteUrl()}/admin/reports?group=campaign`);
  expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
  await signInOnSite(page, DEMO_MARKETER, "/admin/reports");
  // The sign-in kept where the marketer was going.
  expect(new URL(page.url()).searchParams.get("group")).toBe("campaign");
}

describe("the marketers' report in Chromium", () => {
  for (const theme of ["light", "dark"] as const)
    for (const width of [390, 1280])
      it(`shows the signed-in marketer the table and the chart at ${width} px, ${theme}`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme, storageState: session });
        const page = await context.newPage();
        const problems = watchConsole(page);
        await page.goto(`${siteUrl()}/admin/reports?group=campaign`);
        expect(await page.locator("html").getAttribute("data-bs-theme")).toBe(theme);

        const table = page.getByRole("table");
        await expect.poll(() => table.locator("tbody tr").count()).toBeGreaterThan(1);
        expect(await table.locator("thead th").first().textContent()).toBe("Campaign");
        expect(await table.locator("tfoot th").textContent()).toBe("Total");
        // The seeded campaigns' clicks, and revenue in dollars.
        expect(await table.textContent()).toContain("black-friday");
        expect(await table.locator("tfoot").textContent()).toMatch(/\$\d/);

        const chart = page.locator("#report-chart");
        await expect.poll(() => chart.isVisible()).toBe(true);
        const canvas = chart.locator("canvas");
        expect(await canvas.count()).toBe(1);
        const box = await canvas.boundingBox();
        expect(box!.width).toBeGreaterThan(width * 0.6);
        // The chart is drawn: pixels other than the background.
        const painted = await canvas.evaluate((el) => {
          const c = el as HTMLCanvasElement;
          const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
          let opaque = 0;
          for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) opaque++;
          return opaque;
        });
        expect(painted).toBeGreaterThan(500);
        // Nothing spills sideways on a phone but the table, which scrolls in its own box.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

        await page.screenshot({ path: path.join(SHOTS, `reports-${width}-${theme}.png`), fullPage: true });
        expect(problems).toEqual([]);
        await context.close();
      });

  it("works without JavaScript: the table alone, the range form and the CSV link", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 }, storageState: session });
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/admin/reports`);
    expect(await page.locator("#report-chart").isVisible()).toBe(false);
    await page.getByLabel("Group by").selectOption("country");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("group") === "country");
    expect(await page.locator("thead th").first().textContent()).toBe("Country");
    const csv = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const response = await context.request.get(`${siteUrl()}${csv}`);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await response.text()).split("\r\n")[0]).toMatch(/^country,clicks,unique_clicks,conversions,/);
    await context.close();
  });

  it("has no accessibility violations (axe, WCAG 2.2 AA) on the sign-in page and the report, and signs out", async () => {
    const signedOut = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signedOut.goto(`${siteUrl()}/admin/sign-in`);
    expect(await axeViolations(signedOut)).toEqual([]);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: session })).newPage();
    await page.goto(`${siteUrl()}/admin/reports`);
    await expect.poll(() => page.locator("#report-chart").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/sign-in");
    await page.goto(`${siteUrl()}/admin/reports`);
    expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
  });
});
