import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_MARKETER } from "../../pocketbase/seed-content.mjs";
import { axeViolations, launchChromium, signInOnSite, siteUrl, superuserToken, watchConsole } from "./browser";
import { nuErrors } from "./nu-checker";

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
        expect(await table.locator("tfoot th").first().textContent()).toBe("Total");
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
        await page.getByText("Filters", { exact: true }).click();
        await expect.poll(() => page.getByLabel("Network", { exact: true }).isVisible()).toBe(true);
        await page.screenshot({ path: path.join(SHOTS, `reports-${width}-${theme}-filters.png`) });
        expect(problems).toEqual([]);
        await context.close();
      });

  for (const width of [390, 1280])
    it(`keeps the table in place while the chart is drawn at ${width} px (cumulative layout shift)`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: session });
      const page = await context.newPage();
      // Every layout shift of the page's life, summed as Chromium reports them (CLS, no input here).
      await page.addInitScript(() => {
        const w = window as unknown as { layoutShift: number };
        w.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) w.layoutShift += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(`${siteUrl()}/admin/reports?group=campaign`);
      await expect.poll(() => page.locator("#report-chart canvas").count()).toBe(1);
      // Two frames after the chart is drawn, so a shift it caused has been reported.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      console.log(`report page CLS at ${width} px: ${shift.toFixed(4)}`);
      expect(shift).toBeLessThan(0.01);
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
    expect((await response.text()).split("\r\n")[0]).toMatch(/^country,clicks,unique_clicks,conversions,pending,approved,reversed,/);
    // Order, range presets and filters are plain links and the same GET form.
    await page.getByRole("link", { name: "Conversions", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "conversions");
    expect(await page.locator("th[aria-sort]").textContent()).toBe("Conversions ▼");
    await page.getByRole("link", { name: "Last 30 days" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") !== null && url.searchParams.get("sort") === "conversions");
    expect(await page.getByRole("link", { name: "Last 30 days" }).getAttribute("aria-current")).toBe("true");
    await page.getByText("Filters", { exact: true }).click();
    const store = page.getByLabel("Store", { exact: true });
    const chosen = await store.locator("option").nth(1).getAttribute("value");
    await store.selectOption(chosen!);
    await page.getByLabel("Group by").selectOption("day");
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((url) => url.searchParams.get("store") === chosen && url.searchParams.get("group") === "day");
    expect(await page.locator("thead th").first().textContent()).toContain("Day (UTC)");
    await context.close();
  });

  it("lets a marketer who forgot the password set a new one on PocketBase's own page, from the emailed link", async () => {
    const email = `reset-${Date.now()}@dealpilot.local`;
    const created = await fetch(`${inject("pocketbaseUrl")}/api/collections/marketers/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
      body: JSON.stringify({ email, password: "forgotten-password-1", passwordConfirm: "forgotten-password-1", verified: true, name: "Forgetful" }),
    });
    expect(created.status).toBe(200);
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${siteUrl()}/admin/sign-in`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Email me a link" }).click();
    expect(await page.getByRole("status").textContent()).toContain("we have emailed it a link to choose a new password");
    let link = "";
    await expect
      .poll(async () => {
        const all = (await (await fetch(`${inject("mailUrl")}/api/email`)).json()) as Array<{ to: Array<{ address: string }>; html: string }>;
        const mail = all.find((m) => m.to.some((r) => r.address === email));
        link = /href="([^"]*confirm-password-reset[^"]*)"/.exec(mail?.html ?? "")?.[1] ?? "";
        return link;
      })
      .not.toBe("");
    expect(new URL(link).origin).toBe(new URL(inject("pocketbaseUrl")).origin);
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("chosen-again-2");
    await page.getByLabel("New password confirm").fill("chosen-again-2");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect.poll(() => page.getByText(/successfully changed/i).count()).toBeGreaterThan(0);
    await page.goto(`${siteUrl()}/admin/sign-in`);
    await signInOnSite(page, { email, password: "chosen-again-2" }, "/admin/reports");
    await page.close();
  });

  it("is valid HTML (Nu Html Checker): the report with filters, by offer; the sign-in and password-reset pages", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "nu-reports-"));
    try {
      const context = await browser.newContext({ storageState: session });
      const files: string[] = [];
      for (const [name, pagePath] of [
        ["report-offer", "/admin/reports?group=offer&sort=clicks&dir=desc&country=US"],
        ["report-day", "/admin/reports"],
        ["sign-in", "/admin/sign-in"],
        ["password-reset", "/admin/password-reset"],
      ]) {
        const file = path.join(dir, `${name}.html`);
        await writeFile(file, await (await context.request.get(`${siteUrl()}${pagePath}`)).text());
        files.push(file);
      }
      expect(await nuErrors(files)).toEqual([]);
      await context.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("has no accessibility violations (axe, WCAG 2.2 AA) on the sign-in and password-reset pages and the report, and signs out", async () => {
    const signedOut = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signedOut.goto(`${siteUrl()}/admin/sign-in`);
    expect(await axeViolations(signedOut)).toEqual([]);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: session })).newPage();
    await signedOut.goto(`${siteUrl()}/admin/password-reset`);
    expect(await axeViolations(signedOut)).toEqual([]);
    await page.goto(`${siteUrl()}/admin/reports?group=offer&country=US&sort=clicks&dir=desc`);
    await expect.poll(() => page.locator("#report-chart canvas").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/sign-in");
    await page.goto(`${siteUrl()}/admin/reports`);
    expect(new URL(page.url()).pathname).toBe("/admin/sign-in");
  }, 90_000);
});
