import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Offer } from "../../src/data/types";
import { CONSENT_BANNER_ID, CONSENT_PATH } from "../../src/lib/consent";
import { outboundHref } from "../../src/lib/outbound";
import app from "../../src/worker";
import { LIVE, pocketbase, testEnv, visit } from "./helpers";

/**
 * Issue 51: consent before analytics. Visitors from the EEA, the UK and Switzerland (by
 * CF-IPCountry or their chosen country) get a consent choice added to the page; the page
 * the cache keeps is the same for everyone; the campaign cookie and the affiliate pings
 * wait for Accept, and clicks count anonymously meanwhile. GPC and DNT still win.
 */
const BANNER = `id="${CONSENT_BANNER_ID}"`;
const CACHED_ENV = { ...testEnv, PAGE_CACHE_FRESH_S: "60", PAGE_CACHE_STALE_S: "3600" };
const fresh = () => `t=${crypto.randomUUID().slice(0, 8)}`;

async function page(path: string, headers: Record<string, string>, env: Record<string, unknown> = testEnv as unknown as Record<string, unknown>) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), { headers }), env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, html, cache: response.headers.get("X-Edge-Cache") };
}

const choose = (body: string, headers: Record<string, string> = {}) =>
  visit(CONSENT_PATH, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body, redirect: "manual" });

describe("the consent choice on pages", () => {
  it.each(["DE", "FR", "GB", "CH", "NO"])("is added for a visitor from %s who has not chosen, at the end of the body", async (country) => {
    const { html } = await page("/", { "CF-IPCountry": country });
    const at = html.indexOf(BANNER);
    expect(at).toBeGreaterThan(html.indexOf('id="root"'));
    const banner = html.slice(at, html.indexOf("</section>", at));
    // Accept and Reject alike; nothing ticked; the page to come back to.
    expect(banner).toContain('<button type="submit" name="consent" value="granted" class="btn btn-primary">Accept</button>');
    expect(banner).toContain('<button type="submit" name="consent" value="denied" class="btn btn-primary">Reject</button>');
    expect(banner).not.toMatch(/checked|type="checkbox"/);
    expect(banner).toContain(`action="${CONSENT_PATH}"`);
    expect(banner).toContain('name="back" value="/"');
    expect(html.indexOf("</body>")).toBeGreaterThan(at);
  });

  it("is added for a visitor who chose a country that asks, wherever they are", async () => {
    expect((await page("/offers", { "CF-IPCountry": "US", Cookie: "dp_country=DE" })).html).toContain(BANNER);
  });

  it.each([
    ["a visitor from the US", { "CF-IPCountry": "US" }],
    ["an unknown country", {}],
    ["a visitor from DE who accepted", { "CF-IPCountry": "DE", Cookie: "dp_consent=granted" }],
    ["a visitor from DE who refused", { "CF-IPCountry": "DE", Cookie: "dp_consent=denied" }],
    ["a visitor from DE sending GPC", { "CF-IPCountry": "DE", "Sec-GPC": "1" }],
    ["a visitor from DE sending DNT", { "CF-IPCountry": "DE", DNT: "1" }],
  ])("is not added for %s", async (_, headers) => {
    expect((await page("/", headers)).html).not.toContain(BANNER);
  });

  it("leaves the cached page the same for everyone: a copy stored for a German visitor serves an American without it, and back", async () => {
    const path = `/about-us?${fresh()}`;
    const first = await page(path, { "CF-IPCountry": "DE" }, CACHED_ENV);
    expect(first.cache).toBe("MISS");
    expect(first.html).toContain(BANNER);
    const us = await page(path, { "CF-IPCountry": "US" }, CACHED_ENV);
    expect(us.cache).toBe("HIT");
    expect(us.html).not.toContain(BANNER);
    const de = await page(path, { "CF-IPCountry": "DE" }, CACHED_ENV);
    expect(de.cache).toBe("HIT");
    expect(de.html).toContain(BANNER);
  });
});

