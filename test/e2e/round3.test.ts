import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { GTAG_ORIGIN } from "../../client/analytics";
import { THEME_STORAGE_KEY } from "../../src/app/theme";
import type { ListResult, Offer } from "../../src/data/types";
import { outboundHref } from "../../src/lib/outbound";
import { analyticsHits, axeViolations, isHydrated, launchChromium, siteUrl } from "./browser";
import { nuErrors } from "./nu-checker";
import { everyScreen } from "./screens";

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

  it("with JavaScript, the visitor's own choice wins over the system's preference, from the first paint through hydration", async () => {
    const context = await browser.newContext({ colorScheme: "dark", viewport: { width: 1280, height: 900 } });
    // Every theme the page is given, in order (hydration once applied the system's for a moment).
    await context.addInitScript((key) => {
      localStorage.setItem(key, "light");
      const themes: (string | null)[] = [];
      (window as unknown as { themes: typeof themes }).themes = themes;
      new MutationObserver(() => themes.push(document.documentElement.getAttribute("data-bs-theme"))).observe(document, {
        attributes: true,
        subtree: true,
        attributeFilter: ["data-bs-theme"],
      });
    }, THEME_STORAGE_KEY);
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { themes: string[] }).themes)).toEqual(["light"]);
    expect(await background(page)).toBe("rgb(255, 255, 255)");
    await context.close();
  });
});

/** Requests to Google's tag host the page's context makes, as they leave. */
function tagRequests(page: Page): string[] {
  const seen: string[] = [];
  page.context().on("request", (request) => {
    if (new URL(request.url()).origin === GTAG_ORIGIN) seen.push(request.url());
  });
  return seen;
}

/** Whether the page's site services ran: Google's Consent Mode defaults, or gtag's own
 * commands, are in the data layer (client/analytics.ts). */
const servicesRan = (page: Page) => page.evaluate(() => ((window as { dataLayer?: unknown[] }).dataLayer ?? []).length > 0);

const consentChoice = (page: Page) => page.getByRole("region", { name: "Cookies: your choice" });

describe("consent before analytics", () => {
  it.each(WIDTHS)("from Germany: a choice, Accept and Reject alike, no request to Google's tag host before Accept, gtag after it (%i px)", async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, extraHTTPHeaders: { "CF-IPCountry": "DE" } });
    const page = await context.newPage();
    const tags = tagRequests(page);
    await page.goto(`${siteUrl()}/`);
    await expect.poll(() => isHydrated(page)).toBe(true);
    await expect.poll(() => servicesRan(page)).toBe(true);
    expect(tags).toEqual([]);
    const choice = consentChoice(page);
    expect(await choice.isVisible()).toBe(true);
    const accept = choice.getByRole("button", { name: "Accept" });
    const reject = choice.getByRole("button", { name: "Reject" });
    // Equally prominent: the same look and size.
    expect(await accept.getAttribute("class")).toBe(await reject.getAttribute("class"));
    expect((await accept.boundingBox())!.height).toBe((await reject.boundingBox())!.height);
    expect(await choice.getByRole("checkbox").count()).toBe(0);
    await accept.click();
    await expect.poll(() => tags.length).toBeGreaterThan(0);
    await expect.poll(() => analyticsHits(page).some((hit) => hit.searchParams.get("en") === "page_view")).toBe(true);
    expect(await choice.count()).toBe(0);
    await context.close();
  });

  it("from the United States: no choice asked, gtag as before", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, extraHTTPHeaders: { "CF-IPCountry": "US" } });
    const page = await context.newPage();
    const tags = tagRequests(page);
    await page.goto(`${siteUrl()}/`);
    await expect.poll(() => tags.length).toBeGreaterThan(0);
    await expect.poll(() => analyticsHits(page).some((hit) => hit.searchParams.get("en") === "page_view")).toBe(true);
    expect(await consentChoice(page).count()).toBe(0);
    await context.close();
  });

  it.each(WIDTHS)("from Germany without JavaScript: the choice is a form that keeps it, and comes back to the page (%i px)", async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false, extraHTTPHeaders: { "CF-IPCountry": "DE" } });
    const page = await context.newPage();
    const tags = tagRequests(page);
    await page.goto(`${siteUrl()}/stores`);
    await consentChoice(page).getByRole("button", { name: "Reject" }).click();
    await page.waitForURL(`${siteUrl()}/stores`);
    expect((await context.cookies()).find((cookie) => cookie.name === "dp_consent")?.value).toBe("denied");
    expect(await consentChoice(page).count()).toBe(0);
    expect(tags).toEqual([]);
    await context.close();
  });
});

