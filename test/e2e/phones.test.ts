import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHydrated, launchChromium, siteUrl, watchConsole } from "./browser";
import { everyScreen } from "./screens";

/** Issue 37 in Chromium: a section below the fold loads its code and hydrates only when the
 * visitor comes near it; controls work after idle and after scrolling; once the bundle is
 * evaluated, the page's scripts run in short tasks; revealing a code and filtering by
 * category cost the main thread what a 200 ms response at 4x CPU slowdown allows (both in a
 * trace's thread time). */

const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** A new page as a phone shows it: 390 px wide, touch. */
const phonePage = () => browser.newPage({ viewport: VIEWPORTS[0].viewport, isMobile: true, hasTouch: true });

/** Loads `path` in `page` and waits until React has hydrated it. */
async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
  await expect.poll(() => isHydrated(page), { timeout: 20_000 }).toBe(true);
}

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
    await openHydrated(page, "/");
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
 * thread's own running time, which another process's load stretches far less than the wall
 * time, though not to nothing on this shared VM). */
interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string }; beginData?: { url?: string } };
}

const onThreadOf = (of: TraceEvent) => (event: TraceEvent) => event.pid === of.pid && event.tid === of.tid;
const within = (outer: TraceEvent, inner: TraceEvent) => inner.ts >= outer.ts && inner.ts + (inner.dur ?? 0) <= outer.ts + (outer.dur ?? 0);
const threadMs = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;

/** The page's trace events (Chrome's tracing) while `act` runs. */
async function traced(page: Page, act: () => Promise<void>): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // Playwright types the events as string maps; Chrome sends numbers for the times and ids.
  cdp.on("Tracing.dataCollected", ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute", transferMode: "ReportEvents" });
  await act();
  await cdp.send("Tracing.end");
  await complete;
  await cdp.detach();
  return events;
}

/** Events that mean a task ran the page's JavaScript. */
const SCRIPT_EVENTS = new Set(["FunctionCall", "TimerFire", "RunMicrotasks", "EventDispatch", "FireAnimationFrame", "FireIdleCallback", "v8.evaluateModule"]);

interface ScriptTasks {
  evaluation: number;
  longestAfter: number;
  longestHeld: string;
}

/** What running the page's scripts costs the main thread from the evaluation of the bundle
 * until the page is idle, in thread time (ms): that task, and the longest task after it
 * that runs script. */
async function scriptTasks(path: string): Promise<ScriptTasks> {
  const page = await phonePage();
  const events = await traced(page, async () => {
    await openHydrated(page, path);
    await page.waitForTimeout(1000);
  });
  await page.close();
  // The trace holds every renderer's events, Chrome's own pages' too (the omnibox popup,
  // whose module evaluation a loaded host once made the first one over 1 ms): the page's
  // thread is the one that parsed its document.
  const parse = events.find((event) => event.name === "ParseHTML" && event.args?.beginData?.url === new URL(path, siteUrl()).href);
  if (!parse) throw new Error(`${path}: the trace has no parse of the page's document`);
  const onMain = events.filter((event) => onThreadOf(parse)(event) && event.dur);
  const evaluation = onMain.find((event) => event.name === "v8.evaluateModule" && (event.dur ?? 0) > 1000);
  if (!evaluation) throw new Error(`${path}: no evaluation of the bundle in the trace`);
  const tasks = onMain.filter((event) => event.name === "RunTask");
  const evaluationTask = tasks.find((task) => within(task, evaluation));
  if (!evaluationTask) throw new Error(`${path}: the bundle's evaluation ran outside a task`);
  const scripted = onMain.filter((event) => SCRIPT_EVENTS.has(event.name) && event.ts > evaluationTask.ts + (evaluationTask.dur ?? 0));
  const after = tasks.filter((task) => task.ts > evaluationTask.ts && scripted.some((event) => within(task, event)));
  const longest = after.toSorted((a, b) => threadMs(b) - threadMs(a))[0];
  // What the longest task ran, for the failure's message: its script events, longest first.
  const held = longest ? scripted.filter((event) => within(longest, event)).sort((a, b) => threadMs(b) - threadMs(a)) : [];
  return {
    evaluation: threadMs(evaluationTask),
    longestAfter: longest ? threadMs(longest) : 0,
    longestHeld: held
      .slice(0, 3)
      .map((event) => `${event.name} ${threadMs(event).toFixed(1)} ms`)
      .join(", "),
  };
}

