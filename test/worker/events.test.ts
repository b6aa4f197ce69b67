import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import type { OutboundEventMessage } from "../../src/edge/events/messages";
import { outboundHref, REVEAL_PATH } from "../../src/lib/outbound";
import worker from "../../src/worker";
import { listEndedOffers } from "../../src/data/offers";
import { parsePage, textIn } from "./dom";
import {
  eventMessage,
  evictReads,
  LIVE,
  originRequests,
  pocketbase,
  pocketbaseWriter,
  queueDrained,
  setPocketBase,
  sleep,
  superuserToken,
  testEnv,
  visit,
} from "./helpers";

/** Events reach PocketBase through the queue: batches wait up to 2 s, and a batch that met
 * PocketBase down comes back after the first retry delay (10 s). */
const QUEUED = { timeout: 10_000, interval: 200 };
const AFTER_RETRY = { timeout: 40_000, interval: 500 };

interface StoredEvent extends Omit<OutboundEventMessage, "event_time"> {
  id: string;
  event_time: string;
}

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const uniquePath = () => `/test-${crypto.randomUUID()}`;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
/** A visitor of its own (the count key is made of the IP, the User-Agent, the link and the day). */
const visitor = (path: string, extra: Record<string, string> = {}) => ({
  Referer: `http://127.0.0.1:8787${path}`,
  "User-Agent": BROWSER,
  "CF-Connecting-IP": crypto.randomUUID(),
  ...extra,
});

