import { describe, expect, it } from "vitest";
import { isAllowedTarget, normaliseHost, parseTarget } from "../../src/lib/redirect-target";
import { OPEN_REDIRECT_VECTORS as REFUSED } from "../support/redirect-vectors";

const PARTNERS = ["partner.example", "shop.example", "xn--bcher-kva.example"];
const EXTRA = new Set(["clicks.network.example", "203.0.113.7"]);

function allowed(raw: string): boolean {
  const parsed = parseTarget(raw);
  return parsed.ok && isAllowedTarget(parsed.url, PARTNERS, EXTRA);
}

/** Partner links as the content writes them: allowed. */
const ACCEPTED = [
  "https://partner.example/",
  "https://partner.example/buy?ref=dp&src={utm_source}&gclid={gclid}",
  "http://partner.example/plain-http",
  "HTTPS://PARTNER.EXAMPLE/Upper",
  "https://www.shop.example/deal#section",
  "https://partner.example:8443/port",
  "https://bücher.example/idn",
  "https://clicks.network.example/c?id=1",
  "https://203.0.113.7/listed-ip",
];

describe("/goto target checks", () => {
  it(`refuses ${REFUSED.length} open-redirect attempts`, () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(40);
  });
  it.each(REFUSED)("refuses %j", (raw) => {
    expect(allowed(raw)).toBe(false);
  });
  it.each(ACCEPTED)("accepts %j", (raw) => {
    expect(allowed(raw)).toBe(true);
  });
  it("says why a target fails to parse", () => {
    expect(parseTarget(null)).toEqual({ ok: false, reason: "missing" });
    expect(parseTarget("https://a.example/\n")).toEqual({ ok: false, reason: "forbidden character" });
    expect(parseTarget("//a.example")).toEqual({ ok: false, reason: "not an absolute http(s) URL" });
    expect(parseTarget("https://u@a.example")).toEqual({ ok: false, reason: "userinfo" });
  });
});

describe("normaliseHost", () => {
  it("writes hosts as the URL parser does and refuses anything else", () => {
    expect(normaliseHost(" Partner.Example ")).toBe("partner.example");
    expect(normaliseHost("bücher.example")).toBe("xn--bcher-kva.example");
    expect(normaliseHost("[::1]")).toBe("[::1]");
    for (const bad of ["", "a/b", "a@b", "a b", "a\\b"]) expect(normaliseHost(bad)).toBeUndefined();
  });
});
