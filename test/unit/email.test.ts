import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, isValidEmail, normaliseEmail } from "../../src/lib/email";
import { newsletterRedirect, parseNewsletterStatus, returnPathOf, safeReturnPath } from "../../src/lib/newsletter";

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
    expect(newsletterRedirect("/stores?catID=x&newsletter=invalid", "subscribed")).toBe("/stores?catID=x&newsletter=subscribed#newsletter");
    expect(newsletterRedirect("//evil.example", "invalid")).toBe("/?newsletter=invalid#newsletter");
    expect(newsletterRedirect(undefined, "limited")).toBe("/?newsletter=limited#newsletter");
  });

  it("gives the form its return path without the outcome, and reads outcomes strictly", () => {
    expect(returnPathOf("/stores", "?newsletter=subscribed&page=2")).toBe("/stores?page=2");
    expect(returnPathOf("/", "?newsletter=already")).toBe("/");
    expect(returnPathOf("/blog", "?utm_source=mail&gclid=x&page=3&fbclid=y")).toBe("/blog?page=3");
    expect(parseNewsletterStatus("already")).toBe("already");
    expect(parseNewsletterStatus("hacked")).toBeNull();
    expect(parseNewsletterStatus(null)).toBeNull();
  });
});
