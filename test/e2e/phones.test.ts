import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHydrated, launchChromium, siteUrl, watchConsole } from "./browser";
import { everyScreen } from "./screens";

/** Issue 37 in Chromium: a section below the fold loads its code and hydrates only when the
 * visitor comes near it; controls work after idle and after scrolling; once the bundle is
 * evaluated, the page's scripts run in short tasks (a trace's thread time); revealing a code
 * and filtering by category respond in time on a CPU slowed 4x (the Event Timing API's
 * durations, as INP counts them). */

const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;
/** What these interactions are held to at 4x: not INP's "poor" (over 500 ms). Issue 37's
 * goal is INP's "good", 200 ms: the reveal's median on this shared host is now 184 ms (112–264
 * over 7 runs) and the tick's about 90, but one host's load moves a throttled page's wall
 * time 2x (docs/performance.md), so this bound guards against regressions and the reveal's
 * design is held apart below. */
const RESPONSE_MS = 500;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A new page as a phone shows it: 390 px wide, touch. */
const phonePage = () => browser.newPage({ viewport: VIEWPORTS[0].viewport, isMobile: true, hasTouch: true });

/** The page's own JavaScript files fetched so far, by name without the hash. */
function scriptsFetched(page: Page): string[] {
  const names: string[] = [];
  page.on("request", (request) => {
    const match = new URL(request.url()).pathname.match(/^\/build\/(.+)-[a-z0-9]+\.js$/);
    if (match?.[1]) names.push(match[1]);
  });
  return names;
}