async function storedEvents(filter: string): Promise<StoredEvent[]> {
  const query = new URLSearchParams({ filter, perPage: "500", sort: "click_id" });
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records?${query}`, {
    headers: { Authorization: await superuserToken() },
  });
  if (!response.ok) throw new Error(`outbound_events: ${response.status}`);
  return ((await response.json()) as { items: StoredEvent[] }).items;
}
const eventsFrom = (path: string) => storedEvents(`referrer_path = "${path}"`);

/** An offer whose link carries {click_id} in a sub-id slot and campaign macros (seeded). */
async function offerWithClickId(): Promise<Offer> {
  const filter = encodeURIComponent('cta_url ~ "sub1={click_id}" && cta_url ~ "{utm_campaign}"');
  const { items } = await pocketbase<{ items: Offer[] }>(`/api/collections/_zdata_offers/records?perPage=1&sort=-id&filter=${filter}`);
  return items[0]!;
}

const offerCount = async (id: string) => (await pocketbase<Offer>(`/api/collections/_zdata_offers/records/${id}`)).click_count;

/** A queue message from a page of its own, for handing batches to queue() directly. */
function message(path: string, overrides: Partial<OutboundEventMessage> = {}): OutboundEventMessage {
  return eventMessage({ referrer_path: path, ...overrides });
}

/** Hands a batch to the Worker's queue() as the queue would; returns the messages' fate. */
async function deliver(queue: string, bodies: unknown[], attempts = 1) {
  const batch = createMessageBatch<unknown>(
    queue,
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts, body })),
  );
  const delays: number[] = [];
  for (const m of batch.messages) {
    const retry = m.retry.bind(m);
    vi.spyOn(m, "retry").mockImplementation((options) => {
      delays.push(options?.delaySeconds ?? 0);
      retry(options);
    });
  }
  const ctx = createExecutionContext();
  // A batch PocketBase could not take fails the invocation, so Queues' autoscaling sees it.
  const failed = await worker.queue(batch, testEnv, ctx).then(
    () => false,
    () => true,
  );
  const result = await getQueueResult(batch, ctx);
  return { acked: result.explicitAcks.length, retried: result.retryMessages.length, delays, failed };
}

describe("outbound events through the queue", () => {
  let writer: Awaited<ReturnType<typeof pocketbaseWriter>>;
  beforeAll(async () => {
    writer = await pocketbaseWriter();
  });
  afterAll(async () => {
    await setPocketBase("start");
    await writer.cleanup();
  });

  it("gives each click its own time-sortable click id, sends it to the partner in the sub-id slot, and stores the whole event", async () => {
    const offer = await offerWithClickId();
    const path = uniquePath();
    const locations: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await visit(outboundHref(offer.cta_url), {
        redirect: "manual",
        headers: visitor(path, {
          // A visitor from Germany who accepted (issue 51: without consent the click goes out anonymously).
          Cookie: "dp_trk=utm_source=news&utm_medium=mail&utm_campaign=spring&utm_term=t&utm_content=c&gclid=g&utm_g=x&fbclid=f&utm_id=7; dp_consent=granted",
          "CF-IPCountry": "DE",
          "Sec-CH-UA-Mobile": "?1",
        }),
      });
      expect(response.status).toBe(302);
      locations.push(response.headers.get("Location")!);
    }
    const clickIds = locations.map((location) => new URL(location).searchParams.get("sub1")!);
    for (const id of clickIds) expect(id).toMatch(UUID_V7);
    expect(clickIds[0]).not.toBe(clickIds[1]);
    expect(clickIds[0]! < clickIds[1]!).toBe(true);

    await expect.poll(() => eventsFrom(path), QUEUED).toHaveLength(2);
    const events = await eventsFrom(path);
    expect(events.map((e) => e.click_id)).toEqual(clickIds);
    expect(events[0]).toMatchObject({
      kind: "click",
      url: offer.cta_url,
      target_host: new URL(offer.cta_url).hostname,
      offer: offer.id,
      store: offer.store,
      product: "",
      utm_source: "news",
      utm_medium: "mail",
      utm_campaign: "spring",
      utm_term: "t",
      utm_content: "c",
      gclid: "g",
      utm_g: "x",
      fbclid: "f",
      utm_id: "7",
      country: "DE",
      device: "mobile",
    });
  });

  it("counts one visitor's repeated clicks on one offer once, and stores them all", async () => {
    const offer = await offerWithClickId();
    const before = await offerCount(offer.id);
    const path = uniquePath();
    const headers = visitor(path);
    for (let i = 0; i < 5; i++) expect((await visit(outboundHref(offer.cta_url), { redirect: "manual", headers })).status).toBe(302);
    const other = visitor(path);
    expect((await visit(outboundHref(offer.cta_url), { redirect: "manual", headers: other })).status).toBe(302);

    await expect.poll(() => eventsFrom(path), QUEUED).toHaveLength(6);
    const events = await eventsFrom(path);
    expect(events.filter((e) => e.counted)).toHaveLength(2);
    expect(new Set(events.map((e) => e.count_key)).size).toBe(2);
    await expect.poll(() => offerCount(offer.id), QUEUED).toBe(before + 2);
  });

  it("under GPC, DNT or the opt-out counts the click anonymously: no campaign values, no country, no click id for the partner", async () => {
    const offer = await offerWithClickId();
    const signals: Record<string, string>[] = [{ "Sec-GPC": "1" }, { DNT: "1" }, { Cookie: "dp_optout=1; dp_trk=utm_source=news&utm_campaign=spring" }];
    for (const privacy of signals) {
      const path = uniquePath();
      const response = await visit(outboundHref(offer.cta_url), {
        redirect: "manual",
        headers: visitor(path, { Cookie: "dp_trk=utm_source=news&utm_campaign=spring", "CF-IPCountry": "DE", ...privacy }),
      });
      const location = new URL(response.headers.get("Location")!);
      expect(location.searchParams.get("sub1")).toBe("");
      expect(location.searchParams.get("utm_campaign")).toBe("");
      await expect.poll(() => eventsFrom(path), QUEUED).toHaveLength(1);
      const [event] = await eventsFrom(path);
      expect(event).toMatchObject({ offer: offer.id, counted: true, utm_source: "", utm_campaign: "", country: "" });
      expect(event!.click_id).toMatch(UUID_V7);
    }
  });

  it("records nothing for prefetches, prerenders and HEAD requests, and still answers them", async () => {
    const offer = await offerWithClickId();
    const path = uniquePath();
    const asked = [
      visit(outboundHref(offer.cta_url), { redirect: "manual", headers: visitor(path, { "Sec-Purpose": "prefetch" }) }),
      visit(outboundHref(offer.cta_url), { redirect: "manual", headers: visitor(path, { "Sec-Purpose": "prefetch;prerender" }) }),
      visit(outboundHref(offer.cta_url), { method: "HEAD", redirect: "manual", headers: visitor(path) }),
    ];
    for (const response of await Promise.all(asked)) expect(response.status).toBe(302);
    // A visitor's click after them: once it is stored, theirs would be too.
    const visitorPath = uniquePath();
    await visit(outboundHref(offer.cta_url), { redirect: "manual", headers: visitor(visitorPath) });
    await expect.poll(() => eventsFrom(visitorPath), QUEUED).toHaveLength(1);
    expect(await eventsFrom(path)).toEqual([]);
  });

  it("redirects at once while PocketBase is down, and stores every click exactly once when it is back", { timeout: 90_000 }, async () => {
    const offer = await offerWithClickId();
    const path = uniquePath();
    const click = async () => {
      const started = Date.now();
      const response = await visit(outboundHref(offer.cta_url), { redirect: "manual", headers: visitor(path) });
      expect(response.status).toBe(302);
      return { ms: Date.now() - started, clickId: new URL(response.headers.get("Location")!).searchParams.get("sub1")! };
    };
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await click());
    await setPocketBase("stop");
    try {
      const tried = await originRequests("/api/batch");
      for (let i = 0; i < 10; i++) sent.push(await click());
      // The consumer met PocketBase down: it tried to store a batch, and failed.
      await expect.poll(() => originRequests("/api/batch"), AFTER_RETRY).toBeGreaterThan(tried);
    } finally {
      await setPocketBase("start");
    }
    for (let i = 0; i < 5; i++) sent.push(await click());

    expect(Math.max(...sent.slice(5, 15).map((s) => s.ms))).toBeLessThan(1_000);
    await expect.poll(async () => (await eventsFrom(path)).length, AFTER_RETRY).toBe(20);
    // Each click once: the click id is unique, so a redelivered message adds no record.
    const stored = await eventsFrom(path);
    expect(stored.map((e) => e.click_id).sort()).toEqual(sent.map((s) => s.clickId).sort());
    expect(new Set(stored.map((e) => e.click_id)).size).toBe(20);
  });

  it("acknowledges a redelivered batch without storing or counting anything twice", async () => {
    const offer = await offerWithClickId();
    const path = uniquePath();
    const batch = [message(path, { offer: offer.id, counted: true }), message(path), message(path)];
    const before = await offerCount(offer.id);
    expect(await deliver("dealpilot-events", batch)).toMatchObject({ acked: 3, retried: 0 });
    // Delivered again whole, and once more with a new event in it.
    expect(await deliver("dealpilot-events", batch, 2)).toMatchObject({ acked: 3, retried: 0 });
    const late = message(path);
    expect(await deliver("dealpilot-events", [...batch, late], 3)).toMatchObject({ acked: 4, retried: 0 });
    const stored = await eventsFrom(path);
    expect(stored.map((e) => e.click_id).sort()).toEqual([...batch, late].map((e) => e.click_id).sort());
    expect(await offerCount(offer.id)).toBe(before + 1);
  });

  it("stores the good events of a batch that holds one PocketBase refuses, and retries only that one", async () => {
    const path = uniquePath();
    const bad = message(path, { device: "toaster" });
    const result = await deliver("dealpilot-events", [message(path), bad, message(path)]);
    expect(result).toMatchObject({ acked: 2, retried: 1, failed: false });
    expect((await eventsFrom(path)).map((e) => e.click_id)).not.toContain(bad.click_id);
    expect(await eventsFrom(path)).toHaveLength(2);
  });

  it("acknowledges, and logs, a message that is neither an event nor a postback: no delivery could ever store it", async () => {
    const path = uniquePath();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const strangers = [{ hello: "world" }, "plain text", 42, { type: "postback", id: "not-an-edge-id" }, { ...message(path), click_id: "legacy-1" }];
      expect(await deliver("dealpilot-events", [...strangers, message(path)])).toMatchObject({ acked: 6, retried: 0 });
      expect(errors.mock.calls.filter(([line]) => String(line).includes("neither an outbound event nor a postback"))).toHaveLength(5);
    } finally {
      errors.mockRestore();
    }
    expect(await eventsFrom(path)).toHaveLength(1);
  });

  it("stores a click on an offer deleted before its event is stored, without the link to it", async () => {
    const path = uniquePath();
    const store = await writer.create<Store>("_zdata_stores", { title: `Deleted offer ${crypto.randomUUID().slice(0, 6)}`, website: "https://gone.example/" });
    const offer = await writer.create<Offer>("_zdata_offers", { heading: "Soon gone", type: "deal", store: store.id, cta_url: "https://gone.example/deal" });
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${offer.id}`, {
      method: "DELETE",
      headers: { Authorization: await superuserToken() },
    });
    const click = message(path, { offer: offer.id, store: store.id, url: offer.cta_url, target_host: "gone.example" });
    expect(await deliver("dealpilot-events", [click, message(path)])).toMatchObject({ acked: 2, retried: 0 });
    expect(await eventsFrom(path)).toEqual(expect.arrayContaining([expect.objectContaining({ click_id: click.click_id, offer: "", store: store.id })]));
  });

  it("retries with growing delays while PocketBase is down, and stores what reaches the dead-letter queue once it is back", { timeout: 30_000 }, async () => {
    const path = uniquePath();
    const events = [message(path), message(path)];
    await setPocketBase("stop");
    try {
      const first = await deliver("dealpilot-events", events, 1);
      const fifth = await deliver("dealpilot-events", events, 5);
      const last = await deliver("dealpilot-events-dlq", events, 40);
      expect(first).toMatchObject({ acked: 0, retried: 2, delays: [10, 10], failed: true });
      expect(fifth).toMatchObject({ acked: 0, retried: 2, delays: [160, 160] });
      expect(last).toMatchObject({ acked: 0, retried: 2, delays: [3600, 3600] });
    } finally {
      await setPocketBase("start");
    }
    expect(await eventsFrom(path)).toEqual([]);
    expect(await deliver("dealpilot-events-dlq", events, 41)).toMatchObject({ acked: 2, retried: 0 });
    expect((await eventsFrom(path)).map((e) => e.click_id).sort()).toEqual(events.map((e) => e.click_id).sort());
  });
});

