import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { POSTBACK_STATUSES } from "../../src/lib/postback";
import { REPORT_GROUPS } from "../../src/lib/report";
import * as rules from "../../src/lib/rules";
import { TRACKING_KEYS, TRACKING_VALUE_CHARACTERS, TRACKING_VALUE_MAX } from "../../src/lib/tracking";
import { OPEN_REDIRECT_VECTORS } from "../support/redirect-vectors";

/**
 * Issue 47, "one rule in one place": the Worker reads pocketbase/pb_hooks/rules.js, the file
 * PocketBase's hooks `require`. The few values the browser's bundle needs are kept in
 * TypeScript too (the bundler would copy the CommonJS module into every chunk); this test
 * holds each such copy equal to the rules.
 */
describe("the rules the Worker and PocketBase's hooks share", () => {
  it("are the values the browser keeps for itself", () => {
    expect([...TRACKING_KEYS]).toEqual([...rules.TRACKING_KEYS]);
    expect(TRACKING_VALUE_MAX).toBe(rules.LIMITS.tracking_value);
    expect(TRACKING_VALUE_CHARACTERS).toBe(rules.TRACKING_VALUE_CHARACTERS);
    expect(rules.SHORT_LINK.values).toEqual(TRACKING_KEYS.slice(0, 5));
  });

  it("let a short link lead to pages of this site only (docs/links.md)", () => {
    for (const vector of OPEN_REDIRECT_VECTORS) expect(rules.sitePathProblem(vector), vector).not.toBe("");
    for (const path of ["/l/x", "/goto?url=x", "/admin", "/admin/links", "/API/collections", "/postback/t", "/_cache/purge", "/build/x.js"])
      expect(rules.sitePathProblem(path), path).toBe("not_a_page");
    expect(rules.sitePathProblem("/stores?UTM_SOURCE=x")).toBe("has_campaign_values");
    for (const path of ["/", "/stores", "/gotoworld", "/offers?catID=a#top", "/blog/title/abcdefghijklmno"]) expect(rules.sitePathProblem(path), path).toBe("");
  });

  it("are what the Worker's postback parser and report read", () => {
    expect(POSTBACK_STATUSES).toBe(rules.CONVERSION_STATUSES);
    expect(REPORT_GROUPS).toBe(rules.REPORT_GROUPS);
  });

  it("load in Node as PocketBase's hooks load them, with the same values", () => {
    const hooks = new URL("../../pocketbase/pb_hooks/", import.meta.url).pathname;
    const required = createRequire(hooks)(`${hooks}rules.js`);
    expect(required.LIMITS).toEqual(rules.LIMITS);
    expect(required.TRACKING_KEYS).toEqual([...TRACKING_KEYS]);
  });

  it("let a domain cover its subdomains and nothing else", () => {
    expect(rules.hostInDomains("go.shop.example", ["shop.example"])).toBe(true);
    expect(rules.hostInDomains("shop.example", ["shop.example"])).toBe(true);
    expect(rules.hostInDomains("evilshop.example", ["shop.example"])).toBe(false);
    expect(rules.hostInDomains("shop.example.evil.example", ["shop.example"])).toBe(false);
    expect(rules.hostInDomains("shop.example", [""])).toBe(false);
    expect(rules.clickDomainList(" AWIN1.com, .sjv.io.\nclick.example ")).toEqual(["awin1.com", "sjv.io", "click.example"]);
    expect(rules.websiteDomain("https://www.Shop.example/deals")).toBe("shop.example");
    expect(rules.websiteDomain("not a url")).toBe("");
  });

  it("read a partner URL's host as the URL parser does, wherever the content checks accept the URL", () => {
    const urls = [
      "https://Shop.Example/deal?utm_source={utm_source}",
      "https://go.shop.example:8443/x",
      "https://xn--bcher-kva.example/",
      "https://shop.example#top",
      "https://a-b.c-d.example/path",
    ];
    for (const url of urls) expect(rules.partnerUrlHost(url)).toBe(new URL(url).hostname);
    for (const url of ["http://shop.example/", "https://127.0.0.1/", "https://localhost/", "https://shop.example@evil.example/", "javascript:alert(1)"])
      expect(rules.partnerUrlHost(url)).toBe("");
  });
});
