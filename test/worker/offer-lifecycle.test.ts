import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListResult, Offer, Store } from "../../src/data/types";
import app from "../../src/worker";
import { htmlText, isLiveNow, LIVE, pocketbase, pocketbaseWriter, sleep, superuserToken, testEnv, visit } from "./helpers";

/**
 * Issue 15: the live rule on every screen that lists offers, the store page's closed
 * "Expired coupons" section, and freshness bounded by the offers' start and expiry instants.
 */

const DAY = 86_400_000;
const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const main = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
const storePath = (store: Pick<Store, "id" | "title">) => `/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`;
/** The store page's live offers (its tab panel), without the closed "Expired coupons" list. */
const livePanel = (html: string) => html.slice(html.indexOf('id="store-offers-panel"'), html.indexOf("</section>", html.indexOf('id="store-offers-panel"')));
const tabLabels = (html: string) => [...html.matchAll(/role="tab"[^>]*>([^<]+)<\/button>/g)].map((m) => m[1]!);

/** Crawlers get the whole document at once (visitors get deferred sections streamed after it). */
const CRAWLER = { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } };

/** The Worker's read cache is fresh for 2 s here (vitest.worker.config.ts), then stale while
 * one background read runs: a page is visited once to start that read, then for real. */
async function settledVisit(path: string): Promise<string> {
  await (await visit(path, CRAWLER)).text();
  await sleep(400);
  return (await visit(path, CRAWLER)).text();
}

const writer = await pocketbaseWriter();
const marker = `Lifecycle${crypto.randomUUID().slice(0, 6)}`;
let store: Store;
let ownStore: Store;
const created: Record<"live" | "expired" | "upcoming" | "expiredLongAgo", Offer> = {} as never;

beforeAll(async () => {
  store = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=1&sort=title")).items[0]!;
  ownStore = await writer.create<Store>("_zdata_stores", {
    title: `${marker} Store`,
    subheading: "Lifecycle test store",
    website: "https://lifecycle.example/",
  });
  const now = Date.now();
  // Featured deals clicked more than any seeded offer: every home section and list would
  // put them first if it let them through.
  const deal = (heading: string, dates: Record<string, unknown>, storeId = ownStore.id) =>
    writer.create<Offer>("_zdata_offers", {
      heading,
      subheading: "lifecycle",
      type: "deal",
      is_featured: true,
      click_count: 900_000_000,
      cta_label: "Get Deal",
      cta_url: "https://lifecycle.example/deal",
      store: storeId,
      ...dates,
    });
  created.live = await deal(`${marker} live`, {
    starts_at: pbDate(now - DAY),
    expires_at: pbDate(now + 3 * DAY),
    verified_at: pbDate(now - DAY),
    worked_count: 20,
    failed_count: 3,
  });
  // Two counted clicks out in the last day ("Used 2 times today"), and a repeat that does not count.
  for (const counted of [true, true, false]) {
    await writer.create("outbound_events", {
      click_id: crypto.randomUUID(),
      kind: "click",
      target_host: "lifecycle.example",
      offer: created.live.id,
      counted,
      event_time: pbDate(now - 60_000),
    });
  }
  created.expired = await deal(`${marker} expired`, { expires_at: pbDate(now - 2 * DAY) });
  created.upcoming = await deal(`${marker} upcoming`, { starts_at: pbDate(now + 2 * DAY) });
  created.expiredLongAgo = await deal(`${marker} expired long ago`, { expires_at: pbDate(now - 40 * DAY) });
  // Past the read cache's freshness, so the pages read the new offers.
  await sleep(2_100);
});
afterAll(() => writer.cleanup());

function expectOnlyLive(html: string, where: string) {
  expect(html, where).toContain(`${marker} live`);
  expect(html, where).not.toContain(`${marker} expired<`);
  expect(html, where).not.toContain(`${marker} upcoming`);
}