describe.each(VIEWPORTS)("home on a $name", ({ viewport }) => {
  it("hydrates the sections below the fold when the visitor scrolls near them, their controls then working, with no console errors", async () => {
    const page = await browser.newPage({ viewport });
    const problems = watchConsole(page);
    const scripts = scriptsFetched(page);
    const documents: string[] = [];
    page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
    await page.goto(`${siteUrl()}/`, { waitUntil: "networkidle" });
    await expect.poll(() => isHydrated(page)).toBe(true);
    // After idle: the header's controls answer; the server's HTML of the sections far
    // below stands, and neither their code nor the footer's has been fetched.
    await page.waitForTimeout(1000);
    await page.getByRole("button", { name: /^Theme:/ }).click();
    await expect.poll(() => page.getByRole("button", { name: "Dark" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.locator("#latest-deals .swiper-slide").count()).toBeGreaterThan(0);
    expect(scripts).not.toContain("LatestDeals");
    expect(scripts).not.toContain("SiteFooter");

    // After scrolling: Latest deals' code arrives, and the hydrated section starts its
    // carousel (an effect of its own, which a dehydrated section does not run).
    const carousel = page.locator("#latest-deals .swiper");
    expect(await carousel.evaluate((el) => el.classList.contains("swiper-initialized"))).toBe(false);
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => scripts).toContain("LatestDeals");
    await expect.poll(() => carousel.evaluate((el) => el.classList.contains("swiper-initialized"))).toBe(true);
    // The footer's links navigate in the page once it is hydrated.
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await page.locator('[data-section="site-footer"][data-hydrated]').waitFor();
    expect(scripts).toContain("SiteFooter");
    documents.length = 0;
    await page.getByRole("contentinfo").getByRole("link", { name: "About us" }).click();
    await page.waitForURL(/\/about-us$/);
    expect(documents).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** A trace event, as Chrome's tracing reports it (times in microseconds; `tdur` is the
 * thread's own running time, which another process's load on the machine does not add to). */
interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Events that mean a task ran the page's JavaScript. */
const SCRIPT_EVENTS = new Set(["FunctionCall", "TimerFire", "RunMicrotasks", "EventDispatch", "FireAnimationFrame", "FireIdleCallback", "v8.evaluateModule"]);

/** What running the page's scripts costs the main thread from the evaluation of the bundle
 * until the page is idle, in thread time (ms): that task, and the longest task after it
 * that runs script. */
async function scriptTasks(path: string): Promise<{ evaluation: number; longestAfter: number }> {
  const page = await phonePage();
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // Playwright types the events as string maps; Chrome sends numbers for the times and ids.
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute", transferMode: "ReportEvents" });
  await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
  await expect.poll(() => isHydrated(page)).toBe(true);
  await page.waitForTimeout(1000);
  await cdp.send("Tracing.end");
  await complete;
  await page.close();
  const evaluation = events.find((event) => event.name === "v8.evaluateModule" && (event.dur ?? 0) > 1000);
  if (!evaluation) throw new Error(`${path}: no evaluation of the bundle in the trace`);
  const onMain = events.filter((event) => event.pid === evaluation.pid && event.tid === evaluation.tid && event.dur);
  const within = (outer: TraceEvent, inner: TraceEvent) => inner.ts >= outer.ts && inner.ts + (inner.dur ?? 0) <= outer.ts + (outer.dur ?? 0);
  const tasks = onMain.filter((event) => event.name === "RunTask");
  const evaluationTask = tasks.find((task) => within(task, evaluation));
  if (!evaluationTask) throw new Error(`${path}: the bundle's evaluation ran outside a task`);
  const scripted = onMain.filter((event) => SCRIPT_EVENTS.has(event.name) && event.ts > evaluationTask.ts + (evaluationTask.dur ?? 0));
  const after = tasks.filter((task) => task.ts > evaluationTask.ts && scripted.some((event) => within(task, event)));
  const ms = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;
  return { evaluation: ms(evaluationTask), longestAfter: Math.max(0, ...after.map(ms)) };
}

/** Issue 37: hydration and everything the page's scripts do after the bundle is evaluated
 * run in slices (decisions 016 and 045). The longest such task measured 8–15 ms of thread
 * time at 1x on these pages, and 25–65 ms with hydration outside a transition (one task).
 * The bundle's evaluation (react-dom's, mostly) measured 21–54 ms (docs/performance.md). */
const SCRIPT_TASK_MS = 20;
const EVALUATION_MS = 80;

describe("script tasks on a phone", () => {
  it(`after the bundle is evaluated, no task of the page's scripts runs over ${SCRIPT_TASK_MS} ms of main-thread time (home, a store page, /offers, an article)`, async () => {
    const screens = new Map(await everyScreen());
    const measured: Record<string, { evaluation: number; longestAfter: number }> = {};
    for (const name of ["home", "store-page", "offers", "blog-article"]) measured[name] = await scriptTasks(screens.get(name)!);
    console.log("script tasks, thread ms:", JSON.stringify(measured));
    for (const [name, { evaluation, longestAfter }] of Object.entries(measured)) {
      expect(longestAfter, `${name}: longest script task after the evaluation`).toBeLessThanOrEqual(SCRIPT_TASK_MS);
      expect(evaluation, `${name}: the evaluation task`).toBeLessThanOrEqual(EVALUATION_MS);
    }
  });
});

/** The page's interactions since `start`, each as the longest of its Event Timing entries,
 * as INP counts them (those under the API's 16 ms floor are not reported). */
async function interactionsSince(page: Page, start: number): Promise<{ name: string; duration: number }[]> {
  // Entries arrive with the frame after the interaction: read them a little later.
  await page.waitForTimeout(300);
  return page.evaluate((since) => {
    const longest = new Map<number, { name: string; duration: number }>();
    for (const entry of (window as unknown as { __interactions: PerformanceEventTiming[] }).__interactions) {
      if (entry.interactionId === 0 || entry.startTime < since) continue;
      const known = longest.get(entry.interactionId);
      if (!known || entry.duration > known.duration) longest.set(entry.interactionId, { name: entry.name, duration: entry.duration });
    }
    return [...longest.values()];
  }, start);
}

const slowest = (interactions: { duration: number }[]) => Math.max(0, ...interactions.map((i) => i.duration));

/** A phone's page at 4x CPU slowdown, loaded and hydrated, recording every interaction. */
async function slowPhonePage(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await phonePage();
  const problems = watchConsole(page);
  await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const recorded: PerformanceEntry[] = [];
    (window as unknown as { __interactions: PerformanceEntry[] }).__interactions = recorded;
    new PerformanceObserver((list) => recorded.push(...list.getEntries())).observe({
      type: "event",
      durationThreshold: 16,
      buffered: true,
    } as PerformanceObserverInit);
  });
  await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
  await expect.poll(() => isHydrated(page), { timeout: 20_000 }).toBe(true);
  return { page, problems };
}

const now = (page: Page) => page.evaluate(() => performance.now());

describe("interactions on a phone at 4x CPU slowdown", () => {
  it(`reveals a coupon code within ${RESPONSE_MS} ms, the card asking whether it worked only after the tap's own task`, async () => {
    const { page, problems } = await slowPhonePage("/offers?type=coupon");
    const start = await now(page);
    const reveal = page.getByRole("button", { name: /^Get Code ending in/ }).first();
    const card = page.locator(".offer-card").filter({ has: reveal });
    // The card's "Did this code work?" comes with the reveal, but not in the tap's own task
    // (that render doubled the tap's main-thread time): a message posted when the tap starts
    // is handled right after that task, before any work React deferred.
    await reveal.evaluate((button) => {
      const marks = { afterTap: false, askedInTap: false };
      (window as unknown as { __reveal: typeof marks }).__reveal = marks;
      const card = button.closest(".offer-card");
      if (!card) throw new Error("no offer card around the reveal button");
      new MutationObserver(() => {
        if (!marks.afterTap && card.querySelector(".offer-feedback")) marks.askedInTap = true;
      }).observe(card, { childList: true, subtree: true });
      document.addEventListener(
        "click",
        () => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            marks.afterTap = true;
          };
          channel.port2.postMessage(null);
        },
        { capture: true, once: true },
      );
    });
    await reveal.tap();
    await expect.poll(() => page.getByRole("dialog", { name: "Coupon Code" }).isVisible(), { timeout: 10_000 }).toBe(true);
    const interactions = await interactionsSince(page, start);
    console.log("coupon reveal at 4x:", JSON.stringify(interactions));
    expect(slowest(interactions)).toBeLessThanOrEqual(RESPONSE_MS);
    await expect.poll(() => card.getByText("Did this code work?").isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __reveal: { askedInTap: boolean } }).__reveal.askedInTap)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it(`opens the filters, ticks a category and applies it within ${RESPONSE_MS} ms each`, async () => {
    const { page, problems } = await slowPhonePage("/offers");
    const start = await now(page);
    await page.getByRole("button", { name: "Filters" }).tap();
    const form = page.getByRole("form", { name: "Offer categories" });
    const box = form.getByRole("checkbox").first();
    await expect.poll(() => box.isVisible()).toBe(true);
    await box.tap();
    await expect.poll(() => box.isChecked()).toBe(true);
    await form.getByRole("button", { name: "Show results" }).tap();
    await page.waitForURL(/catID=/, { timeout: 10_000, waitUntil: "commit" });
    const interactions = await interactionsSince(page, start);
    console.log("filters, tick and apply at 4x:", JSON.stringify(interactions));
    expect(slowest(interactions)).toBeLessThanOrEqual(RESPONSE_MS);
    expect(problems).toEqual([]);
    await page.close();
  });
});