describe("POST /privacy/consent", () => {
  it.each([
    ["granted", "/stores?page=2"],
    ["denied", "/blog"],
  ])("keeps %s in dp_consent for six months and goes back to the page", async (choice, back) => {
    const response = await choose(new URLSearchParams({ consent: choice, back }).toString(), { Origin: "http://127.0.0.1:8787" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(back);
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe(`dp_consent=${choice}; Path=/; Max-Age=15724800; SameSite=Lax`);
    // A refusal also drops the campaign cookie.
    expect(cookies.some((c) => c.startsWith("dp_trk=; Path=/; Max-Age=0"))).toBe(choice === "denied");
  });

  it("answers the page's script with 204", async () => {
    const response = await choose("consent=granted&back=%2F", { Accept: "application/json" });
    expect(response.status).toBe(204);
    expect(response.headers.getSetCookie()[0]).toContain("dp_consent=granted");
  });

  it.each([
    ["no choice", "back=%2F", {}, 400],
    ["another value", "consent=yes", {}, 400],
    ["another site's form", "consent=granted", { Origin: "https://evil.example" }, 403],
  ])("refuses %s and sets nothing", async (_, body, headers, status) => {
    const response = await choose(body, headers);
    expect(response.status).toBe(status);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("goes back to this site only", async () => {
    const response = await choose("consent=denied&back=https%3A%2F%2Fevil.example%2F");
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("what waits for consent", () => {
  const CAMPAIGN = "utm_source=news&utm_campaign=spring";

  it("sets the campaign cookie for a visitor from the US, and from DE only after Accept", async () => {
    const set = async (headers: Record<string, string>) =>
      (await visit(`/?${CAMPAIGN}`, { headers })).headers.getSetCookie().some((c) => c.startsWith("dp_trk="));
    expect(await set({ "CF-IPCountry": "US" })).toBe(true);
    expect(await set({ "CF-IPCountry": "DE" })).toBe(false);
    expect(await set({ "CF-IPCountry": "DE", Cookie: "dp_consent=denied" })).toBe(false);
    expect(await set({ "CF-IPCountry": "DE", Cookie: "dp_consent=granted" })).toBe(true);
  });

  it("answers the affiliate ping no before Accept, as under GPC", async () => {
    const ping = async (headers: Record<string, string>) =>
      (
        (await (
          await visit("/api/status/ping", { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ cid: "dp1" }) })
        ).json()) as { success: boolean }
      ).success;
    expect(await ping({ "CF-IPCountry": "US" })).toBe(true);
    expect(await ping({ "CF-IPCountry": "DE" })).toBe(false);
    expect(await ping({ "CF-IPCountry": "DE", Cookie: "dp_consent=granted" })).toBe(true);
    expect(await ping({ "CF-IPCountry": "DE", Cookie: "dp_consent=granted", "Sec-GPC": "1" })).toBe(false);
  });

  it("fills no campaign value into a partner's link before Accept: the click goes out anonymously", async () => {
    const filter = encodeURIComponent(`cta_url ~ "{utm_campaign}" && countries:length = 0 && ${LIVE}`);
    const { items } = await pocketbase<{ items: Offer[] }>(`/api/collections/_zdata_offers/records?perPage=1&sort=id&filter=${filter}`);
    const offer = items[0]!;
    const out = async (headers: Record<string, string>) =>
      new URL(
        (await visit(outboundHref(offer.cta_url), { redirect: "manual", headers: { Cookie: "dp_trk=utm_campaign=spring", ...headers } })).headers.get(
          "Location",
        )!,
      );
    expect((await out({ "CF-IPCountry": "US" })).href).toContain("spring");
    expect((await out({ "CF-IPCountry": "DE" })).href).not.toContain("spring");
    expect((await out({ "CF-IPCountry": "DE", Cookie: "dp_trk=utm_campaign=spring; dp_consent=granted" })).href).toContain("spring");
  });
});