describe("the live rule on every screen", () => {
  it("home: Best deals, Top Deals, Popular offers and Latest Deals show live deals only", async () => {
    const html = main(await settledVisit("/"));
    const sections = ["best-deals", "top-deals", "popular-offers", "latest-deals"].map((id) => {
      const start = html.indexOf(`id="${id}"`);
      expect(start, id).toBeGreaterThan(-1);
      return html.slice(start, html.indexOf("</section>", start));
    });
    for (const section of sections) {
      expect(section).not.toContain(`${marker} expired<`);
      expect(section).not.toContain(`${marker} upcoming`);
    }
    // The live deal, clicked more than any other, is shown once (home shows no offer twice,
    // decision 040), with the usage every card of the page gets from one read.
    const showing = sections.filter((section) => section.includes(`${marker} live`));
    expect(showing).toHaveLength(1);
    expect(showing[0]).toContain("Used 2 times today");
  });

  it("/offers lists and pages live offers only", async () => {
    const html = main(await settledVisit("/offers?type=deal"));
    expectOnlyLive(html, "/offers");
    const all = await pocketbase<ListResult<Offer>>(`/api/collections/_zdata_offers/records?perPage=1&filter=${encodeURIComponent(LIVE)}`);
    expect(main(await settledVisit("/offers"))).toContain(`aria-label="Offer pages"`);
    expect(all.totalItems).toBeGreaterThan(30);
  });

  it("search finds and counts live offers only", async () => {
    const html = main(await settledVisit(`/search?q=${marker}&type=offers`));
    expectOnlyLive(html, "search");
    expect(html).toContain(">Offers (1)</a>");
  });

  it("the store page lists and counts live offers only in its tabs", async () => {
    const html = main(await settledVisit(storePath(ownStore)));
    const offersSection = html.slice(html.indexOf('id="store-offers-heading"'), html.indexOf('id="expired-offers-heading"'));
    expectOnlyLive(offersSection, "store offers");
    expect(tabLabels(html)).toEqual(["All (1)", "Coupon (0)", "Deal (1)"]);
  });

  it("a seeded store with expired and upcoming offers counts only its live ones", async () => {
    const offers = await pocketbase<ListResult<Offer>>(
      `/api/collections/_zdata_offers/records?perPage=500&filter=${encodeURIComponent(`store = "${store.id}"`)}`,
    );
    const live = offers.items.filter((o) => isLiveNow(o));
    const html = main(await settledVisit(storePath(store)));
    const deals = live.filter((o) => o.type === "deal").length;
    expect(tabLabels(html)).toEqual([`All (${live.length})`, `Coupon (${live.length - deals})`, `Deal (${deals})`]);
  });
});

describe("what a live card says", () => {
  it('shows no "Verified" badge on an offer nobody verified: the mark comes from verified_at alone', async () => {
    const { items } = await pocketbase<ListResult<{ id: string; title: string }>>(
      `/api/collections/_zdata_badges/records?filter=${encodeURIComponent('title = "Verified"')}`,
    );
    const badge = items[0]!;
    const badgeStore = await writer.create<Store>("_zdata_stores", {
      title: `${marker} Badge Store`,
      subheading: "Lifecycle test store",
      website: "https://lifecycle.example/",
    });
    await writer.create<Offer>("_zdata_offers", {
      heading: `${marker} claims verified`,
      subheading: "lifecycle",
      type: "deal",
      cta_label: "Get Deal",
      cta_url: "https://lifecycle.example/claims",
      store: badgeStore.id,
      badges: [badge.id],
    });
    await sleep(2_100);
    const html = main(await settledVisit(storePath(badgeStore)));
    const start = html.indexOf(`${marker} claims verified`);
    const card = html.slice(html.lastIndexOf("<article", start), html.indexOf("</article>", start));
    expect(card).toContain("claims verified");
    expect(card).not.toMatch(/Verified/);
  });

  it("when it ends (with the exact instant), when it was verified, how it fared and how often it was used today", async () => {
    const html = main(await settledVisit(storePath(ownStore)));
    const card = html.slice(html.indexOf(`${marker} live`), html.indexOf("</article>", html.indexOf(`${marker} live`)));
    const expires = new Date(Date.parse(created.live.expires_at.replace(" ", "T"))).toISOString();
    expect(card).toContain(`<time dateTime="${expires}">Expires in 3 days</time>`);
    expect(card).toMatch(/<time dateTime="[^"]+">Verified 1 day ago<\/time>/);
    expect(card).toContain("87% worked · 23 votes");
    expect(card).toContain("Used 2 times today");
    // A deal asks whether it worked once it was used, not before (issue 51; test/e2e/offer-feedback.test.ts).
    expect(card).not.toContain("Did this deal work?");
  });

  it("gives each live offer schema.org Offer dates, and expired offers no Offer markup", async () => {
    const html = await settledVisit(storePath(ownStore));
    const graphs = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { "@graph": Array<Record<string, unknown>> },
    );
    const offers = graphs.flatMap((g) => g["@graph"]).filter((node) => node["@type"] === "Offer");
    expect(offers.map((o) => o.name)).toEqual([`${marker} live`]);
    const expires = created.live.expires_at.replace(" ", "T").replace(/\.\d+Z$/, "Z");
    expect(offers[0]).toMatchObject({
      validFrom: created.live.starts_at.replace(" ", "T").replace(/\.\d+Z$/, "Z"),
      validThrough: expires,
      priceValidUntil: expires.slice(0, 10),
      availability: "https://schema.org/InStock",
      url: `${testEnv.SITE_ORIGIN}/goto?url=${encodeURIComponent("https://lifecycle.example/deal")}`,
    });
  });
});

