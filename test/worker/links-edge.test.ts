import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  originRequests,
  pocketbaseWriter,
  queueDrained,
  setPocketBase,
  signInOnSite,
  siteAccount,
  sleep,
  superuserToken,
  testEnv,
  textOf,
  visit,
} from "./helpers";

/**
 * Issue 52, /l/{slug} at the edge: the redirect (a page of this site, or /goto for an
 * offer's partner link), the tracking cookie with the link's values and id (none under GPC,
 * DNT or the opt-out), paused, expired, unknown and deleted links, a link's change live
 * within the publishing latency, no origin request once warm, a visit event through the
 * queue (PocketBase down included), and a conversion credited to its link in the report.
 */

const writer = await pocketbaseWriter();
const run = crypto.randomUUID().slice(0, 6);
let marketerToken: string;
let store: { id: string };
let offer: { id: string; cta_url: string };
let network: { id: string; postback_token: string };
const admin = { Authorization: await superuserToken() };
const QUEUED = { timeout: 15_000, interval: 200 };
/** A link's change reaches the edge within the content version's interval (2 s here) and a rebuild. */
const PUBLISHED = { timeout: 15_000, interval: 250 };

/** Waits until the link `slug` redirects (a new link goes live once the Worker learns of it). */
async function untilLive(slug: string): Promise<void> {
  const deadline = Date.now() + PUBLISHED.timeout;
  while ((await statusOf(slug)) !== 302) {
    if (Date.now() > deadline) throw new Error(`the new link ${slug} did not go live`);
    await sleep(PUBLISHED.interval);
  }
}

interface Link {
  id: string;
  slug: string;
}

async function makeLink(fields: Record<string, unknown>): Promise<Link> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/short_links/records`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: marketerToken },
    body: JSON.stringify(fields),
  });
  if (!response.ok) throw new Error(`link: ${response.status} ${await response.text()}`);
  return (await response.json()) as Link;
}

async function changeLink(id: string, method: "PATCH" | "DELETE", fields?: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/short_links/records/${id}`, {
    method,
    headers: { "Content-Type": "application/json", Authorization: marketerToken },
    body: fields ? JSON.stringify(fields) : undefined,
  });
  if (!response.ok) throw new Error(`${method} link: ${response.status} ${await response.text()}`);
}

const follow = (slug: string, headers: Record<string, string> = {}, method = "GET") => visit(`/l/${slug}`, { method, redirect: "manual", headers });
const statusOf = async (slug: string) => {
  const response = await follow(slug);
  await response.body?.cancel();
  return response.status;
};

interface Event {
  kind: string;
  short_link: string;
  url: string;
  offer: string;
  utm_source: string;
  utm_campaign: string;
  country: string;
  device: string;
  counted: boolean;
  automated: boolean;
  click_id: string;
}