/** Issue 37: hydration and everything the page's scripts do after the bundle is evaluated
 * run in slices (decisions 016 and 045). The longest such task measured 8–15 ms of thread
 * time at 1x on these pages, and 25–65 ms with hydration outside a transition (one task).
 * The bundle's evaluation (react-dom's, mostly) measured 21–54 ms (docs/performance.md), and
 * 82 ms once beside a busy neighbour on this shared VM. */
const SCRIPT_TASK_MS = 20;
const EVALUATION_MS = 120;

describe("script tasks on a phone", () => {
  it(`after the bundle is evaluated, no task of the page's scripts runs over ${SCRIPT_TASK_MS} ms of main-thread time (home, a store page, /offers, an article)`, async () => {
    const screens = new Map(await everyScreen());
    const measured: Record<string, ScriptTasks> = {};
    for (const name of ["home", "store-page", "offers", "blog-article"]) measured[name] = await scriptTasks(screens.get(name)!);
    console.log("script tasks, thread ms:", JSON.stringify(measured));
    for (const [name, { evaluation, longestAfter, longestHeld }] of Object.entries(measured)) {
      expect(longestAfter, `${name}: longest script task after the evaluation (${longestHeld})`).toBeLessThanOrEqual(SCRIPT_TASK_MS);
      expect(evaluation, `${name}: the evaluation task`).toBeLessThanOrEqual(EVALUATION_MS);
    }
  });
});

describe("the site's own icons", () => {
  // Chrome makes every SVG image, a data: URL in a stylesheet included, a document of its own
  // on the main thread: about 4 ms each at 1x, a PNG about 1 (docs/performance.md, "Icons as
  // PNG"). The icons, the header's logo and the badges' icons are PNG (scripts/icon-masks.mjs).
  // The demo content's pictures (/api/files) are the editors', not the site's.
  it("load no SVG image from the stylesheet or the build at first view (home, a store page, /offers' coupons, an article; phone and desktop, light and dark)", async () => {
    const screens = new Map(await everyScreen());
    const paths = ["/", screens.get("store-page")!, "/offers?type=coupon", screens.get("blog-article")!];
    const found: string[] = [];
    for (const { viewport } of VIEWPORTS) {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await browser.newPage({ viewport, colorScheme });
        const cdp = await page.context().newCDPSession(page);
        await cdp.send("Network.enable");
        let path = "";
        cdp.on("Network.responseReceived", ({ type, response }) => {
          const own = response.url.startsWith("data:") || response.url.startsWith(`${siteUrl()}/build/`);
          if (type === "Image" && own && response.mimeType === "image/svg+xml")
            found.push(`${path} (${viewport.width} px, ${colorScheme}): ${response.url.slice(0, 120)}`);
        });
        for (path of paths) await page.goto(`${siteUrl()}${path}`, { waitUntil: "networkidle" });
        await page.close();
      }
    }
    expect(found).toEqual([]);
  });
});

/** Events a tap or a key dispatches. */
const INPUT_EVENTS = new Set(["touchstart", "touchend", "pointerdown", "pointerup", "mousedown", "mouseup", "click", "keydown", "keyup"]);

/**
 * What an interaction costs the main thread, in thread time (ms): every task from the first
 * that handles its input to the end of the first that paints after the last, which is the
 * span INP counts (processing, then presentation). `interact` acts and waits for the result.
 */