describe("the store page's expired section", () => {
  it("ends the page with a closed 'Expired coupons' list of offers expired in the last 30 days, without a call to action", async () => {
    const html = main(await settledVisit(storePath(ownStore)));
    const start = html.indexOf('id="expired-offers-heading"');
    expect(start).toBeGreaterThan(-1);
    const section = html.slice(html.lastIndexOf("<section", start), html.indexOf("</section>", start));
    expect(section).toContain("Expired coupons");
    expect(section).toContain(`${htmlText(marker)} expired`);
    expect(section).not.toContain(`${marker} expired long ago`);
    expect(section).not.toContain(`${marker} live`);
    expect(section).toMatch(/<time dateTime="[^"]+">Expired [A-Z][a-z]{2} \d{1,2}, \d{4}<\/time>/i);
    // Honest and inert: no link out, no code reveal, no vote.
    expect(section).not.toContain("/goto");
    expect(section).not.toContain("aria-haspopup");
    expect(section).not.toContain("/feedback");
    // It comes after the live offers.
    expect(start).toBeGreaterThan(html.indexOf('id="store-offers-heading"'));
  });

  it("is left out when nothing expired lately", async () => {
    const html = main(await settledVisit(storePath(store)));
    const offers = await pocketbase<ListResult<Offer>>(
      `/api/collections/_zdata_offers/records?perPage=1&filter=${encodeURIComponent(`store = "${store.id}" && expires_at != "" && expires_at <= @now && expires_at > "${pbDate(Date.now() - 29 * DAY)}"`)}`,
    );
    expect(html.includes('id="expired-offers-heading"')).toBe(offers.totalItems > 0);
  });
});

