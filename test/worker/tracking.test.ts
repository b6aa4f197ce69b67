import { describe, expect, it } from "vitest";
import type { Offer, Product } from "../../src/data/types";
import { outboundHref } from "../../src/lib/outbound";
import { pocketbase, testEnv, textOf, visit, workerFetch } from "./helpers";

interface OutboundEventRecord {
  kind: string;
  target_host: string;
  offer: string;
  store: string;
  product: string;
  referrer_path: string;
  utm_source: string;
  utm_campaign: string;
  country: string;
}

async function superuser(): Promise<Record<string, string>> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: testEnv.TEST_PB_EMAIL, password: testEnv.TEST_PB_PASSWORD }),
  });
  return { Authorization: ((await response.json()) as { token: string }).token };
}

/** Events whose referring page is `path` (each test uses a path of its own). */
async function eventsFrom(path: string): Promise<OutboundEventRecord[]> {
  const filter = encodeURIComponent(`referrer_path = "${path}"`);
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records?filter=${filter}`, { headers: await superuser() });
  return ((await response.json()) as { items: OutboundEventRecord[] }).items;
}

/** Events reach PocketBase through the queue: its batches wait up to 2 s (wrangler.toml). */
const QUEUED = { timeout: 10_000, interval: 200 };

const uniquePath = () => `/test-${crypto.randomUUID()}`;
const referer = (path: string) => ({ Referer: `http://127.0.0.1:8787${path}` });

async function offerWithMacros(): Promise<Offer> {
  const filter = encodeURIComponent('cta_url ~ "{utm_source}" && cta_url ~ "{utm_campaign}"');
  const { items } = await pocketbase<{ items: Offer[] }>(`/api/collections/_zdata_offers/records?perPage=1&filter=${filter}`);
  return items[0]!;
}

/** An offer no other test file follows links of (the last with a click macro), so its
 * click count moves only with this file's clicks. */
async function offerOfOwnCount(): Promise<Offer> {
  const filter = encodeURIComponent('cta_url ~ "{utm_source}"');
  const { items } = await pocketbase<{ items: Offer[] }>(`/api/collections/_zdata_offers/records?perPage=1&sort=-id&filter=${filter}`);
  return items[0]!;
}

describe("tracking capture", () => {
  it("stores the nine keys' non-empty values in a Lax first-party cookie and keeps the page private", async () => {
    const response = await visit("/contact-us?utm_source=newsletter&utm_medium=&gclid=Cj0&ref=x");
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBe("dp_trk=utm_source=newsletter&gclid=Cj0; Path=/; Max-Age=2592000; SameSite=Lax");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("overwrites stored values with non-empty new ones and keeps the others", async () => {
    const response = await visit("/contact-us?utm_source=ads&utm_medium=&utm_campaign=q4", {
      headers: { Cookie: "dp_trk=utm_source=old&utm_medium=cpc&fbclid=f1" },
    });
    expect(response.headers.get("Set-Cookie")).toMatch(/^dp_trk=utm_source=ads&utm_medium=cpc&utm_campaign=q4&fbclid=f1;/);
  });

  it("sets no cookie without tracking parameters, or when nothing changes", async () => {
    expect((await visit("/contact-us")).headers.get("Set-Cookie")).toBeNull();
    expect((await visit("/contact-us?utm_source=a", { headers: { Cookie: "dp_trk=utm_source=a" } })).headers.get("Set-Cookie")).toBeNull();
  });

  it("cleans hostile values and bounds their length", async () => {
    const hostile = encodeURIComponent(`"><script>alert(1)</script>${"x".repeat(5000)}`);
    const cookie = (await visit(`/contact-us?utm_source=${hostile}`)).headers.get("Set-Cookie")!;
    expect(cookie).not.toMatch(/[<>"]/);
    expect(cookie.length).toBeLessThan(300);
  });

  it("renders the same HTML whatever the tracking parameters", async () => {
    // Each answer carries its own CSP nonce; everything else must be identical. PocketBase
    // writes a record's fields in no fixed order, so the renders read the same stored copies:
    // a first render stores them (concurrent misses each read the origin, decision 070).
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, "");
    await (await visit("/stores")).text();
    const bodies = await Promise.all(
      ["/stores", "/stores?utm_source=a&gclid=1", "/stores?utm_campaign=%3Cb%3E&fbclid=z"].map(async (p) => withoutNonce(await (await visit(p)).text())),
    );
    expect(bodies[1]).toBe(bodies[0]);
    expect(bodies[2]).toBe(bodies[0]);
    expect(bodies[0]).not.toContain("utm_");
  });
});

describe("/goto", () => {
  it("redirects (302, no-store) to a partner URL with the macros filled from the tracking cookie", async () => {
    const offer = await offerWithMacros();
    const response = await visit(outboundHref(offer.cta_url), {
      redirect: "manual",
      headers: { Cookie: "dp_trk=utm_source=news%20letter&utm_campaign=spring" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const location = response.headers.get("Location")!;
    expect(new URL(location).host).toBe(new URL(offer.cta_url).host);
    expect(location).toContain("utm_source=news%20letter");
    expect(location).toContain("utm_campaign=spring");
    expect(location).not.toMatch(/[{}]|%7B/);
  });

  it("empties macros with no stored value", async () => {
    const offer = await offerWithMacros();
    const location = (await visit(outboundHref(offer.cta_url), { redirect: "manual" })).headers.get("Location")!;
    expect(location).toContain("utm_source=&");
  });

  it("accepts hosts from ALLOWED_REDIRECT_HOSTS, IP addresses included only when listed", async () => {
    for (const target of ["https://clicks.network.example/c?id={utm_id}", "https://203.0.113.7/x"]) {
      const response = await visit(outboundHref(target), { redirect: "manual" });
      expect(response.status, target).toBe(302);
    }
  });

  it.each([
    ["missing url", "/goto"],
    ["empty url", "/goto?url="],
    ["javascript:", outboundHref("javascript:alert(1)")],
    ["data:", outboundHref("data:text/html,<script>alert(1)</script>")],
    ["protocol-relative", outboundHref("//evil.example/")],
    ["unknown host", outboundHref("https://evil.example/")],
    ["userinfo trick", outboundHref("https://astex.example@evil.example/")],
    ["backslashes", outboundHref("https://evil.example\\@partner.example/")],
    ["CR/LF", "/goto?url=https%3A%2F%2Fevil.example%2F%0D%0ASet-Cookie%3A%20x%3D1"],
    ["unlisted IP", outboundHref("http://127.0.0.1:8090/_/")],
    ["metadata IP", outboundHref("http://169.254.169.254/latest/")],
  ])("answers 400 and no redirect for %s", async (_, path) => {
    const response = await visit(path, { redirect: "manual" });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.text()).toContain("This is not a known partner link");
  });

  it("answers a background ping (wp=0) with 204 and never a redirect", async () => {
    const offer = await offerWithMacros();
    const response = await visit(outboundHref(offer.cta_url, { background: true }), { redirect: "manual" });
    expect(response.status).toBe(204);
    expect(response.headers.get("Location")).toBeNull();
  });
});

describe("click analytics", () => {
  it("records a click with host, offer, store, page, campaign and country, and counts it on the offer", async () => {
    const offer = await offerOfOwnCount();
    const before = (await pocketbase<Offer>(`/api/collections/_zdata_offers/records/${offer.id}`)).click_count;
    const path = uniquePath();
    const response = await visit(outboundHref(offer.cta_url), {
      redirect: "manual",
      headers: { ...referer(path), Cookie: "dp_trk=utm_source=news&utm_campaign=spring&gclid=g", "CF-IPCountry": "AE" },
    });
    expect(response.status).toBe(302);
    await expect
      .poll(() => eventsFrom(path), QUEUED)
      .toEqual([
        expect.objectContaining({
          kind: "click",
          target_host: new URL(offer.cta_url).hostname,
          offer: offer.id,
          store: offer.store,
          product: "",
          utm_source: "news",
          utm_campaign: "spring",
          country: "AE",
        }),
      ]);
    await expect.poll(async () => (await pocketbase<Offer>(`/api/collections/_zdata_offers/records/${offer.id}`)).click_count, QUEUED).toBe(before + 1);
  });

  it("records an impression for wp=0 and counts it as a view of the product", async () => {
    const { items } = await pocketbase<{ items: Product[] }>(`/api/collections/Products/records?perPage=1&filter=${encodeURIComponent('cta_url != ""')}`);
    const product = items[0]!;
    const path = uniquePath();
    await visit(outboundHref(product.cta_url, { background: true }), { headers: referer(path) });
    await expect.poll(() => eventsFrom(path), QUEUED).toEqual([expect.objectContaining({ kind: "impression", product: product.id })]);
    await expect
      .poll(async () => (await pocketbase<Product>(`/api/collections/Products/records/${product.id}`)).view_count, QUEUED)
      .toBe(product.view_count + 1);
  });

  it("does not count crawlers", async () => {
    const offer = await offerWithMacros();
    const path = uniquePath();
    const bot = await visit(outboundHref(offer.cta_url), {
      redirect: "manual",
      headers: { ...referer(path), "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(bot.status).toBe(302);
    // A visitor's click after the crawler's: once it is stored, the crawler's would be too.
    const visitorPath = uniquePath();
    await visit(outboundHref(offer.cta_url), { redirect: "manual", headers: referer(visitorPath) });
    await expect.poll(() => eventsFrom(visitorPath), QUEUED).toHaveLength(1);
    expect(await eventsFrom(path)).toEqual([]);
  });

  it("keeps event records away from the public API", async () => {
    expect((await visit("/api/collections/outbound_events/records")).status).toBe(404);
    const direct = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "click", target_host: "x.example" }),
    });
    expect(direct.status).toBeGreaterThanOrEqual(400);
  });
});

describe("ping endpoint", () => {
  const post = (body: string, headers: Record<string, string> = {}) =>
    visit("/api/status/ping", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });

  it("answers success true for the site's cid when pings are enabled and the visitor has not opted out", async () => {
    const response = await post(JSON.stringify({ cid: "dp1" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ success: true });
  });

  it.each([
    ["Global Privacy Control", { "Sec-GPC": "1" }],
    ["Do Not Track", { DNT: "1" }],
    ["the opt-out cookie", { Cookie: "a=b; dp_optout=1" }],
  ])("answers success false under %s", async (_, headers) => {
    expect(await (await post(JSON.stringify({ cid: "dp1" }), headers)).json()).toEqual({ success: false });
  });

  it("answers success false for another cid", async () => {
    expect(await (await post(JSON.stringify({ cid: "other" }))).json()).toEqual({ success: false });
  });

  it.each([
    ["not JSON", "cid=dp1"],
    ["broken JSON", "{"],
    ["no cid", "{}"],
    ["cid not a string", '{"cid":{"$ne":1}}'],
    ["cid too long", JSON.stringify({ cid: "x".repeat(100) })],
    ["null", "null"],
  ])("answers 400 to a bad body: %s", async (_, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it("answers 413 with success false to a body over its 1 KiB limit", async () => {
    const response = await post(JSON.stringify({ cid: "dp1", pad: "x".repeat(5000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false });
  });

  it("answers 400 to a body that is not declared JSON", async () => {
    expect((await visit("/api/status/ping", { method: "POST", headers: { "Content-Type": "text/plain" }, body: '{"cid":"dp1"}' })).status).toBe(400);
  });
});

describe("opt-out control", () => {
  const choose = (choice: string, headers: Record<string, string> = {}) =>
    visit("/privacy/opt-out", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: `choice=${choice}`,
    });

  it("sets the opt-out cookie and returns to the page with the saved choice", async () => {
    const response = await choose("out");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/do-not-sell-or-share?choice=opted-out#opt-out");
    expect(response.headers.get("Set-Cookie")).toBe("dp_optout=1; Path=/; Max-Age=63072000; SameSite=Strict");
  });

  it("clears it when the visitor opts back in", async () => {
    const response = await choose("in");
    expect(response.headers.get("Location")).toBe("/do-not-sell-or-share?choice=opted-in#opt-out");
    expect(response.headers.get("Set-Cookie")).toBe("dp_optout=; Path=/; Max-Age=0; SameSite=Strict");
  });

  it("over HTTPS every cookie is Secure, whatever SITE_ORIGIN says, and the cookie policy states each cookie's attributes as set", async () => {
    const https = (path: string, init?: RequestInit) => workerFetch(new Request(new URL(path, "https://127.0.0.1:8787"), { redirect: "manual", ...init }));
    const optOut = (
      await https("/privacy/opt-out", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "choice=out" })
    ).headers.get("Set-Cookie")!;
    const tracking = (await https("/contact-us?utm_source=newsletter")).headers.get("Set-Cookie")!;
    expect(optOut).toBe("dp_optout=1; Path=/; Max-Age=63072000; SameSite=Strict; Secure");
    expect(tracking).toBe("dp_trk=utm_source=newsletter; Path=/; Max-Age=2592000; SameSite=Lax; Secure");
    const policy = textOf(await (await visit("/cookie-policy")).text());
    for (const cookie of [optOut, tracking]) {
      const name = cookie.slice(0, cookie.indexOf("="));
      const sameSite = cookie.match(/SameSite=(\w+)/)![1];
      const row = `${name} ${/; Secure/.test(cookie) ? "Yes" : "No"} ${/; HttpOnly/.test(cookie) ? "Yes" : "No"} ${sameSite}`;
      expect(policy, row).toContain(row);
    }
  });

  it("refuses other choices and cross-site posts", async () => {
    expect((await choose("maybe")).status).toBe(400);
    expect((await choose("out", { Origin: "https://evil.example" })).status).toBe(403);
  });
});
