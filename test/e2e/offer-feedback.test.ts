import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ListResult, Offer, Store } from "../../src/data/types";
import { isHydrated, launchChromium, siteUrl, VISITOR_USER_AGENT, watchConsole } from "./browser";

/** Issues 15 and 34 in Chromium: the card's labels, "Did it work?" with and without
 * JavaScript, once per visitor (in the code dialog too), and the closed "Expired coupons"
 * section, on a phone and on a desktop. */

const LIVE = '(starts_at = "" || starts_at <= @now) && (expires_at = "" || expires_at > @now)';
const VIEWPORTS = [
  { name: "phone", viewport: { width: 390, height: 844 } },
  { name: "desktop", viewport: { width: 1280, height: 900 } },
] as const;

let browser: Browser;
let store: Store;
let deal: Offer;
let coupon: Offer;

async function pocketbase<T>(path: string): Promise<T> {
  return (await (await fetch(`${inject("pocketbaseUrl")}${path}`)).json()) as T;
}

async function counters(id: string): Promise<{ worked_count: number; failed_count: number }> {
  return pocketbase(`/api/collections/_zdata_offers/records/${id}?fields=worked_count,failed_count`);
}

beforeAll(async () => {
  browser = await launchChromium();
  // A store with a live deal, a live coupon with a code and an offer expired lately.
  const expired = await pocketbase<ListResult<Offer>>(
    `/api/collections/_zdata_offers/records?perPage=200&sort=store&fields=store&filter=${encodeURIComponent('expires_at != "" && expires_at <= @now')}`,
  );
  for (const storeId of new Set(expired.items.map((o) => o.store))) {
    const live = await pocketbase<ListResult<Offer>>(
      `/api/collections/_zdata_offers/records?perPage=30&filter=${encodeURIComponent(`store = "${storeId}" && ${LIVE}`)}`,
    );
    const liveDeals = live.items.filter((o) => o.type === "deal");
    const liveCoupon = live.items.find((o) => o.type === "coupon" && o.coupon_code);
    if (liveDeals.length && liveCoupon) {
      store = await pocketbase<Store>(`/api/collections/_zdata_stores/records/${storeId}`);
      deal = liveDeals[0]!;
      coupon = liveCoupon;
      break;
    }
  }
  expect(store).toBeDefined();
});
afterAll(async () => {
  await browser?.close();
});

const storeUrl = () => `${siteUrl()}/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`;
const card = (page: Page, offer: Offer) =>
  page
    .locator("article.offer-card")
    .filter({ has: page.getByRole("heading", { name: offer.heading, exact: true }) })
    .first();

async function open(viewport: { width: number; height: number }, javaScriptEnabled = true) {
  const page = await browser.newPage({ viewport, javaScriptEnabled, userAgent: VISITOR_USER_AGENT });
  const problems = watchConsole(page);
  await page.goto(storeUrl(), { waitUntil: "networkidle" });
  if (javaScriptEnabled) await expect.poll(() => isHydrated(page)).toBe(true);
  return { page, problems };
}

/** Uses a deal as a visitor does (its button opens the partner in a new tab; "Go To Website"
 * does not count as using it): the card then asks
 * whether it worked (issue 51: never before use). */
async function useDeal(page: Page, offer: Offer, asked: "asked" | "answered" = "asked") {
  // The card's call to action (a label never promises a coupon on a deal, issue 51).
  const name = /coupon|code/i.test(offer.cta_label) ? "Get Deal" : offer.cta_label;
  const button = card(page, offer).getByRole("link", { name, exact: true });
  const [partner] = await Promise.all([page.waitForEvent("popup"), button.click()]);
  await partner.close();
  const form = card(page, offer).locator("form.offer-feedback");
  if (asked === "asked") await expect.poll(() => form.count()).toBe(1);
  return form;
}