describe("code reveals", () => {
  const reveal = (body: string, headers: Record<string, string> = {}) =>
    visit(REVEAL_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8", ...headers },
      body,
      redirect: "manual",
    });

  it("records a reveal of an offer's code as an event of its own kind, counted like a click", async () => {
    const offer = await offerWithClickId();
    const path = uniquePath();
    const response = await reveal(new URLSearchParams({ url: offer.cta_url }).toString(), visitor(path, { Origin: "http://127.0.0.1:8787" }));
    expect(response.status).toBe(204);
    await expect
      .poll(() => eventsFrom(path), QUEUED)
      .toEqual([expect.objectContaining({ kind: "reveal", offer: offer.id, store: offer.store, url: offer.cta_url, counted: true })]);
  });

  it("without JavaScript: the card's form records the reveal and leads to the code's own page (issue 51)", async () => {
    const { items } = await pocketbase<{ items: Offer[] }>(
      `/api/collections/_zdata_offers/records?perPage=1&sort=id&expand=store&filter=${encodeURIComponent(`type = "coupon" && coupon_code != "" && countries:length = 0 && ${LIVE}`)}`,
    );
    const offer = items[0]!;
    const path = uniquePath();
    const response = await reveal(new URLSearchParams({ url: offer.cta_url, offer: offer.id }).toString(), visitor(path, { Origin: "http://127.0.0.1:8787" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/offers/${offer.id}/code`);
    await expect.poll(() => eventsFrom(path), QUEUED).toEqual([expect.objectContaining({ kind: "reveal", offer: offer.id, counted: true })]);

    const page = await visit(response.headers.get("Location")!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toMatch(new RegExp(`<input [^>]*readOnly=""[^>]* value="${offer.coupon_code}"|<input [^>]*value="${offer.coupon_code}"[^>]* readOnly=""`));
    expect(html).toContain(`href="${outboundHref(offer.cta_url).replace(/&/g, "&amp;")}" target="_blank" rel="sponsored noopener"`);
    expect(html).toContain(`action="/offers/${offer.id}/feedback"`);
    expect(html).toContain("Did this code work?");
  });

  it("has no code page for a deal, a coupon without a code, or an id that is none", async () => {
    const filter = encodeURIComponent(`(type = "deal" || coupon_code = "") && ${LIVE}`);
    const { items } = await pocketbase<{ items: Offer[] }>(`/api/collections/_zdata_offers/records?perPage=2&sort=type&filter=${filter}`);
    for (const id of [...items.map((o) => o.id), "zzzzzzzzzzzzzzz", "not-an-id"]) expect((await visit(`/offers/${id}/code`)).status, id).toBe(404);
  });

  it.each([
    ["an offer field that is no id", `url=x&offer=${encodeURIComponent("../admin")}`, {}, 400],
    ["no url", "", {}, 400],
    ["a link that is no offer's", new URLSearchParams({ url: "https://evil.example/" }).toString(), {}, 400],
    ["another site's page", "url=x", { Origin: "https://evil.example" }, 403],
    ["JSON", "{}", { "Content-Type": "application/json" }, 415],
  ])("refuses %s and queues nothing", async (_, body, headers, status) => {
    const path = uniquePath();
    expect((await reveal(body, visitor(path, headers))).status).toBe(status);
    await queueDrained();
    expect(await eventsFrom(path)).toEqual([]);
  });
});

describe("the link of an offer that has ended", () => {
  const DAY = 86_400_000;
  const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
  const marker = `Ended${crypto.randomUUID().slice(0, 6)}`;
  const link = (name: string) => `https://ended-${marker.toLowerCase()}.example/${name}?sub1={click_id}`;
  let writer: Awaited<ReturnType<typeof pocketbaseWriter>>;
  let store: Store;
  let ended: Offer;

  beforeAll(async () => {
    writer = await pocketbaseWriter();
    store = await writer.create<Store>("_zdata_stores", {
      title: `${marker} Store`,
      subheading: "ended offers",
      website: `https://ended-${marker.toLowerCase()}.example/`,
    });
    const now = Date.now();
    const deal = (heading: string, url: string, dates: Record<string, unknown>) =>
      writer.create<Offer>("_zdata_offers", {
        heading,
        subheading: "ended",
        type: "deal",
        cta_label: "Get Deal",
        cta_url: link(url),
        store: store.id,
        ...dates,
      });
    ended = await deal(`${marker} ended`, "ended", { expires_at: pbDate(now - 2 * DAY) });
    await deal(`${marker} live`, "live", { expires_at: pbDate(now + 3 * DAY) });
    await deal(`${marker} ended, sharing`, "shared", { expires_at: pbDate(now - DAY) });
    await deal(`${marker} live, sharing`, "shared", {});
    await deal(`${marker} upcoming`, "upcoming", { starts_at: pbDate(now + DAY), expires_at: pbDate(now + 2 * DAY) });
    // The partner link index follows the content version: once it holds the new host, it holds all of them.
    for (let tries = 0; (await visit(outboundHref(link("live")), { redirect: "manual" })).status !== 302; tries++) {
      if (tries === 30) throw new Error("the partner link index never held the new offers");
      await sleep(500);
    }
  });
  afterAll(() => writer.cleanup());

  it("answers 410 with the day it ended and the store's live offers, uncached, unindexed, and records no click", async () => {
    const path = uniquePath();
    const response = await visit(outboundHref(ended.cta_url), { redirect: "manual", headers: visitor(path) });
    expect(response.status).toBe(410);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = await response.text();
    const day = new Date(Date.parse(ended.expires_at.replace(" ", "T")));
    const date = day.toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
    expect(html).toContain(`ended on <time dateTime="${day.toISOString().slice(0, 10)}">${date}</time>`);
    // In the site's frame (issue 51): header, footer, favicon, the theme's pre-paint script.
    for (const part of ["<header", "<footer", 'rel="icon"', "data-bs-theme", '<meta name="robots" content="noindex"/>']) expect(html).toContain(part);
    // The live offers as the cards they are everywhere, their buttons through /goto.
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    const cards = [...(parsePage(html).querySelector("main")?.querySelectorAll("article") ?? [])];
    expect(cards.map((card) => textIn(card.querySelector("h3")))).toEqual(expect.arrayContaining([`${marker} live`, `${marker} live, sharing`]));
    expect(main).toContain(`href="${outboundHref(link("live")).replace(/&/g, "&amp;")}"`);
    expect(main).not.toContain(`${marker} upcoming`);
    expect(main).toContain(`href="/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}"`);

    // A click that redirects after it: once it is stored, one for the ended offer would be too.
    const after = uniquePath();
    expect((await visit(outboundHref(link("live")), { redirect: "manual", headers: visitor(after) })).status).toBe(302);
    await expect.poll(() => eventsFrom(after), QUEUED).toHaveLength(1);
    expect(await eventsFrom(path)).toEqual([]);
  });

  it("still says the offer ended when PocketBase is down and the page cannot be rendered", async () => {
    const other = await writer.create<Offer>("_zdata_offers", {
      heading: `${marker} ended too`,
      type: "deal",
      cta_url: link("ended-too"),
      store: store.id,
      expires_at: pbDate(Date.now() - DAY),
    });
    for (let tries = 0; (await visit(outboundHref(other.cta_url), { method: "HEAD", redirect: "manual" })).status !== 410; tries++) {
      if (tries === 30) throw new Error("the partner link index never held the new offer");
      await sleep(500);
    }
    // The page's own read is gone too: rendering it needs PocketBase.
    await evictReads((pb) => listEndedOffers(pb, other.cta_url));
    await setPocketBase("stop");
    try {
      const response = await visit(outboundHref(other.cta_url), { redirect: "manual" });
      expect(response.status).toBe(410);
      const html = await response.text();
      expect(html).toContain("This offer ended on <time");
      expect(html).not.toContain("<header");
    } finally {
      await setPocketBase("start");
    }
  });

  it("still redirects a link a live offer shares with an ended one, and the link of an offer still to start", async () => {
    for (const name of ["shared", "upcoming"]) {
      const response = await visit(outboundHref(link(name)), { redirect: "manual" });
      expect(response.status, name).toBe(302);
      expect(new URL(response.headers.get("Location")!).host, name).toBe(new URL(link(name)).host);
    }
  });
});
