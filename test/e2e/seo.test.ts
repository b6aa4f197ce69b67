import type { Browser } from "playwright-core";
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
const jsonLdTypes = (page: import("playwright-core").Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('script[type="application/ld+json"]')).flatMap((s) => (JSON.parse(s.textContent ?? "{}") as { "@graph": { "@type": string }[] })["@graph"].map((n) => n["@type"])),
  );

describe("pages from the full-page cache in Chromium", () => {
  it("hydrate a stored store page under its fresh CSP nonce, streamed sections and structured data intact", async () => {
    const lister = await browser.newPage();
    await lister.goto(`${siteUrl()}/stores`);
    const href = await lister.locator("article a").first().getAttribute("href");
    await lister.close();
    const path = `${href}?e2e=${Date.now()}`;

    const nonces: string[] = [];
    for (const expected of ["MISS", "HIT"]) {
      const page = await browser.newPage();
      const problems = watchConsole(page);
      const response = await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
      expect(response!.headers()["x-edge-cache"]).toBe(expected);
      nonces.push(/'nonce-([^']+)'/.exec(response!.headers()["content-security-policy"] ?? "")![1]!);
      await expect.poll(() => isHydrated(page)).toBe(true);
      // The offers section streamed after the shell on the miss; on the hit it is in the stored copy.
      await expect.poll(() => page.getByRole("tab", { name: /^All \(\d+\)$/ }).count()).toBe(1);
      expect((await jsonLdTypes(page)).sort()).toEqual(["BreadcrumbList", "Product"]);
      expect(problems).toEqual([]);
      await page.close();
    }
    expect(nonces[1]).not.toBe(nonces[0]);
  });
});
