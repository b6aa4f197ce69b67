import type { Browser, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { analyticsHits, launchChromium, siteUrl, watchConsole } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Advertorial {
  id: string;
  title: string;
  expand?: { products?: Array<{ cta_trigger: boolean; cta_url: string }> };
}

/** An advertorial showing at least one product whose ping is wanted (cta_trigger not false). */
async function advertorialWithTriggers(): Promise<string> {
  const query = new URLSearchParams({ perPage: "50", expand: "products", sort: "-publish_time,id" });
  const response = await fetch(`${inject("pocketbaseUrl")}/api/collections/_zdata_advertorials/records?${query}`);
  const { items } = (await response.json()) as { items: Advertorial[] };
  const item = items.find((a) => a.expand?.products?.some((p) => p.cta_trigger !== false && p.cta_url))!;
  return `${siteUrl()}/advertorials/${encodeURIComponent(item.title.toLowerCase())}/${item.id}`;
}

interface Seen {
  at: number;
  request: Request;
}

function trackingRequests(page: Page): Seen[] {
  const seen: Seen[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/status/ping" || (url.pathname === "/goto" && url.searchParams.get("wp") === "0")) seen.push({ at: Date.now(), request });
  });
  return seen;
}

const isPing = (s: Seen) => new URL(s.request.url()).pathname === "/api/status/ping";

describe("affiliate ping flow", () => {
  it("posts the ping, then after 1 s calls each product trigger link once with fp", async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    const seen = trackingRequests(page);
    let pingAnsweredAt = 0;
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/api/status/ping") pingAnsweredAt = Date.now();
    });
    await page.goto(await advertorialWithTriggers());
    const expected = await page.locator("[data-ping-url]").evaluateAll((els) => [...new Set(els.map((el) => el.getAttribute("data-ping-url")!))].sort());
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => seen.filter((s) => !isPing(s)).length).toBe(expected.length);

    const pings = seen.filter(isPing);
    expect(pings).toHaveLength(1);
    expect(pings[0]!.request.method()).toBe("POST");
    expect(pings[0]!.request.postDataJSON()).toEqual({ cid: "dp1" });
    const calls = seen.filter((s) => !isPing(s));
    for (const call of calls) expect(call.at - pingAnsweredAt).toBeGreaterThanOrEqual(950);
    const urls = calls.map((c) => new URL(c.request.url()));
    const fps = new Set(urls.map((u) => u.searchParams.get("fp")));
    expect([...fps]).toHaveLength(1);
    expect([...fps][0]).toMatch(/^[0-9a-f]{16}$/);
    expect(
      urls
        .map((u) => {
          u.searchParams.delete("fp");
          return u.pathname + u.search;
        })
        .sort(),
    ).toEqual(expected.map((href) => new URL(href, siteUrl()).pathname + new URL(href, siteUrl()).search).sort());
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("tracking data", () => {
  it("keeps the cookie and localStorage in step, and overwrites only non-empty values", async () => {
    const context = await browser.newContext();
    const host = new URL(siteUrl()).hostname;
    await context.addCookies([{ name: "dp_trk", value: "utm_source=old&utm_medium=cpc", domain: host, path: "/" }]);
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/contact-us?utm_source=news&utm_medium=&gclid=abc`);
    const stored = () => page.evaluate(() => localStorage.getItem("tracking_data"));
    await expect.poll(stored).toBe(JSON.stringify({ utm_source: "news", utm_medium: "cpc", gclid: "abc" }));
    const cookie = (await context.cookies()).find((c) => c.name === "dp_trk");
    expect(cookie?.value).toBe("utm_source=news&utm_medium=cpc&gclid=abc");
    expect(cookie?.sameSite).toBe("Lax");
    await context.close();
  });
});

describe("a visitor who opted out", () => {
  it.each([
    ["the do-not-sell cookie", { cookie: true, gpc: false }],
    ["Global Privacy Control", { cookie: false, gpc: true }],
  ])("under %s makes no ping, no tracking call and loads no analytics", async (_, { cookie, gpc }) => {
    const context = await browser.newContext(gpc ? { extraHTTPHeaders: { "Sec-GPC": "1" } } : {});
    if (gpc) await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }));
    if (cookie) await context.addCookies([{ name: "dp_optout", value: "1", domain: new URL(siteUrl()).hostname, path: "/" }]);
    const page = await context.newPage();
    const seen = trackingRequests(page);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("googletagmanager")) scripts.push(request.url());
    });
    await page.goto(await advertorialWithTriggers(), { waitUntil: "networkidle" });
    expect(await page.locator("[data-ping-url]").count()).toBeGreaterThan(0);
    await page.waitForTimeout(1500);
    expect(seen).toEqual([]);
    expect(scripts).toEqual([]);
    expect(analyticsHits(page)).toEqual([]);
    await context.close();
  });

  it("can opt out and back in with the control on /do-not-sell-or-share", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${siteUrl()}/do-not-sell-or-share`);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "You have not opted out" }).count()).toBe(1);
    await page.getByRole("button", { name: "Do not sell or share my personal information" }).click();
    await page.waitForURL(/choice=opted-out/);
    await expect.poll(() => page.getByRole("status").filter({ hasText: "You have opted out in this browser" }).count()).toBe(1);
    expect((await context.cookies()).find((c) => c.name === "dp_optout")?.value).toBe("1");
    await page.getByRole("button", { name: "Opt back in" }).click();
    await page.waitForURL(/choice=opted-in/);
    expect((await context.cookies()).find((c) => c.name === "dp_optout")).toBeUndefined();
    await context.close();
  });
});
