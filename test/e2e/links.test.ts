import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_MARKETER } from "../../pocketbase/seed-content.mjs";
import { axeViolations, launchChromium, signInOnSite, siteUrl, superuserToken, VISITOR_USER_AGENT, watchConsole } from "./browser";

/**
 * Issue 52 in Chromium, at a phone's and a desktop's width: the demo marketer builds a short
 * link to a store's page, downloads its QR code (PNG and SVG) and reads it back with jsQR (a
 * reader nobody here wrote), follows it as a visitor, clicks out to a partner from the
 * store's page, the network's postback arrives, and the link's row in the list shows the
 * visit, the click out and the conversion.
 */

let browser: Browser;
let session: Awaited<ReturnType<BrowserContext["storageState"]>>;
let networkToken: string;
const run = crypto.randomUUID().slice(0, 6);

beforeAll(async () => {
  browser = await launchChromium();
  const page = await browser.newPage();
  await page.goto(`${siteUrl()}/admin/links`);
  await signInOnSite(page, DEMO_MARKETER, "/admin/links");
  session = await page.context().storageState();
  await page.close();
  const response = await fetch(`${inject("pocketbaseUrl")}/api/collections/affiliate_networks/records?filter=${encodeURIComponent('name = "Demo Network"')}`, {
    headers: { Authorization: await superuserToken() },
  });
  networkToken = ((await response.json()) as { items: Array<{ postback_token: string }> }).items[0]!.postback_token;
});
afterAll(async () => {
  await browser?.close();
});

/** The code in a PNG's pixels, as jsQR reads it. */
function readCode(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

/** Downloads a file through the page's link and returns its bytes. */
async function download(page: Page, name: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return readFile((await file.path())!);
}

/** The SVG as Chromium draws it, photographed and read back. */
async function readSvgAsDrawn(svg: Buffer): Promise<string | undefined> {
  const page = await browser.newPage({ viewport: { width: 400, height: 400 } });
  await page.setContent(`<body style="margin:0;background:#fff"><img src="data:image/svg+xml;base64,${svg.toString("base64")}"></body>`);
  await page.locator("img").evaluate((img) => (img as HTMLImageElement).decode());
  const shot = await page.locator("img").screenshot();
  await page.close();
  return readCode(shot);
}

describe("a marketer's short link, from the builder to a conversion", () => {
  for (const width of [390, 1280])
    it(`at ${width} px: build, download and read the QR code, follow it, click out, convert, and see it in the list`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, storageState: session, acceptDownloads: true });
      const page = await context.newPage();
      const problems = watchConsole(page);
      await page.goto(`${siteUrl()}/admin/links`);
      const details = page.locator("details");
      if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await page.getByText("New short link").click();

      // A store page: the first store the builder suggests.
      const store = (await page.locator("#link-pages option").nth(4).getAttribute("value"))!;
      expect(store).toMatch(/^\/stores\/[^/]+\/[a-z0-9]{15}$/);
      const slug = `E2E-${width}-${run}`;
      await page.getByLabel("A page of this site").check();
      await page.getByLabel("Page address").fill(store);
      await page.getByLabel("Slug").fill(slug);
      await page.getByLabel("Source").fill("qr-flyer");
      await page.getByLabel("Medium").fill("print");
      await page.getByLabel("Campaign").fill(`e2e-${run}`);
      await page.getByRole("button", { name: "Create link" }).click();
      await page.waitForURL((url) => /^\/admin\/links\/[a-z0-9]{15}$/.test(url.pathname));
      const shortUrl = `${siteUrl()}/l/${slug}`;
      expect(await page.getByLabel("Short link to share").inputValue()).toBe(shortUrl);
      // Nothing spills sideways on a phone but the list's table, which scrolls in its own box.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);

      expect(readCode(await download(page, "Download QR code (PNG)"))).toBe(shortUrl);
      expect(await readSvgAsDrawn(await download(page, "Download QR code (SVG)"))).toBe(shortUrl);

      // A visitor scans it: the store's page, then one of its offers' buttons to the partner.
      const visitor = await browser.newContext({ viewport: { width, height: 900 }, userAgent: VISITOR_USER_AGENT });
      const partnerUrls: string[] = [];
      await visitor.route(
        (url) => !url.href.startsWith(siteUrl()) && !url.hostname.endsWith("google-analytics.com") && !url.hostname.endsWith("googletagmanager.com"),
        (route) => {
          partnerUrls.push(route.request().url());
          return route.fulfill({ contentType: "text/html", body: "<title>Partner</title><p>Partner site</p>" });
        },
      );
      const visiting = await visitor.newPage();
      await visiting.goto(shortUrl);
      expect(new URL(visiting.url()).pathname).toBe(store);
      expect((await visitor.cookies()).find((cookie) => cookie.name === "dp_trk")?.value).toMatch(
        new RegExp(`^utm_source=qr-flyer&utm_medium=print&utm_campaign=e2e-${run}&link=[a-z0-9]{15}$`),
      );
      const button = visiting.locator('a[href^="/goto?url="][href*="click_id"]').first();
      const [partner] = await Promise.all([visitor.waitForEvent("page"), button.click()]);
      // The new tab opens on /goto and is redirected: wait for the partner's request itself.
      await expect.poll(() => partnerUrls.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await partner.waitForLoadState();
      // The partner got the click id in its sub-id slot.
      const landed = new URL(partnerUrls.at(-1)!);
      const clickId = [...landed.searchParams.values()].find((value) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/.test(value));
      expect(clickId, landed.href).toBeDefined();
      await visitor.close();

      // The network reports the sale.
      const postback = await fetch(`${siteUrl()}/postback/${networkToken}?click_id=${clickId}&txid=e2e-${width}-${run}&payout=20&currency=USD`);
      expect(postback.status).toBe(200);

      // The list, searched for the link: one visit, one click out, one conversion, $20.
      const today = new Date().toISOString().slice(0, 10);
      await expect
        .poll(
          async () => {
            await page.goto(`${siteUrl()}/admin/links?from=${today}&to=${today}&q=${slug}`);
            return (await page.locator("tbody tr").first().locator("th, td").allTextContents()).join(" ");
          },
          { timeout: 20_000, interval: 1_000 },
        )
        .toMatch(new RegExp(`/l/${slug} ${store.replace(/\//g, "\\/")} 1 1 1 1 \\$20\\.00`));
      if (width === 1280) expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
});
