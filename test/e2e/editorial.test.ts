import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchChromium, siteUrl, watchConsole } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Item {
  id: string;
  title: string;
  summary: string;
  stores: string[];
  show_overview: boolean;
  products: string[];
}

/** Published records straight from PocketBase, newest first, as the pages order them. */
async function records(collection: string, filter = ""): Promise<Item[]> {
  const query = new URLSearchParams({ perPage: "100", sort: "-publish_time,id" });
  if (filter) query.set("filter", filter);
  const response = await fetch(`${inject("pocketbaseUrl")}/api/collections/${collection}/records?${query}`);
  return ((await response.json()) as { items: Item[] }).items;
}

const detail = (kind: string, item: Item) => `${siteUrl()}/${kind}/${encodeURIComponent(item.title.toLowerCase())}/${item.id}`;

/** Ids of the list on the page, hero first. */
const listedIds = (page: Page) =>
  page
    .locator("main")
    .evaluate((main) =>
      Array.from(main.querySelectorAll<HTMLAnchorElement>("section[aria-labelledby^='hero-'] a.btn, article.card a.stretched-link"), (a) =>
        a.pathname.split("/").pop(),
      ),
    );

const newestWithOverview = async () => (await records("_zdata_advertorials", "show_overview = true")).find((a) => a.products.length > 4)!;