/** An offer of the seed that has ended, whose link /goto answers with the ended-offer page. */
async function endedOfferLink(): Promise<string> {
  const query = new URLSearchParams({ filter: 'expires_at != "" && expires_at < @now && cta_url != ""', perPage: "20", fields: "cta_url" });
  const { items } = (await (await fetch(`${inject("pocketbaseUrl")}/api/collections/_zdata_offers/records?${query}`)).json()) as ListResult<{
    cta_url: string;
  }>;
  for (const { cta_url } of items) {
    const path = outboundHref(cta_url);
    const response = await fetch(`${siteUrl()}${path}`, { redirect: "manual", headers: { Referer: `${siteUrl()}/` } });
    await response.body?.cancel();
    if (response.status === 410) return path;
  }
  throw new Error("no ended offer in the seed whose link /goto answers 410");
}

describe("Get Code without JavaScript", () => {
  it.each(WIDTHS)("opens the code's own page, which shows the code and leads to the partner through /goto (%i px)", async (width) => {
    const page = await open("/offers?type=coupon", { javaScriptEnabled: false, viewport: { width, height: 900 } });
    await page
      .locator("main")
      .getByRole("button", { name: /^Get Code/ })
      .first()
      .click();
    await page.waitForURL(/\/offers\/[a-z0-9]+\/code$/);
    const id = new URL(page.url()).pathname.split("/")[2]!;
    const offer = (await (await fetch(`${inject("pocketbaseUrl")}/api/collections/_zdata_offers/records/${id}`)).json()) as Offer;
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(offer.heading);
    expect(await page.getByLabel("Your coupon code").inputValue()).toBe(offer.coupon_code);
    expect(
      await page
        .locator("main")
        .getByRole("link", { name: /^Go to/ })
        .first()
        .getAttribute("href"),
    ).toBe(outboundHref(offer.cta_url!));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.close();
  });
});

describe("the changed screens, light and dark, 390 and 1280 px: axe and the Nu Html Checker", () => {
  let screens: [string, string, Record<string, string>][] = [];
  let dir: string;
  beforeAll(async () => {
    const all = new Map(await everyScreen());
    screens = [
      ["store-page", all.get("store-page")!, {}],
      ["country", all.get("country")!, {}],
      ["offer-code", all.get("offer-code")!, {}],
      ["search-typo", all.get("search-typo")!, {}],
      ["offer-ended", await endedOfferLink(), {}],
      ["home-consent", "/", { "CF-IPCountry": "DE" }],
      ["cookie-policy", "/cookie-policy", { "CF-IPCountry": "DE" }],
    ];
    dir = await mkdtemp(path.join(tmpdir(), "nu-round3-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const width of WIDTHS) {
    for (const colorScheme of SCHEMES) {
      it(`axe finds nothing at ${width} px, ${colorScheme}`, async () => {
        const found: string[] = [];
        for (const [name, path, headers] of screens) {
          const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, extraHTTPHeaders: headers });
          const page = await context.newPage();
          await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
          await expect.poll(() => isHydrated(page)).toBe(true);
          found.push(...(await axeViolations(page)).map((violation) => `${name}: ${violation}`));
          expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(width);
          await context.close();
        }
        expect(found).toEqual([]);
      }, 300_000);
    }
  }

  it("the Nu Html Checker finds no error", async () => {
    const files: string[] = [];
    for (const [name, path, headers] of screens) {
      const file = `${dir}/${name}.html`;
      await writeFile(file, await (await fetch(`${siteUrl()}${path}`, { headers: { Referer: `${siteUrl()}/`, ...headers } })).text());
      files.push(file);
    }
    expect(await nuErrors(files)).toEqual([]);
  }, 120_000);
});