async function interactionWork(page: Page, interact: () => Promise<void>): Promise<number> {
  const events = await traced(page, async () => {
    await interact();
    // The paint that shows the result comes with a frame after it.
    await page.waitForTimeout(300);
  });
  const inputs = events.filter((event) => event.name === "EventDispatch" && INPUT_EVENTS.has(event.args?.data?.type ?? ""));
  const [first, last] = [inputs[0], inputs.at(-1)];
  if (!first || !last) throw new Error("the interaction dispatched no input event");
  const onMain = events.filter(onThreadOf(first));
  const tasks = onMain.filter((event) => event.name === "RunTask" && event.dur);
  const taskOf = (event: TraceEvent) => tasks.find((task) => within(task, event)) ?? event;
  const [start, lastInput] = [taskOf(first), taskOf(last)];
  const paint = onMain.find((event) => event.name === "Paint" && event.ts > lastInput.ts);
  const end = taskOf(paint ?? lastInput);
  const span = tasks.filter((task) => task.ts >= start.ts && task.ts <= end.ts);
  return span.reduce((sum, task) => sum + threadMs(task), 0);
}

/** Issue 37's goal for a tap, INP's "good" (200 ms) at 4x CPU slowdown, is 50 ms of
 * main-thread time at 1x, scaled as Lighthouse's simulation scales a trace. Measured here:
 * reveal 26–40 ms, opening the filters 24–35, a tick 18–26, applying 26–37, so the goal is
 * met. Thread time, not Event Timing's wall time at 4x, which a loaded host stretches: the
 * same reveal took 184 ms (median of 7, docs/performance.md) and 544 ms in a CI run.
 * This shared VM's thread time still stretched 2x within minutes (the evaluation task above,
 * 42 → 82 ms), so that a noisy neighbour does not fail it, the test holds twice the goal. */
const INTERACTION_GOAL_MS = 50;
const INTERACTION_MS = 2 * INTERACTION_GOAL_MS;

/** A phone's page, loaded and hydrated, with its console watched. */
async function hydratedPhonePage(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await phonePage();
  const problems = watchConsole(page);
  await openHydrated(page, path);
  return { page, problems };
}

describe("interactions on a phone", () => {
  it(`reveals a coupon code within ${INTERACTION_MS} ms of main-thread time, the card asking whether it worked only after the tap's own task`, async () => {
    const { page, problems } = await hydratedPhonePage("/offers?type=coupon");
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
    const work = await interactionWork(page, async () => {
      await reveal.tap();
      await page.getByRole("dialog", { name: "Coupon Code" }).waitFor();
    });
    console.log(`coupon reveal, main-thread ms (goal ${INTERACTION_GOAL_MS}):`, work.toFixed(1));
    expect(work).toBeLessThanOrEqual(INTERACTION_MS);
    await expect.poll(() => card.getByText("Did this code work?").isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __reveal: { askedInTap: boolean } }).__reveal.askedInTap)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it(`opens the filters, ticks a category and applies it within ${INTERACTION_MS} ms of main-thread time each`, async () => {
    const { page, problems } = await hydratedPhonePage("/offers");
    const form = page.getByRole("form", { name: "Offer categories" });
    const box = form.getByRole("checkbox").first();
    const work = {
      open: await interactionWork(page, async () => {
        await page.getByRole("button", { name: "Filters" }).tap();
        await expect.poll(() => box.isVisible()).toBe(true);
      }),
      tick: await interactionWork(page, async () => {
        await box.tap();
        await expect.poll(() => box.isChecked()).toBe(true);
      }),
      apply: await interactionWork(page, async () => {
        await form.getByRole("button", { name: "Show results" }).tap();
        await page.waitForURL(/catID=/, { timeout: 10_000, waitUntil: "commit" });
      }),
    };
    console.log(`filters, main-thread ms (goal ${INTERACTION_GOAL_MS}):`, JSON.stringify(work));
    for (const [step, ms] of Object.entries(work)) expect(ms, step).toBeLessThanOrEqual(INTERACTION_MS);
    expect(problems).toEqual([]);
    await page.close();
  });
});
