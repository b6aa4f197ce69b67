import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHydrated, launchChromium, siteUrl, watchConsole } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The JSON-LD node types in the live document. */
const jsonLdTypes = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]')).flatMap((s) =>
      (JSON.parse(s.textContent ?? "{}") as { "@graph": { "@type": string }[] })["@graph"].map((n) => n["@type"]),
    ),
  );

/** The address of the first detail page a list links to. */
async function firstDetail(list: string, pattern: RegExp): Promise<string> {
  const page = await browser.newPage();
  await page.goto(`${siteUrl()}${list}`);
  const hrefs = await page.locator("main a").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  await page.close();
  return hrefs.find((href) => pattern.test(href))!;
}

describe("pages from the full-page cache in Chromium", () => {
  const screens = [
    {
      list: "/stores",
      pattern: /^\/stores\/[^/]+\/[a-z0-9]+$/,
      types: ["BreadcrumbList", "Product"],
      ready: (page: Page) => page.getByRole("tab", { name: /^All \(\d+\)$/ }).count(),
    },
    {
      list: "/blog",
      pattern: /^\/blog\/[^/]+\/[a-z0-9]+$/,
      types: ["Article", "BreadcrumbList"],
      ready: (page: Page) => page.locator("section.read-more").count(),
    },
    {
      list: "/advertorials",
      pattern: /^\/advertorials\/[^/]+\/[a-z0-9]+$/,
      types: ["Article"],
      ready: (page: Page) => page.locator("section.read-more").count(),
    },
  ];

  for (const { list, pattern, types, ready } of screens) {
    it(`hydrate a stored ${list} detail page under its fresh CSP nonce, streamed sections and structured data intact`, async () => {
      const path = `${await firstDetail(list, pattern)}?e2e=${Date.now()}`;
      const nonces: string[] = [];
      for (const expected of ["MISS", "HIT"]) {
        const page = await browser.newPage();
        const problems = watchConsole(page);
        const response = await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
        expect(response!.headers()["x-edge-cache"]).toBe(expected);
        nonces.push(/'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"] ?? "")![1]!);
        await expect.poll(() => isHydrated(page)).toBe(true);
        // A section that streams after the shell on the miss, and is in the stored copy on the hit.
        await expect.poll(() => ready(page)).toBe(1);
        expect(await jsonLdTypes(page)).toEqual(expect.arrayContaining(types));
        expect(problems).toEqual([]);
        await page.close();
      }
      expect(nonces[1]).not.toBe(nonces[0]);
    });
  }
});