async function eventsOf(linkId: string, kind = "link"): Promise<Event[]> {
  const query = new URLSearchParams({ filter: `short_link = "${linkId}" && kind = "${kind}"`, perPage: "100", sort: "event_time" });
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records?${query}`, { headers: admin });
  return ((await response.json()) as { items: Event[] }).items;
}

const cookieOf = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith("dp_trk="));

beforeAll(async () => {
  const marketer = await siteAccount(writer, "marketers");
  const auth = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/marketers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: marketer.email, password: marketer.password }),
  });
  marketerToken = ((await auth.json()) as { token: string }).token;
  network = await writer.create("affiliate_networks", { name: `Links network ${run}`, active: true, click_domains: "links-edge.example" });
  store = await writer.create("_zdata_stores", { title: `Links Edge Store ${run}`, website: "https://links-edge.example" });
  offer = await writer.create("_zdata_offers", {
    heading: "Links edge offer",
    subheading: "edge",
    store: store.id,
    type: "deal",
    cta_label: "Get Deal",
    cta_url: "https://links-edge.example/deal?sub1={click_id}&src={utm_source}&c={utm_campaign}",
  });
});
afterAll(() => writer.cleanup());

describe("/l/{slug}: where it leads", () => {
  let page: Link;
  let toOffer: Link;
  beforeAll(async () => {
    page = await makeLink({ slug: `Edge-Page-${run}`, destination: "/stores?catID=x", utm_source: "print", utm_medium: "flyer", utm_campaign: `edge-${run}` });
    toOffer = await makeLink({ slug: `edge-offer-${run}`, destination: offer.id, utm_source: "social", utm_campaign: `offer-${run}` });
    // Live before any test, so that each test stands alone, in any order.
    await untilLive(page.slug);
    await untilLive(toOffer.slug);
  });

  it("redirects to its page of this site, whatever the slug's case, and sets the tracking cookie with the link's values and id", async () => {
    await expect.poll(() => statusOf(page.slug), PUBLISHED).toBe(302);
    for (const slug of [page.slug, page.slug.toLowerCase(), page.slug.toUpperCase()]) {
      const response = await follow(slug);
      expect(response.status, slug).toBe(302);
      expect(response.headers.get("Location")).toBe("/stores?catID=x");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(cookieOf(response)).toBe(
        `dp_trk=utm_source=print&utm_medium=flyer&utm_campaign=edge-${run}&link=${page.id}; Path=/; Max-Age=2592000; SameSite=Lax`,
      );
    }
  });

  it("keeps the visitor's other values, as a page arriving with the link's values would", async () => {
    const response = await follow(page.slug, { Cookie: "dp_trk=utm_term=vpn&gclid=g1&utm_source=old" });
    expect(cookieOf(response)).toBe(
      `dp_trk=utm_source=print&utm_medium=flyer&utm_campaign=edge-${run}&utm_term=vpn&gclid=g1&link=${page.id}; Path=/; Max-Age=2592000; SameSite=Lax`,
    );
  });

  it.each([
    ["Global Privacy Control", { "Sec-GPC": "1" }],
    ["Do Not Track", { DNT: "1" }],
    ["the opt-out cookie", { Cookie: "dp_optout=1" }],
  ])("under %s redirects all the same and sets no tracking cookie", async (_, headers) => {
    const response = await follow(page.slug, headers);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/stores?catID=x");
    expect(cookieOf(response)).toBeUndefined();
  });

  it("leads to an offer's partner link through /goto, where the campaign values and the click id fill its macros", async () => {
    await expect.poll(() => statusOf(toOffer.slug), PUBLISHED).toBe(302);
    const response = await follow(toOffer.slug);
    expect(response.headers.get("Location")).toBe(`/goto?url=${encodeURIComponent(offer.cta_url)}`);
    const cookie = cookieOf(response)!.split(";")[0]!;
    const out = await visit(response.headers.get("Location")!, { redirect: "manual", headers: { Cookie: cookie } });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toMatch(new RegExp(`^https://links-edge\\.example/deal\\?sub1=[0-9a-f-]{36}&src=social&c=offer-${run}$`));
  });

  it("answers 404, never a redirect, for an unknown slug or one that is not a slug", async () => {
    for (const slug of [`nope-${run}`, "x", "..%2Fadmin", "%2F%2Fevil.example", "a".repeat(60)]) {
      const response = await follow(slug);
      expect(response.status, slug).toBe(404);
      expect(response.headers.get("Location")).toBeNull();
      expect(await response.text()).toContain("This link is not active");
    }
  });

  it("goes dark when paused or past its end, and back when resumed, within the publishing latency", async () => {
    const link = await makeLink({ slug: `edge-pause-${run}`, destination: "/offers" });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(302);
    await changeLink(link.id, "PATCH", { paused: true });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(404);
    await changeLink(link.id, "PATCH", { paused: false, expires_at: new Date(Date.now() - 60_000).toISOString().replace("T", " ") });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(404);
    await changeLink(link.id, "PATCH", { expires_at: new Date(Date.now() + 86_400_000).toISOString().replace("T", " ") });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(302);
    await changeLink(link.id, "PATCH", { destination: "/blog" });
    await expect.poll(async () => (await follow(link.slug)).headers.get("Location"), PUBLISHED).toBe("/blog");
  });

  it("answers 410 for a deleted link, whatever the case", async () => {
    const link = await makeLink({ slug: `Edge-Gone-${run}`, destination: "/offers" });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(302);
    await changeLink(link.id, "DELETE");
    await expect.poll(() => statusOf(link.slug.toLowerCase()), PUBLISHED).toBe(410);
    const response = await follow(link.slug);
    expect(response.headers.get("Location")).toBeNull();
    expect(await response.text()).toContain("This link has been removed");
  });

  it("answers 404 for a link whose offer is not published, and leads to it once it is", async () => {
    const draft = await writer.create<{ id: string }>("_zdata_offers", {
      status: "draft",
      heading: "Links edge draft",
      subheading: "draft",
      store: store.id,
      type: "deal",
      cta_label: "Get Deal",
      cta_url: "https://links-edge.example/draft",
    });
    const link = await makeLink({ slug: `edge-draft-${run}`, destination: draft.id });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(404);
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${draft.id}`, {
      method: "PATCH",
      headers: { ...admin, "Content-Type": "application/json" },
      body: JSON.stringify({ status: "published" }),
    });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(302);
  });

  it("asks PocketBase nothing per visit once warm", async () => {
    await follow(page.slug);
    const needles = ["/short_links/", "/retired_short_links/", "/_zdata_offers/"];
    const before = await Promise.all(needles.map(originRequests));
    for (let i = 0; i < 20; i++) expect(await statusOf(i % 2 ? page.slug : toOffer.slug)).toBe(302);
    expect(await Promise.all(needles.map(originRequests))).toEqual(before);
  });
});

describe("/l/{slug}: a visit is an event", () => {
  let link: Link;
  beforeAll(async () => {
    link = await makeLink({ slug: `edge-event-${run}`, destination: offer.id, utm_source: "poster", utm_campaign: `event-${run}` });
    await untilLive(link.slug);
    // The polls above were visits too: each test counts from what is stored after them.
    await queueDrained();
  });

  it("queues one event of kind link per visit with the link's id, values, country and device", async () => {
    const before = (await eventsOf(link.id)).length;
    const userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    // A visitor from the Netherlands who accepted (issue 51: without consent the visit is anonymous).
    expect((await follow(link.slug, { "CF-IPCountry": "NL", "User-Agent": userAgent, Cookie: "dp_consent=granted" })).status).toBe(302);
    await expect.poll(async () => (await eventsOf(link.id)).length, QUEUED).toBe(before + 1);
    const event = (await eventsOf(link.id)).at(-1)!;
    expect(event).toMatchObject({
      kind: "link",
      short_link: link.id,
      offer: offer.id,
      url: offer.cta_url,
      utm_source: "poster",
      utm_campaign: `event-${run}`,
      country: "NL",
      device: "mobile",
      automated: false,
    });
  });

  it("stores crawlers', prefetches' and HEAD requests' visits without counting them", async () => {
    const before = (await eventsOf(link.id)).length;
    expect((await follow(link.slug, { "User-Agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" })).status).toBe(302);
    expect((await follow(link.slug, { "Sec-Purpose": "prefetch" })).status).toBe(302);
    expect((await follow(link.slug, {}, "HEAD")).status).toBe(302);
    await expect.poll(async () => (await eventsOf(link.id)).length, QUEUED).toBe(before + 3);
    for (const event of (await eventsOf(link.id)).slice(-3)) expect(event).toMatchObject({ automated: true, counted: false });
  });

  it("under GPC stores the visit without campaign values or country", async () => {
    const before = (await eventsOf(link.id)).length;
    await follow(link.slug, { "Sec-GPC": "1", "CF-IPCountry": "FR" });
    await expect.poll(async () => (await eventsOf(link.id)).length, QUEUED).toBe(before + 1);
    expect((await eventsOf(link.id)).at(-1)).toMatchObject({ short_link: link.id, utm_source: "", utm_campaign: "", country: "" });
  });

  it("redirects at once while PocketBase is down, and the visit is stored once it is back", async () => {
    const before = (await eventsOf(link.id)).length;
    await setPocketBase("stop");
    try {
      const started = Date.now();
      const response = await follow(link.slug);
      expect(response.status).toBe(302);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await setPocketBase("start");
    }
    await expect.poll(async () => (await eventsOf(link.id)).length, { timeout: 60_000, interval: 1_000 }).toBe(before + 1);
  }, 90_000);
});

describe("a conversion is credited to its link", () => {
  it("through the click the link's visitor made: the conversion, the report's link row and the list's figures", async () => {
    const link = await makeLink({ slug: `edge-sale-${run}`, destination: offer.id, utm_source: "qr-poster", utm_campaign: `sale-${run}` });
    await expect.poll(() => statusOf(link.slug), PUBLISHED).toBe(302);
    const visitCookie = cookieOf(await follow(link.slug))!.split(";")[0]!;
    const out = await visit(`/goto?url=${encodeURIComponent(offer.cta_url)}`, { redirect: "manual", headers: { Cookie: visitCookie } });
    const clickId = new URL(out.headers.get("Location")!).searchParams.get("sub1")!;
    await expect.poll(async () => (await eventsOf(link.id, "click")).map((event) => event.click_id), QUEUED).toEqual([clickId]);
    const postback = await visit(`/postback/${network.postback_token}?click_id=${clickId}&txid=sale-${run}&payout=12.50&currency=USD`);
    expect(postback.status).toBe(200);
    const query = new URLSearchParams({ filter: `txid = "sale-${run}"` });
    await expect
      .poll(async () => {
        const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/conversions/records?${query}`, { headers: admin });
        return ((await response.json()) as { items: Array<{ short_link: string; matched: boolean }> }).items;
      }, QUEUED)
      .toEqual([expect.objectContaining({ short_link: link.id, matched: true })]);

    const marketer = await siteAccount(writer, "marketers");
    const session = await signInOnSite(marketer.email, marketer.password);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await (await visit(`/admin/reports?from=${today}&to=${today}&group=link&format=csv`, { headers: { Cookie: session } })).text();
    const row = csv.split("\r\n").find((line) => line.startsWith(`${link.slug},`));
    // One click out (unique or not: this test client clicked the offer before), one conversion, approved.
    // Clicks, unique clicks, conversions, then pending, approved and reversed (docs/reports.md).
    expect(row).toMatch(new RegExp(`^${link.slug},1,[01],1,0,1,0,1\\.0000,`));
    expect(row).toContain(",12.50,");
    const list = textOf(await (await visit(`/admin/links?from=${today}&to=${today}&q=${link.slug}`, { headers: { Cookie: session } })).text());
    // Clicks (visits: the polls above visited too), unique clicks, clicks out, conversions, revenue.
    expect(list).toMatch(new RegExp(`/l/${link.slug} Offer: \\S.*? [1-9]\\d* 1 1 1 \\$12\\.50`));
  });
});
