import axe from "axe-core";
import type { AxeResults } from "axe-core";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { HYDRATED_ATTRIBUTE } from "../../src/app/layout/page-shown";

declare module "vitest" {
  export interface ProvidedContext {
    siteUrl: string;
    pocketbaseUrl: string;
    pocketbaseSuperuser: { email: string; password: string };
    /** The local mail catcher's web inbox and REST API (maildev), and the Cron Trigger's local address. */
    mailUrl: string;
    cronUrl: string;
  }
}

export const siteUrl = () => inject("siteUrl");

/**
 * A visitor's browser as the Worker sees it: headless Chromium names itself "HeadlessChrome",
 * which the Worker takes for a bot, so its clicks and visits are stored but never counted.
 */
export const VISITOR_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A token of the stack's PocketBase superuser, for tests that edit content as an editor would. */
export async function superuserToken(): Promise<string> {
  const { email, password } = inject("pocketbaseSuperuser");
  const auth = await fetch(`${inject("pocketbaseUrl")}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: email, password }),
  });
  return ((await auth.json()) as { token: string }).token;
}

/**
 * Fills the site's sign-in form the page shows as the account (a marketer or an editor: the
 * site refuses superusers, issue 47) and waits until it has led on to `landing`.
 */
export async function signInOnSite(page: Page, account: { email: string; password: string }, landing: string): Promise<void> {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The address is what says the sign-in worked; the page behind it may still be loading.
  await page.waitForURL((url) => url.pathname === landing, { waitUntil: "commit" });
}

/**
 * Stand-in for gtag.js (the machine has no Internet): it reads the data layer as the real
 * script does and reports each event as a request to Google Analytics' collect endpoint,
 * which the tests intercept and record.
 */
const GTAG_STUB = `(function(){var dl=window.dataLayer=window.dataLayer||[];function handle(a){if(a&&a[0]==="event"){fetch("https://www.google-analytics.com/g/collect?en="+encodeURIComponent(a[1])+"&dp="+encodeURIComponent((a[2]&&a[2].page_path)||"")+"&dt="+encodeURIComponent((a[2]&&a[2].page_title)||""),{mode:"no-cors"})}}for(var i=0;i<dl.length;i++)handle(dl[i]);var push=dl.push.bind(dl);dl.push=function(a){handle(a);return push(a)}})();`;

const hitsByContext = new WeakMap<BrowserContext, URL[]>();

/** Analytics events the page's browser context has sent, in order. */
export function analyticsHits(page: Page): URL[] {
  return hitsByContext.get(page.context()) ?? [];
}

async function withAnalyticsStub(context: BrowserContext): Promise<BrowserContext> {
  const hits: URL[] = [];
  hitsByContext.set(context, hits);
  await context.route("https://www.googletagmanager.com/gtag/js**", (route) => route.fulfill({ contentType: "text/javascript", body: GTAG_STUB }));
  await context.route("https://www.google-analytics.com/**", (route) => {
    hits.push(new URL(route.request().url()));
    return route.fulfill({ status: 204 });
  });
  return context;
}

/** Debian's Chromium, with the flags this machine needs (no sandbox as root, no background
 * network). Every context and page it makes has the analytics stand-in installed. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options?: BrowserContextOptions) => withAnalyticsStub(await newContext(options));
  browser.newPage = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once("close", () => {
      context.close().catch(() => undefined);
    });
    return page;
  };
  return browser;
}

/** Collects console errors and warnings and uncaught page errors for a page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Scrolls to every shown carousel in turn until Swiper has started on it (carousels start
 * only near the viewport, docs/decisions/017, in sections that hydrate there too, 045),
 * then back to the top. */
export async function startCarousels(page: Page): Promise<void> {
  for (const carousel of await page.locator(".swiper:visible").all()) {
    await carousel.scrollIntoViewIfNeeded();
    await expect.poll(() => carousel.evaluate((el) => el.classList.contains("swiper-initialized")), { timeout: 10_000 }).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Whether React has hydrated the page (the layout marks <html> in its first effect). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate((attribute) => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE);
}

/** The rules every page is held to: WCAG 2.0 / 2.1 / 2.2 A and AA, and axe's best practices. */
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/** axe-core's violations on the page, one line each: rule, impact, what it asks, and the first offending elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through DevTools, so the page's Content-Security-Policy does not apply.
  await page.evaluate(axe.source);
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: "tag", values: tags } }),
    WCAG_22_AA,
  );
  return (results as AxeResults).violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} element(s): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}
