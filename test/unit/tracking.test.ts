import { describe, expect, it } from "vitest";
import { readCookie, serializeCookie } from "../../src/lib/cookies";
import { hasOptedOut } from "../../src/lib/privacy";
import {
  cleanTrackingValue,
  mergeTracking,
  parseTracking,
  replaceMacros,
  serializeTracking,
  trackingFromQuery,
  TRACKING_KEYS,
  TRACKING_VALUE_MAX,
  withoutTracking,
} from "../../src/lib/tracking";

describe("tracking capture rules", () => {
  it("knows the spec's nine keys", () => {
    expect(TRACKING_KEYS).toEqual(["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content", "gclid", "utm_g", "fbclid", "utm_id"]);
  });

  it("takes non-empty values of the nine keys only", () => {
    const params = new URLSearchParams("utm_source=news&utm_medium=&gclid=abc&ref=x&utm_campaign=%20%20");
    expect(trackingFromQuery(params)).toEqual({ utm_source: "news", gclid: "abc" });
  });

  it("overwrites stored values with non-empty new ones and keeps the others", () => {
    expect(mergeTracking({ utm_source: "old", utm_medium: "cpc", fbclid: "f1" }, { utm_source: "new", gclid: "g2" })).toEqual({
      utm_source: "new",
      utm_medium: "cpc",
      gclid: "g2",
      fbclid: "f1",
    });
  });

  it("cleans values: quotes, markup, control and non-ASCII characters go, length is bounded", () => {
    expect(cleanTrackingValue(`spring "sale" <script>\r\n;x=1`)).toBe("spring sale scriptx1");
    expect(cleanTrackingValue("ünïcode-ok_1.2~3")).toBe("ncode-ok_1.2~3");
    expect(cleanTrackingValue("a".repeat(5000))).toHaveLength(TRACKING_VALUE_MAX);
  });

  it("round-trips through the cookie value, which holds no cookie separators", () => {
    const data = { utm_source: "google ads", utm_campaign: "q4,promo", gclid: "Cj0KCQ" };
    const value = serializeTracking(data);
    expect(value).not.toMatch(/[;, "\\]/);
    expect(parseTracking(value)).toEqual(data);
    const total = serializeTracking(Object.fromEntries(TRACKING_KEYS.map((k) => [k, "x".repeat(10_000)])));
    expect(total.length).toBeLessThan(2500);
  });

  it("ignores unknown keys and junk in a stored value", () => {
    expect(parseTracking("evil=1&utm_source=%3Cb%3Eok&utm_id=")).toEqual({ utm_source: "bok" });
    expect(parseTracking("%E0%A4%A")).toEqual({});
    expect(parseTracking(undefined)).toEqual({});
  });

  it("carries a short link's id after the nine values, by the same rule, and never takes one from an address", () => {
    const link = "abcdefghijklmno";
    const merged = mergeTracking({ utm_source: "old", utm_term: "vpn" }, { utm_source: "print", link });
    expect(merged).toEqual({ utm_source: "print", utm_term: "vpn", link });
    expect(serializeTracking(merged)).toBe(`utm_source=print&utm_term=vpn&link=${link}`);
    expect(parseTracking(serializeTracking(merged))).toEqual(merged);
    // A page arriving with new values keeps the link, as it keeps the other values.
    expect(mergeTracking(merged, trackingFromQuery(new URLSearchParams(`utm_source=google&link=zzzzzzzzzzzzzzz`)))).toEqual({
      ...merged,
      utm_source: "google",
    });
    expect(parseTracking("utm_source=a&link=NOT-AN-ID")).toEqual({ utm_source: "a" });
    expect(parseTracking("link=abc%3Cscript")).toEqual({});
  });

  it("strips tracking parameters from a URL and leaves other URLs untouched", () => {
    const url = new URL("https://site.example/stores?catID=b&utm_source=x&catID=a&gclid=1");
    expect(withoutTracking(url).href).toBe("https://site.example/stores?catID=b&catID=a");
    const plain = new URL("https://site.example/stores?catID=a");
    expect(withoutTracking(plain)).toBe(plain);
  });
});

describe("macro replacement", () => {
  it("replaces the nine keys' macros with URL-encoded stored values, missing ones with nothing", () => {
    expect(replaceMacros("https://p.example/buy?src={utm_source}&c={utm_campaign}&g={gclid}", { utm_source: "news letter", utm_campaign: "a&b=c" })).toBe(
      "https://p.example/buy?src=news%20letter&c=a%26b%3Dc&g=",
    );
  });
  it("replaces {click_id} with the event's click id, and with nothing when there is none", () => {
    const template = "https://p.example/buy?sub1={click_id}&s={utm_source}";
    expect(replaceMacros(template, { utm_source: "a" }, "0190f5c2-0000-7000-8000-000000000000")).toBe(
      "https://p.example/buy?sub1=0190f5c2-0000-7000-8000-000000000000&s=a",
    );
    expect(replaceMacros(template, {})).toBe("https://p.example/buy?sub1=&s=");
  });
  it("leaves other braces alone", () => {
    expect(replaceMacros("https://p.example/{page}?q={utm_term}{", { utm_term: "vpn" })).toBe("https://p.example/{page}?q=vpn{");
  });
});

describe("cookies and privacy signals", () => {
  it("reads one cookie among many", () => {
    expect(readCookie("a=1; dp_trk=utm_source%3Dx; b=2", "dp_trk")).toBe("utm_source%3Dx");
    expect(readCookie("xdp_trk=1", "dp_trk")).toBeUndefined();
    expect(readCookie(undefined, "dp_trk")).toBeUndefined();
  });
  it("writes site-wide Lax cookies, Secure unless told otherwise", () => {
    expect(serializeCookie("n", "v", { maxAge: 60, secure: true, sameSite: "Lax", httpOnly: false })).toBe("n=v; Path=/; Max-Age=60; SameSite=Lax; Secure");
    expect(serializeCookie("n", "v", { maxAge: 60, secure: false, sameSite: "Strict", httpOnly: true })).toBe(
      "n=v; Path=/; Max-Age=60; SameSite=Strict; HttpOnly",
    );
  });
  it("treats GPC, DNT and the opt-out cookie as an opt-out", () => {
    expect(hasOptedOut({ gpc: false, dnt: false, cookies: "a=1" })).toBe(false);
    expect(hasOptedOut({ gpc: true, dnt: false, cookies: "" })).toBe(true);
    expect(hasOptedOut({ gpc: false, dnt: true, cookies: "" })).toBe(true);
    expect(hasOptedOut({ gpc: false, dnt: false, cookies: "dp_optout=1" })).toBe(true);
    expect(hasOptedOut({ gpc: false, dnt: false, cookies: "dp_optout=0" })).toBe(false);
  });
});
