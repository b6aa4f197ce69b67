import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ListResult, StoreFilter } from "../../src/data/types";
import { launchChromium, siteUrl, watchConsole, isHydrated } from "./browser";

let browser: Browser;
let filters: StoreFilter[];

beforeAll(async () => {
  browser = await launchChromium();
  const response = await fetch(`${inject("pocketbaseUrl")}/api/collections/_zsec_store_filters/records?perPage=200&sort=title`);
  filters = ((await response.json()) as ListResult<StoreFilter>).items;
});
afterAll(async () => {
  await browser?.close();
});

const byTitle = (title: string) => filters.find((f) => f.title === title)!;
const form = (page: Page) => page.getByRole("form", { name: "Store categories" });
const box = (page: Page, title: string) => form(page).getByRole("checkbox", { name: `${title} (${byTitle(title).total})`, exact: true });
const selection = (page: Page) => new URL(page.url()).searchParams.getAll("catID");
const checkedIds = (page: Page) =>
  form(page)
    .locator('input[type="checkbox"]:checked')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
const heading = (page: Page) => page.locator("h1").textContent();
const hydrated = (page: Page) => expect.poll(() => isHydrated(page)).toBe(true);

describe("stores list category filter", () => {
  it("navigates on each tick with every selected catID, refetches the list, and keeps boxes and address in sync on back/forward", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(request.url());
    });
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await hydrated(page);
    documents.length = 0;
    const [vpn, finance] = [byTitle("VPN"), byTitle("Finance")];

    await box(page, "VPN").check();
    await page.waitForURL(`**/stores?catID=${vpn.id}`);
    await expect.poll(() => heading(page)).toBe("All VPN Stores");
    expect(await page.title()).toBe("All VPN Stores | DealPilot");
    expect(await page.locator("main article.card").count()).toBe(vpn.total);

    await box(page, "Finance").check();
    await page.waitForURL(`**/stores?catID=${vpn.id}&catID=${finance.id}`);
    await expect.poll(() => heading(page)).toBe("All Finance, VPN Stores");
    expect(await checkedIds(page)).toEqual([finance.id, vpn.id]);

    await box(page, "VPN").uncheck();
    await page.waitForURL(`**/stores?catID=${finance.id}`);
    await expect.poll(() => heading(page)).toBe("All Finance Stores");

    await page.goBack();
    await expect.poll(() => selection(page)).toEqual([vpn.id, finance.id]);
    await expect.poll(() => checkedIds(page)).toEqual([finance.id, vpn.id]);
    await expect.poll(() => heading(page)).toBe("All Finance, VPN Stores");
    await page.goBack();
    await expect.poll(() => checkedIds(page)).toEqual([vpn.id]);
    await expect.poll(() => heading(page)).toBe("All VPN Stores");
    await page.goBack();
    await expect.poll(() => checkedIds(page)).toEqual([]);
    await expect.poll(() => heading(page)).toBe("All Popular Stores");
    await page.goForward();
    await expect.poll(() => checkedIds(page)).toEqual([vpn.id]);
    await expect.poll(() => heading(page)).toBe("All VPN Stores");

    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("narrows the checkbox list as you type in the search box", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await hydrated(page);
    const visibleLabels = () => form(page).locator(".form-check:visible label").allTextContents();
    expect(await visibleLabels()).toHaveLength(filters.length);
    const search = form(page).getByRole("searchbox", { name: "Search categories" });
    expect(await search.getAttribute("placeholder")).toBe("Search");
    await search.pressSequentially("in");
    const expected = filters.filter((f) => f.title.toLowerCase().includes("in")).map((f) => `${f.title} (${f.total})`);
    await expect.poll(visibleLabels).toEqual(expected);
    expect(expected.length).toBeLessThan(filters.length);
    await search.pressSequentially("zzz");
    await expect.poll(visibleLabels).toEqual([]);
    expect(await form(page).textContent()).toContain("No category matches.");
    await search.fill("");
    await expect.poll(visibleLabels).toHaveLength(filters.length);
    // The list box keeps its height whatever the search shows.
    expect(
      await form(page)
        .locator(".overflow-auto")
        .evaluate((el) => el.getBoundingClientRect().height),
    ).toBe(215);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens as an offcanvas panel under the large breakpoint, with focus kept inside and Escape to close", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/stores`, { waitUntil: "networkidle" });
    await hydrated(page);
    const toggle = page.getByRole("button", { name: "Filters", exact: true });
    expect(await form(page).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => form(page).isVisible()).toBe(true);
    const panel = page.getByRole("dialog", { name: "Filters" });
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect.poll(() => form(page).isVisible()).toBe(false);
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    // Several ticks, then one 'Show results': the panel stays open and the list stays put until then.
    await toggle.click();
    await box(page, "VPN").check();
    await box(page, "Antivirus").check();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${siteUrl()}/stores`);
    expect(await form(page).isVisible()).toBe(true);
    expect(await checkedIds(page)).toEqual([byTitle("Antivirus").id, byTitle("VPN").id]);
    // The list fills the panel instead of a 215 px box above an empty panel.
    const list = (await form(page).locator(".overflow-auto").boundingBox())!;
    expect(list.height).toBeGreaterThan(800 - 17 * 16 - 2);
    await panel.getByRole("button", { name: "Show results" }).click();
    await page.waitForURL(`**/stores?catID=${byTitle("VPN").id}&catID=${byTitle("Antivirus").id}`);
    await expect.poll(() => heading(page)).toBe("All Antivirus, VPN Stores");
    await expect.poll(() => form(page).isVisible()).toBe(false);
    // The button says the list is filtered, and by how many.
    expect(await page.getByRole("button", { name: "Filters (2 on)" }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const path of ["/stores", "/offers"]) {
    it(`puts the Filters button before the list on phones (${path}, 390 px)`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
      await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
      const toggle = page.getByRole("button", { name: "Filters", exact: true });
      const firstCard = page.locator("main article").first();
      const [button, card] = [await toggle.boundingBox(), await firstCard.boundingBox()];
      expect(button!.y + button!.height).toBeLessThanOrEqual(card!.y);
      // Within the first screen.
      expect(button!.y).toBeLessThan(800);
      await page.close();
    });
  }

  it("works without JavaScript: the sidebar is a GET form", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/stores`);
    await box(page, "VPN").check();
    await box(page, "Antivirus").check();
    await form(page).getByRole("button", { name: "Apply filters" }).click();
    await page.waitForURL(/catID=/);
    expect(selection(page)).toEqual([byTitle("Antivirus").id, byTitle("VPN").id]);
    expect(await heading(page)).toBe("All Antivirus, VPN Stores");
    expect(await checkedIds(page)).toEqual([byTitle("Antivirus").id, byTitle("VPN").id]);
    await context.close();
  });
});
