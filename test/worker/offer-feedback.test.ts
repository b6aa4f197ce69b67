import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import app from "../../src/worker";
import { FAILURES } from "../../src/edge/posts/offer-feedback";
import { FEEDBACK_MESSAGES } from "../../src/lib/offer-feedback";
import { pocketbaseWriter, setPocketBase, sleep, testEnv, visit } from "./helpers";

/** Issue 15: POST /offers/{id}/feedback, "Did this code work? Yes / No". */

const SITE = "http://127.0.0.1:8787";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";

/** A client address of its own, so each test starts with a fresh rate-limit budget. */
function clientIp(): string {
  const hex = crypto.randomUUID().replace(/-/g, "");
  return `2001:db8:${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}::7`;
}

interface VoteOptions {
  worked?: string;
  json?: boolean;
  form?: boolean;
  ip?: string;
  origin?: string | null;
  cookie?: string;
  userAgent?: string;
  returnTo?: string;
  body?: string;
}

function vote(
  offerId: string,
  { worked = "yes", json = true, form = false, ip = clientIp(), origin = SITE, cookie, userAgent = BROWSER, returnTo = "/offers", body }: VoteOptions = {},
) {
  const headers: Record<string, string> = { "CF-Connecting-IP": ip, "User-Agent": userAgent, Accept: json ? "application/json" : "text/html,*/*;q=0.8" };
  if (origin !== null) headers.Origin = origin;
  if (cookie) headers.Cookie = cookie;
  headers["Content-Type"] = form ? "application/x-www-form-urlencoded" : "application/json";
  const payload = body ?? (form ? new URLSearchParams({ worked, return_to: returnTo }).toString() : JSON.stringify({ worked }));
  return visit(`/offers/${offerId}/feedback`, { method: "POST", headers, body: payload, redirect: "manual" });
}

const writer = await pocketbaseWriter();
let offer: Offer;
let store: Store;