describe.each(VIEWPORTS)("offers on the store page ($name)", ({ viewport }) => {
  it("keeps each card's Yes and No on one line together", async () => {
    const { page, problems } = await open(viewport);
    expect(await page.locator("form.offer-feedback").count()).toBe(0);
    await useDeal(page, deal);
    const forms = page.locator("form.offer-feedback");
    for (const form of await forms.all()) {
      const [yes, no] = await Promise.all([form.getByRole("button", { name: "Yes" }).boundingBox(), form.getByRole("button", { name: "No" }).boundingBox()]);
      expect(Math.abs(yes!.y - no!.y)).toBeLessThan(2);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it("votes with JavaScript: the tally updates in place, and a second vote from the same browser is not counted", async () => {
    const { page, problems } = await open(viewport);
    const before = await counters(deal.id);
    const form = await useDeal(page, deal);
    await form.scrollIntoViewIfNeeded();
    expect(await form.getByText("Did this deal work?").isVisible()).toBe(true);
    await form.getByRole("button", { name: "Yes" }).click();
    const status = form.getByRole("status");
    await expect.poll(() => status.textContent()).toMatch(/^Thanks for letting us know!/);
    expect(page.url()).toBe(storeUrl());
    const after = { ...before, worked_count: before.worked_count + 1 };
    expect(await counters(deal.id)).toEqual(after);
    // After a reload: the tally counts the vote (the page's cached copy was dropped), and the
    // card says the visitor has voted instead of asking again (issue 34).
    // (Within the publishing latency: the content version is checked every 2 s.)
    const votes = after.worked_count + after.failed_count;
    const tally = `${Math.round((after.worked_count / votes) * 100)}% worked · ${votes} votes`;
    await expect
      .poll(
        async () => {
          await page.reload({ waitUntil: "networkidle" });
          return votes < 3 || ((await card(page, deal).textContent()) ?? "").includes(tally);
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true);
    await expect.poll(() => isHydrated(page)).toBe(true);
    // Used again, the card says the visitor has voted instead of asking again.
    await useDeal(page, deal, "answered");
    await expect.poll(() => card(page, deal).getByText("You have told us whether this deal worked. Thanks!").isVisible()).toBe(true);
    expect(await card(page, deal).getByRole("button", { name: "Yes" }).count()).toBe(0);
    // Nothing in the card runs past a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("votes without JavaScript on the code's own page: the form post comes back to that page and is counted", async () => {
    // Without JavaScript "Get Code" opens /offers/{id}/code (issue 51), which asks whether it worked.
    const page = await browser.newPage({ viewport, javaScriptEnabled: false, userAgent: VISITOR_USER_AGENT });
    const codeUrl = `${siteUrl()}/offers/${coupon.id}/code`;
    await page.goto(codeUrl);
    const before = await counters(coupon.id);
    await page.locator("form.offer-feedback").getByRole("button", { name: "No" }).click();
    await page.waitForLoadState("load");
    expect(new URL(page.url()).pathname).toBe(`/offers/${coupon.id}/code`);
    expect(await counters(coupon.id)).toEqual({ ...before, failed_count: before.failed_count + 1 });
    await page.close();
  });

  it("asks about a coupon's code once it has been revealed, and shows the expired offers only on request", async () => {
    const { page, problems } = await open(viewport);
    const couponCard = card(page, coupon);
    expect(await couponCard.getByText("Did this code work?").count()).toBe(0);
    await couponCard.getByRole("button", { name: /^Get Code/ }).click();
    const dialog = page.getByRole("dialog", { name: "Coupon Code" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    // The dialog asks once the code is copied; the card once the dialog has shown the code.
    expect(await dialog.getByText("Did this code work?").count()).toBe(0);
    await dialog.getByRole("button", { name: "Copy code" }).click();
    await expect.poll(() => dialog.getByText("Did this code work?").isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => couponCard.getByText("Did this code work?").isVisible()).toBe(true);
    // One vote answers both: the card, asked in the dialog, says so.
    await couponCard.getByRole("button", { name: /^Get Code/ }).click();
    await dialog.getByRole("button", { name: "Copy code" }).click();
    await dialog.getByRole("button", { name: "Yes" }).click();
    await expect.poll(() => dialog.locator("form.offer-feedback").getByRole("status").textContent()).toMatch(/^Thanks for letting us know!/);
    await page.keyboard.press("Escape");
    await expect.poll(() => couponCard.getByText("You have told us whether this code worked. Thanks!").isVisible()).toBe(true);

    const expired = page.locator("details").filter({ has: page.getByRole("heading", { name: /^Expired coupons/ }) });
    await expired.scrollIntoViewIfNeeded();
    expect(await expired.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await expired.locator("li").first().isVisible()).toBe(false);
    await expired.locator("summary").click();
    expect(await expired.locator("li").first().isVisible()).toBe(true);
    expect(await expired.locator("a, button").count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