describe("article lists", () => {
  it("filter by category pill without reloading or jumping, and 'All' brings the full list back", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/blog`, { waitUntil: "networkidle" });
    const all = (await records("_zdata_articles")).slice(0, 10).map((a) => a.id);
    expect(await listedIds(page)).toEqual(all);

    const pills = page.getByRole("navigation", { name: "Filter by category" });
    const vpn = pills.getByRole("link", { name: "VPN", exact: true });
    const vpnId = new URL((await vpn.getAttribute("href"))!, siteUrl()).searchParams.get("id")!;
    const expected = (await records("_zdata_articles", `categories.id ?= "${vpnId}"`)).slice(0, 10).map((a) => a.id);
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await vpn.click();
    await page.waitForURL(`${siteUrl()}/blog?id=${vpnId}`);
    await expect.poll(() => listedIds(page)).toEqual(expected);
    expect(await vpn.getAttribute("aria-current")).toBe("page");
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(120);

    await pills.getByRole("link", { name: "All", exact: true }).click();
    await page.waitForURL(`${siteUrl()}/blog`);
    await expect.poll(() => listedIds(page)).toEqual(all);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("restore the scroll position when the reader comes back from an article", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 700 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/advertorials`, { waitUntil: "networkidle" });
    const last = page.locator("main article.card a.stretched-link").last();
    await last.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(500);
    await last.click();
    await page.waitForURL(/\/advertorials\/[^/]+\/[a-z0-9]{15}$/);
    await expect.poll(() => page.locator("h1").count()).toBe(1);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${siteUrl()}/advertorials`);
    await expect.poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before) < 5).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("advertorial page", () => {
  it("on a small screen cuts the summary to 20 words with 'show more' / 'show less'", async () => {
    const advertorial = await newestWithOverview();
    const words = advertorial.summary
      .replace(/<[^>]+>/g, " ")
      .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
      .replace(/&amp;/g, "&")
      .split(/\s+/)
      .filter(Boolean);
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems = watchConsole(page);
    await page.goto(detail("advertorials", advertorial), { waitUntil: "networkidle" });
    const summary = page.locator(".advertorial-summary .d-md-none");
    const toggle = summary.getByRole("button");
    const text = async () =>
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator.innerText(), the rendered text a visitor reads, whitespace as laid out
      (await summary.locator(`#${await toggle.getAttribute("aria-controls")}`.replace(/:/g, "\\:")).innerText()).replace(/\s+/g, " ").trim();
    expect(await toggle.textContent()).toBe("show more");
    expect(await text()).toBe(`${words.slice(0, 20).join(" ")}...`);
    await toggle.click();
    expect(await toggle.textContent()).toBe("show less");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await text()).toBe(words.join(" "));
    await toggle.click();
    expect(await toggle.textContent()).toBe("show more");
    expect(await text()).toBe(`${words.slice(0, 20).join(" ")}...`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("on a wide screen shows the whole summary and no toggle", async () => {
    const advertorial = await newestWithOverview();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(detail("advertorials", advertorial), { waitUntil: "networkidle" });
    expect(await page.locator(".advertorial-summary").getByRole("button").isVisible()).toBe(false);
    expect(await page.locator(".advertorial-summary .d-md-block").isVisible()).toBe(true);
    await page.close();
  });

  it("opens and closes the rest of the Quick Overview with 'See More' / 'Show Less'", async () => {
    const advertorial = await newestWithOverview();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(detail("advertorials", advertorial), { waitUntil: "networkidle" });
    const box = page.getByRole("region", { name: "Quick Overview" });
    const names = box.locator("a.fw-semibold");
    const visibleCount = () => names.evaluateAll((links) => links.filter((a) => a.checkVisibility()).length);
    expect(await visibleCount()).toBe(4);
    const toggle = box.locator("summary");
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator.innerText(), the label CSS shows (the other one is display: none)
    expect(await toggle.innerText()).toBe("See More");
    await toggle.click();
    await expect.poll(visibleCount).toBe(advertorial.products.length);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator.innerText(), the label CSS shows (the other one is display: none)
    expect(await toggle.innerText()).toBe("Show Less");
    await toggle.press("Enter");
    await expect.poll(visibleCount).toBe(4);
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's locator.innerText(), the label CSS shows (the other one is display: none)
    expect(await toggle.innerText()).toBe("See More");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends the browser to /not-found when the advertorial cannot be read on a client navigation", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${siteUrl()}/advertorials`, { waitUntil: "networkidle" });
    await page.route("**/api/collections/_zdata_advertorials/records/*", (route) => route.abort());
    await page.locator("main article.card a.stretched-link").first().click();
    await page.waitForURL(`${siteUrl()}/not-found`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Page not found");
    await page.close();
  });
});

describe("blog article", () => {
  it("copies a code block and reads 'Copied' for 3 seconds", async () => {
    const [article] = await records("_zdata_articles");
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });
    const problems = watchConsole(page);
    await page.goto(detail("blog", article!), { waitUntil: "networkidle" });
    const block = page.locator("figure.code-block").first();
    const button = block.getByRole("button");
    expect(await button.textContent()).toBe("Copy");
    await button.click();
    // The label changes once the clipboard write resolves, which may be after the click returns.
    await expect.poll(() => button.textContent(), { timeout: 1_000, interval: 10 }).toBe("Copied");
    const copiedAt = Date.now();
    expect(await page.getByRole("status").filter({ hasText: "Copied to clipboard" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await block.locator("code").textContent());
    await page.waitForTimeout(2_500);
    expect(await button.textContent()).toBe("Copied");
    await expect.poll(() => button.textContent(), { timeout: 3_000, interval: 50 }).toBe("Copy");
    const shownFor = Date.now() - copiedAt;
    expect(shownFor).toBeGreaterThanOrEqual(2_900);
    expect(shownFor).toBeLessThan(4_000);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("comparison page", () => {
  it("keeps the skeleton when the comparison cannot be read on a client navigation", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchConsole(page);
    await page.goto(`${siteUrl()}/comparisions`, { waitUntil: "networkidle" });
    await page.route("**/api/collections/_zdata_comparisons/records/*", (route) => route.abort());
    await page.locator("main article.card a.stretched-link").first().click();
    await page.waitForURL(/\/comparisions\/[^/]+\/[a-z0-9]{15}$/);
    await expect.poll(() => page.locator('main[aria-busy="true"]').count()).toBe(1);
    expect(await page.getByRole("status").filter({ hasText: "This comparison could not be loaded just now." }).count()).toBe(1);
    expect(await page.locator("h1").count()).toBe(0);
    // The spec's warning, nothing else.
    expect(problems.filter((p) => !p.includes("Failed to load resource"))).toEqual([expect.stringContaining("comparison read failed")]);
    await page.close();
  });
});

describe("editorial pages", () => {
  it("load, hydrate and navigate without console errors", async () => {
    const [article] = await records("_zdata_articles");
    const [comparison] = await records("_zdata_comparisons");
    const advertorial = await newestWithOverview();
    for (const [kind, item] of [
      ["blog", article!],
      ["comparisions", comparison!],
      ["advertorials", advertorial],
    ] as const) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const problems = watchConsole(page);
      await page.goto(`${siteUrl()}/${kind}`, { waitUntil: "networkidle" });
      await page.locator(`main a[href$="/${item.id}"]`).first().click();
      await page.waitForURL(detail(kind, item));
      await expect.poll(() => page.locator("h1").textContent()).toBe(item.title);
      await page.goto(detail(kind, item), { waitUntil: "networkidle" });
      expect(await page.locator("h1").textContent()).toBe(item.title);
      expect(problems, kind).toEqual([]);
      await page.close();
    }
  });
});