/** The counters as PocketBase holds them (the offer collection is public to read). */
async function counters(id = offer.id): Promise<{ worked_count: number; failed_count: number }> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${id}?fields=worked_count,failed_count`);
  return (await response.json()) as { worked_count: number; failed_count: number };
}

const cookieValue = (response: Response) => response.headers.get("Set-Cookie")?.match(/^dp_votes=([^;]*)/)?.[1];

beforeAll(async () => {
  store = await writer.create<Store>("_zdata_stores", { title: `Feedback ${crypto.randomUUID().slice(0, 6)}`, website: "https://votes.example/" });
  offer = await writer.create<Offer>("_zdata_offers", {
    heading: "Vote on me",
    type: "coupon",
    coupon_code: "VOTE10",
    store: store.id,
    cta_label: "Go",
    cta_url: "https://votes.example/",
    worked_count: 4,
    failed_count: 1,
  });
});
afterAll(async () => {
  await setPocketBase("start");
  await writer.cleanup();
});

describe("POST /offers/{id}/feedback", () => {
  it("counts a first vote (JSON), answers the new counts and remembers the vote in a first-party cookie", async () => {
    const before = await counters();
    const response = await vote(offer.id, { worked: "yes" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({
      counted: true,
      worked_count: before.worked_count + 1,
      failed_count: before.failed_count,
      message: FEEDBACK_MESSAGES.thanks,
    });
    // PocketBase's hook raised the counter (the Worker only created the vote record).
    expect(await counters()).toEqual({ worked_count: before.worked_count + 1, failed_count: before.failed_count });
    const setCookie = response.headers.get("Set-Cookie")!;
    // Not HttpOnly: the page's script reads it to mark the cards already voted on.
    expect(setCookie).toMatch(new RegExp(`^dp_votes=${offer.id}; Path=/; Max-Age=31536000; SameSite=Strict$`));
  });

  it("accepts a second vote from the same visitor without counting it", async () => {
    const first = await vote(offer.id, { worked: "no" });
    expect(first.status).toBe(200);
    const cookie = `dp_votes=${cookieValue(first)}`;
    const after = await counters();
    const again = await vote(offer.id, { worked: "no", cookie });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ counted: false, ...after });
    expect(await counters()).toEqual(after);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("keeps the votes on other offers in the cookie", async () => {
    const other = "a".repeat(15);
    const response = await vote(offer.id, { cookie: `theme=dark; dp_votes=${other}` });
    expect(cookieValue(response)).toBe(`${other}.${offer.id}`);
  });

  it("without JavaScript: a form post is counted and answered 303 back to the page it came from, on this site only", async () => {
    const before = await counters();
    const response = await vote(offer.id, { json: false, form: true, worked: "no", returnTo: "/stores/feedback/abc?page=2" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/stores/feedback/abc?page=2");
    expect(cookieValue(response)).toBe(offer.id);
    expect(await counters()).toEqual({ ...before, failed_count: before.failed_count + 1 });
    for (const hostile of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
      const away = await vote(offer.id, { json: false, form: true, returnTo: hostile, cookie: `dp_votes=${offer.id}` });
      expect(away.status).toBe(303);
      expect(away.headers.get("Location"), hostile).toBe("/");
    }
  });

  it("never counts bots", async () => {
    const before = await counters();
    const response = await vote(offer.id, { userAgent: GOOGLEBOT });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ counted: false, ...before });
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await counters()).toEqual(before);
  });

  it("answers 404 for an unknown or malformed offer id", async () => {
    for (const id of ["zzzzzzzzzzzzzzz", "not-an-id", "x".repeat(40)]) {
      const response = await vote(id);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ status: "unknown", message: FAILURES.unknown.message });
    }
    expect((await vote("zzzzzzzzzzzzzzz", { json: false, form: true })).status).toBe(404);
  });

  it("answers 400 for a malformed body, counting nothing", async () => {
    const before = await counters();
    for (const body of ['{"worked":"maybe"}', '{"worked":true}', "{not json", "", '["yes"]']) {
      const response = await vote(offer.id, { body });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ status: "invalid", message: FAILURES.invalid.message });
    }
    const form = await vote(offer.id, { json: false, form: true, body: "worked=perhaps" });
    expect(form.status).toBe(400);
    expect(await form.text()).toBe(FAILURES.invalid.message);
    expect(await counters()).toEqual(before);
  });

  it("refuses cross-site posts (403)", async () => {
    const before = await counters();
    const response = await vote(offer.id, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await counters()).toEqual(before);
  });

  it("rate-limits each client like the newsletter: 10 votes a minute, then 429", async () => {
    if (Date.now() % 60_000 > 50_000) await sleep(60_000 - (Date.now() % 60_000) + 200);
    const ip = clientIp();
    for (let i = 0; i < 10; i++) expect((await vote(offer.id, { ip, cookie: `dp_votes=${offer.id}` })).status).toBe(200);
    const limited = await vote(offer.id, { ip, cookie: `dp_votes=${offer.id}` });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
  });

  it("cannot set the counters through any public route", async () => {
    for (const method of ["PATCH", "POST", "PUT", "DELETE"]) {
      const response = await visit(`/api/collections/_zdata_offers/records/${offer.id}`, {
        method,
        headers: { "Content-Type": "application/json" },
        body: method === "DELETE" ? undefined : JSON.stringify({ worked_count: 999 }),
      });
      expect(response.status, method).toBe(405);
    }
    // Nor on PocketBase itself without a superuser: the collection has no public write rule.
    const direct = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${offer.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ worked_count: 999 }),
    });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect((await counters()).worked_count).not.toBe(999);
  });

  it("answers 503 with a clear message when PocketBase is down (JSON and form), never a 5xx page", async () => {
    await setPocketBase("stop");
    try {
      const json = await vote(offer.id);
      expect(json.status).toBe(503);
      expect(json.headers.get("Retry-After")).toBe("60");
      expect(await json.json()).toEqual({ status: "unavailable", message: FEEDBACK_MESSAGES.unavailable });
      const form = await vote(offer.id, { json: false, form: true });
      expect(form.status).toBe(503);
      const text = await form.text();
      expect(text).toBe(FEEDBACK_MESSAGES.unavailable);
      expect(text).not.toMatch(/127\.0\.0\.1|Error|at /);
    } finally {
      await setPocketBase("start");
    }
  });
});

describe("the tally after a vote (issue 34)", () => {
  /** The page cache on (fresh an hour), as in production; background work awaited. */
  const CACHED_ENV = { ...testEnv, PAGE_CACHE_FRESH_S: "3600", PAGE_CACHE_STALE_S: "3600", CACHE_FRESH_S: "3600" };
  async function cachedFetch(path: string, init: RequestInit = {}) {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(new URL(path, SITE), init), CACHED_ENV, ctx);
    const text = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, text, cache: response.headers.get("X-Edge-Cache") };
  }
  const storePagePath = () => `/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}?tally=${crypto.randomUUID().slice(0, 8)}`;
  const tallyOf = (html: string) => html.match(/\d+% worked · \d+ votes?/)?.[0];
  const castVote = (path: string, form: boolean, cookie?: string) =>
    cachedFetch(`/offers/${offer.id}/feedback`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: SITE,
        "User-Agent": BROWSER,
        "CF-Connecting-IP": clientIp(),
        ...(form
          ? { "Content-Type": "application/x-www-form-urlencoded" }
          : { "Content-Type": "application/json", Accept: "application/json", Referer: `${SITE}${path}` }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: form ? new URLSearchParams({ worked: "yes", return_to: path }).toString() : JSON.stringify({ worked: "yes" }),
    });

  for (const form of [false, true]) {
    it(`the voter's next load of the page shows the new tally, not the cached one (${form ? "form post" : "script"})`, async () => {
      const path = storePagePath();
      expect((await cachedFetch(path)).cache).toBe("MISS");
      const cached = await cachedFetch(path);
      expect(cached.cache).toBe("HIT");
      const { worked_count, failed_count } = await counters();
      expect(tallyOf(cached.text)).toBe(`${Math.round((worked_count / (worked_count + failed_count)) * 100)}% worked · ${worked_count + failed_count} votes`);

      const voted = await castVote(path, form);
      expect(voted.response.status).toBe(form ? 303 : 200);
      const next = await cachedFetch(path);
      expect(next.cache).toBe("MISS");
      const votes = worked_count + 1 + failed_count;
      expect(tallyOf(next.text)).toBe(`${Math.round(((worked_count + 1) / votes) * 100)}% worked · ${votes} votes`);
    });
  }

  it("a vote that is not counted (a repeat) leaves the cached page alone", async () => {
    const path = storePagePath();
    await cachedFetch(path);
    expect((await cachedFetch(path)).cache).toBe("HIT");
    const repeat = await castVote(path, false, `dp_votes=${offer.id}`);
    expect(await repeat.response.status).toBe(200);
    expect((await cachedFetch(path)).cache).toBe("HIT");
  });
});
