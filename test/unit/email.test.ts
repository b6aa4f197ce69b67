import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, isValidEmail, normaliseEmail } from "../../src/lib/email";
import {
  consentVersion,
  DIGEST_CONSENT,
  NEWSLETTER_FORM,
  parseSignUpStatus,
  returnPathOf,
  safeReturnPath,
  signUpRedirect,
  STORE_ALERTS_FORM,
} from "../../src/lib/newsletter";

describe("newsletter email rule", () => {
  it.each([
    "name@example.com",
    "first.last@example.co.uk",
    "user+deals@sub.example.org",
    "o'brien@example.ie",
    "x@a-b.io",
    "a@b.cc",
    "1234@example.com",
    "weird!#$%&*/=?^_`{|}~-@example.com",
    "name@xn--bcher-kva.example",
  ])("accepts %s", (email) => {
    expect(normaliseEmail(email)).toBe(email.toLowerCase());
  });

  it("trims and lower-cases", () => {
    expect(normaliseEmail("  Name.Surname@Example.COM \n")).toBe("name.surname@example.com");
  });

  it.each([
    "",
    "   ",
    "plainaddress",
    "@example.com",
    "name@",
    "name@localhost",
    "name@@example.com",
    "na@me@example.com",
    "name @example.com",
    "name@exa mple.com",
    "name@example..com",
    "name@.example.com",
    "name@example.com.",
    "name@-example.com",
    "name@example-.com",
    ".name@example.com",
    "name.@example.com",
    "na..me@example.com",
    "name@example_domain.com",
    "nämé@example.com",
    "name@exämple.com",
    "name@example.com\r\nBcc: x@example.com",
    "<name@example.com>",
    "name@example.com,other@example.com",
  ])("rejects %j", (email) => {
    expect(normaliseEmail(email)).toBeNull();
    expect(isValidEmail(email)).toBe(false);
  });

  it("rejects non-strings", () => {
    for (const value of [undefined, null, 42, {}, ["a@b.cc"]]) expect(normaliseEmail(value)).toBeNull();
  });

  it(`accepts at most ${EMAIL_MAX_LENGTH} characters and a local part of at most 64`, () => {
    const local64 = `${"a".repeat(64)}@example.com`;
    expect(normaliseEmail(local64)).toBe(local64);
    expect(normaliseEmail(`${"a".repeat(65)}@example.com`)).toBeNull();
    const longest = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.exampl`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(normaliseEmail(longest)).toBe(longest);
    expect(normaliseEmail(`${longest}x`)).toBeNull();
    expect(normaliseEmail(`  ${longest}  `)).toBe(longest);
  });
});

describe("newsletter return path", () => {
  it.each([
    ["/", "/"],
    ["/stores", "/stores"],
    ["/stores?catID=abc&page=2", "/stores?catID=abc&page=2"],
    ["/blog/a%20b", "/blog/a%20b"],
    ["/%0d%0aSet-Cookie", "/%0d%0aSet-Cookie"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "//evil.example/path",
    "https://evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "/\\evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/path\r\nSet-Cookie: a=b",
    "/path\nx",
    "/\tevil",
    "evil.example",
    "",
    undefined,
    null,
    42,
    `/${"a".repeat(2001)}`,
  ])("replaces %j with /", (input) => {
    expect(safeReturnPath(input)).toBe("/");
  });

  it("adds the outcome and the anchor, replacing an earlier outcome", () => {
    expect(signUpRedirect("/stores?catID=x&newsletter=invalid", "sent", NEWSLETTER_FORM)).toBe("/stores?catID=x&newsletter=sent#newsletter");
    expect(signUpRedirect("//evil.example", "invalid", NEWSLETTER_FORM)).toBe("/?newsletter=invalid#newsletter");
    expect(signUpRedirect(undefined, "limited", NEWSLETTER_FORM)).toBe("/?newsletter=limited#newsletter");
    expect(signUpRedirect("/stores/a/b?alerts=invalid", "sent", STORE_ALERTS_FORM)).toBe("/stores/a/b?alerts=sent#store-alerts");
  });

  it("gives the form its return path without the outcome, and reads outcomes strictly", () => {
    expect(returnPathOf("/stores", "?newsletter=sent&page=2")).toBe("/stores?page=2");
    expect(returnPathOf("/stores/a/b", "?alerts=sent")).toBe("/stores/a/b");
    expect(returnPathOf("/blog", "?utm_source=mail&gclid=x&page=3&fbclid=y")).toBe("/blog?page=3");
    expect(parseSignUpStatus("sent")).toBe("sent");
    expect(parseSignUpStatus("already")).toBeNull();
    expect(parseSignUpStatus("hacked")).toBeNull();
    expect(parseSignUpStatus(null)).toBeNull();
  });

  it("stores the consent wording's version a form showed, and only a version we showed", () => {
    expect(consentVersion("2026-11-store-alerts", DIGEST_CONSENT)).toBe("2026-11-store-alerts");
    expect(consentVersion("made-up", DIGEST_CONSENT)).toBe(DIGEST_CONSENT);
    expect(consentVersion("constructor", DIGEST_CONSENT)).toBe(DIGEST_CONSENT);
    expect(consentVersion(undefined, DIGEST_CONSENT)).toBe(DIGEST_CONSENT);
  });
});