describe("freshness ends at the next start or expiry", () => {
  /** A request with the page cache on (fresh 60 s, stale an hour), waiting for its background work. */
  async function cachedVisit(path: string) {
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(new URL(path, "http://127.0.0.1:8787"), CRAWLER),
      { ...testEnv, PAGE_CACHE_FRESH_S: "60", PAGE_CACHE_STALE_S: "3600", CACHE_FRESH_S: "60" },
      ctx,
    );
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    return { html, cache: response.headers.get("X-Edge-Cache"), cacheControl: response.headers.get("Cache-Control") };
  }

  it("a cached page and its reads stop showing an offer the moment it expires, and show one the moment it starts", async () => {
    const own = await writer.create<Store>("_zdata_stores", { title: `${marker} Clock`, website: "https://clock.example/" });
    const soon = Date.now() + 4_000;
    await writer.create("_zdata_offers", {
      heading: `${marker} expiring`,
      type: "deal",
      store: own.id,
      cta_label: "Go",
      cta_url: "https://clock.example/a",
      expires_at: pbDate(soon),
    });
    await writer.create("_zdata_offers", {
      heading: `${marker} starting`,
      type: "deal",
      store: own.id,
      cta_label: "Go",
      cta_url: "https://clock.example/b",
      starts_at: pbDate(soon),
    });
    const path = storePath(own);

    const first = await cachedVisit(path);
    expect(first.cache).toBe("MISS");
    expect(livePanel(first.html)).toContain(`${marker} expiring`);
    expect(first.html).not.toContain(`${marker} starting`);
    // Within the bound, the page is served from the cache as usual.
    expect((await cachedVisit(path)).cache).toBe("HIT");

    await sleep(Math.max(0, soon - Date.now()) + 300);
    // 60 s of freshness and an hour of staleness would have served the stored copy; past
    // the offers' instant, neither the page nor its content reads are used.
    const after = await cachedVisit(path);
    expect(after.cache).toBe("MISS");
    expect(livePanel(after.html)).not.toContain(`${marker} expiring`);
    expect(livePanel(after.html)).toContain(`${marker} starting`);
    // The offer that just ended moved to the closed "Expired coupons" list.
    expect(main(after.html)).toMatch(new RegExp(`Expired</span><span[^>]*>${marker} expiring<`));
    expect(tabLabels(main(after.html))).toEqual(["All (1)", "Coupon (0)", "Deal (1)"]);
  });

  it("an offer starting after another ended still shows the moment it starts (the list read after the end is no longer fresh then)", async () => {
    const own = await writer.create<Store>("_zdata_stores", { title: `${marker} Later`, website: "https://clock.example/" });
    const ends = Date.now() + 3_000;
    const starts = ends + 3_000;
    const deal = (heading: string, dates: Record<string, string>) =>
      writer.create("_zdata_offers", {
        heading: `${marker} ${heading}`,
        type: "deal",
        store: own.id,
        cta_label: "Go",
        cta_url: "https://clock.example/d",
        ...dates,
      });
    await deal("stays", {});
    await deal("ends first", { expires_at: pbDate(ends) });
    await deal("starts after", { starts_at: pbDate(starts) });
    const path = storePath(own);
    expect(livePanel((await cachedVisit(path)).html)).toContain(`${marker} ends first`);

    await sleep(Math.max(0, ends - Date.now()) + 300);
    const between = await cachedVisit(path);
    expect(livePanel(between.html)).not.toContain(`${marker} ends first`);
    expect(livePanel(between.html)).not.toContain(`${marker} starts after`);
    expect(tabLabels(main(between.html))[0]).toBe("All (1)");

    await sleep(Math.max(0, starts - Date.now()) + 300);
    const after = await cachedVisit(path);
    expect(after.cache).toBe("MISS");
    expect(livePanel(after.html)).toContain(`${marker} starts after`);
    expect(tabLabels(main(after.html))[0]).toBe("All (2)");
  });

  it("the content API gives browsers a max-age no longer than the time left to the next instant", async () => {
    const own = await writer.create<Store>("_zdata_stores", { title: `${marker} Api`, website: "https://clock.example/" });
    await writer.create("_zdata_offers", {
      heading: `${marker} api`,
      type: "deal",
      store: own.id,
      cta_label: "Go",
      cta_url: "https://clock.example/c",
      expires_at: pbDate(Date.now() + 30_000),
    });
    const { cacheControl } = await cachedVisit(`/api/collections/_zdata_offers/records?filter=${encodeURIComponent(`store = "${own.id}"`)}`);
    // Reads are fresh for 60 s here; this one holds an offer ending in 30 s.
    const maxAge = Number(cacheControl?.match(/max-age=(\d+)/)?.[1]);
    expect(maxAge).toBeGreaterThan(20);
    expect(maxAge).toBeLessThanOrEqual(30);
  });
});

// The lists are views only superusers read (their rules are null): PocketBase's admin UI, where
// they are shown, admits superusers only (docs/decisions/041-editors-role.md).
describe("what needs editing, listed for superusers in the admin UI", () => {
  async function adminList(view: string): Promise<{ status: number; ids: string[] }> {
    const token = await superuserToken();
    const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${view}/records?perPage=500&fields=id`, { headers: { Authorization: token } });
    const body = (await response.json()) as { items?: { id: string }[] };
    return { status: response.status, ids: (body.items ?? []).map((item) => item.id) };
  }

  it("lists the offers expiring in the next 7 days, and the live offers not verified for 30 days", async () => {
    const all = await pocketbase<ListResult<Offer>>("/api/collections/_zdata_offers/records?perPage=500&fields=id,starts_at,expires_at,verified_at");
    const now = Date.now();
    const at = (value: string) => Date.parse(value.replace(" ", "T"));
    const expiring = all.items.filter((o) => o.expires_at && at(o.expires_at) > now && at(o.expires_at) <= now + 7 * DAY).map((o) => o.id);
    const unverified = all.items.filter((o) => isLiveNow(o, now) && (!o.verified_at || at(o.verified_at) < now - 30 * DAY)).map((o) => o.id);
    expect(expiring).toContain(created.live.id);
    expect(unverified.length).toBeGreaterThan(0);
    const [expiringView, unverifiedView] = await Promise.all([adminList("_zadmin_offers_expiring"), adminList("_zadmin_offers_unverified")]);
    expect(expiringView.ids.sort()).toEqual(expiring.sort());
    expect(unverifiedView.ids.sort()).toEqual(unverified.sort());
  });

  it("keeps those views to superusers: not through PocketBase's API as a guest, not through the Worker", async () => {
    for (const view of ["_zadmin_offers_expiring", "_zadmin_offers_unverified", "offer_feedback"]) {
      const direct = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${view}/records`);
      expect(direct.status, view).toBeGreaterThanOrEqual(400);
      expect((await visit(`/api/collections/${view}/records`)).status, view).toBe(404);
    }
  });
});
