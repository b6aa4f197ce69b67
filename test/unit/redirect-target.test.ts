import { describe, expect, it } from "vitest";
import { isAllowedTarget, normaliseHost, parseTarget } from "../../src/lib/redirect-target";

const PARTNERS = ["partner.example", "shop.example", "xn--bcher-kva.example"];
const EXTRA = new Set(["clicks.network.example", "203.0.113.7"]);

function allowed(raw: string): boolean {
  const parsed = parseTarget(raw);
  return parsed.ok && isAllowedTarget(parsed.url, PARTNERS, EXTRA);
}

/** Open-redirect corpus in the style of the OWASP Unvalidated Redirects cheat sheet and
 * the usual bypass lists: every one of these must be refused. */
const REFUSED = [
  "",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "javascript://partner.example/%0Aalert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://partner.example/",
  "//evil.example/",
  "///evil.example/",
  "////evil.example/",
  "/\\evil.example/",
  "\\\\evil.example",
  "https:evil.example",
  "https:/evil.example",
  "https:\\\\evil.example",
  "https://evil.example",
  "https://evil.example/partner.example",
  "https://partner.example.evil.example/",
  "https://evilpartner.example/",
  "https://partner.example@evil.example/",
  "https://partner.example:443@evil.example/",
  "https://user:pass@partner.example/",
  "https://evil.example\\@partner.example/",
  "https://evil.example%40partner.example/",
  "https://evil.example#@partner.example/",
  "https://evil.example?@partner.example/",
  "https://partner.example\r\nLocation: https://evil.example/",
  "https://partner.example/%0d%0aSet-Cookie:x=1\n",
  "https://partner.example/\tpath",
  " https://partner.example/",
  "https://partner.example /",
  "\u0000https://partner.example/",
  "https://127.0.0.1/",
  "http://0x7f.0.0.1/",
  "http://2130706433/",
  "http://0177.0.0.1/",
  "http://[::1]/",
  "http://[::ffff:127.0.0.1]/",
  "http://169.254.169.254/latest/meta-data/",
  "https://partner.example./",
  "https://PARTNER.example.evil.example",
  "https://xn--bcher-kva.example.evil.example/",
  `https://${"a".repeat(3000)}.example/`,
  "%68ttps://evil.example",
  "https%3A%2F%2Fevil.example",
  "https://evil。example/",
  "https://partner.example:8080@evil.example:443/",
];

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
