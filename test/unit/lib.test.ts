import { describe, expect, it } from "vitest";
import { jsonForScript } from "../../src/lib/json-script";
import { omit } from "../../src/lib/omit";
import { pocketbasePaging, positiveInt, sortedSearch } from "../../src/lib/query";
import { storePath, titleSegment, titleSegmentLabel, hasCanonicalTitleSegment } from "../../src/lib/slug";
import { truncateChars, truncateWords, withoutSiteName } from "../../src/lib/text";

describe("slug", () => {
  it("uses the lowercased, percent-encoded title as the segment", () => {
    expect(titleSegment("Veltrix VPN")).toBe("veltrix%20vpn");
    expect(titleSegment("Food & Drink")).toBe("food%20%26%20drink");
    expect(storePath({ id: "abc123", title: "Nimbus/Cloud Hosting" })).toBe("/stores/nimbus%2Fcloud%20hosting/abc123");
  });

  it("shows spaces as underscores, and survives malformed encodings", () => {
    expect(titleSegmentLabel("veltrix%20vpn")).toBe("veltrix_vpn");
    expect(titleSegmentLabel("100%25%20off%20deals")).toBe("100%_off_deals");
    expect(titleSegmentLabel("bad%E0%A4%A%20name")).toBe("bad%E0%A4%A_name");
  });
});

describe("text trimming", () => {
  it("cuts characters only past the limit", () => {
    expect(truncateChars("a".repeat(30), 30)).toBe("a".repeat(30));
    expect(truncateChars("a".repeat(31), 30)).toBe(`${"a".repeat(30)}…`);
    expect(truncateChars("😀".repeat(20), 18)).toBe(`${"😀".repeat(18)}…`);
  });

  it('truncateChars cuts between words, with an ellipsis (issue 51: "Valid on the Premi")', () => {
    expect(truncateChars("Valid on the Premium plan only", 18)).toBe("Valid on the…");
    expect(truncateChars("Ultra fast hosting for everyone", 24)).toBe("Ultra fast hosting for…");
    expect(truncateChars("Ultra fast hosting, for everyone", 19)).toBe("Ultra fast hosting…");
    expect(truncateChars("Save 20% on annual plans", 12)).toBe("Save 20% on…");
    expect(truncateChars("Supercalifragilistic", 10)).toBe("Supercalif…");
  });

  it("cuts a text longer than N words to N words plus '...'", () => {
    expect(truncateWords("one two three four", 4)).toBe("one two three four");
    expect(truncateWords("one two three four five", 4)).toBe("one two three four...");
    expect(truncateWords("  spaced   out  words  here and more ", 4)).toBe("spaced out words here...");
  });
});

describe("query helpers", () => {
  it("sorts parameters so equal queries give equal cache keys", () => {
    expect(sortedSearch("?b=2&a=1&a=0")).toBe("?a=0&a=1&b=2");
    expect(sortedSearch("")).toBe("");
    expect(sortedSearch("?")).toBe("");
    expect(sortedSearch("?filter=a%20%3D%20%22x%22")).toBe("?filter=a+%3D+%22x%22");
  });

  it("writes exactly what URLSearchParams writes for the same parameters sorted, for any query", () => {
    // URLSearchParams is the standard the keys followed before; a seeded generator makes
    // queries with every character class its parser and serializer treat apart.
    const pieces = [
      "a",
      "Z",
      "9",
      "_",
      "-",
      ".",
      "*",
      "~",
      "!",
      "'",
      "(",
      ")",
      " ",
      "+",
      "=",
      "&",
      "?",
      "%",
      "%2",
      "%20",
      "%2B",
      "%26",
      "%3D",
      "%E2%82%AC",
      "%E2%82",
      "%zz",
      "€",
      "é",
      "😀",
      "\ud800",
      "/",
      ":",
      '"',
      "@",
      "filter",
      "page",
    ];
    let seed = 1;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const reference = (search: string) => {
      const entries = [...new URLSearchParams(search).entries()].sort(([ak, av], [bk, bv]) =>
        ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1,
      );
      const out = new URLSearchParams(entries).toString();
      return out ? `?${out}` : "";
    };
    for (let i = 0; i < 5000; i++) {
      const search = `?${Array.from({ length: 1 + next(12) }, () => pieces[next(pieces.length)]).join("")}`;
      expect(sortedSearch(search), search).toBe(reference(search));
    }
  });

  it("parses positive integers strictly", () => {
    expect(positiveInt(null)).toBeUndefined();
    expect(positiveInt("")).toBeUndefined();
    expect(positiveInt("3")).toBe(3);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", " 2", "9999999999"]) expect(positiveInt(bad)).toBeNull();
    expect(positiveInt("501", 500)).toBeNull();
  });
});

describe("jsonForScript", () => {
  it("round-trips while leaving no markup that could end the script element", () => {
    const value = { title: '</script><script>alert(1)</script><!-- \u2028 & "x"', n: [1, 2] };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe("withoutSiteName", () => {
  it("drops the site name editors append to meta titles, with anything after it", () => {
    expect(withoutSiteName("Best VPNs 2026 | DealPilot", "DealPilot")).toBe("Best VPNs 2026");
    expect(withoutSiteName("Best VPNs | DealPilot Blog", "DealPilot")).toBe("Best VPNs");
    expect(withoutSiteName("DealPilot | DealPilot", "DealPilot")).toBe("DealPilot");
    expect(withoutSiteName("Plain title", "DealPilot")).toBe("Plain title");
  });
});

describe("hasCanonicalTitleSegment", () => {
  it("compares the segment as written, so a title with a slash has one canonical path", () => {
    expect(hasCanonicalTitleSegment("/blog/vpn%20%2F%20proxy/abc", "VPN / Proxy")).toBe(true);
    expect(hasCanonicalTitleSegment("/blog/vpn%20/%20proxy/abc", "VPN / Proxy")).toBe(false);
    expect(hasCanonicalTitleSegment("/stores/Astex/abc", "Astex")).toBe(false);
    expect(hasCanonicalTitleSegment("/stores/astex/abc", "Astex")).toBe(true);
  });
});

describe("pocketbasePaging", () => {
  it("reads page and perPage as PocketBase 0.40 does (checked against the server in test/worker/pocketbase-sdk.test.ts)", () => {
    expect(pocketbasePaging(null, 30, 1000)).toBe("30");
    expect(pocketbasePaging("", 30, 1000)).toBe("30");
    expect(pocketbasePaging("0", 30, 1000)).toBe("30");
    expect(pocketbasePaging("-5", 1)).toBe("1");
    expect(pocketbasePaging("-0", 1)).toBe("1");
    expect(pocketbasePaging("007", 1)).toBe("7");
    expect(pocketbasePaging("1000", 30, 1000)).toBe("1000");
    expect(pocketbasePaging("5000", 30, 1000)).toBe("1000");
    // Not a plain integer: passed on for PocketBase to answer its own 400.
    expect(pocketbasePaging("abc", 1)).toBe("abc");
    expect(pocketbasePaging("1.5", 1)).toBe("1.5");
    expect(pocketbasePaging("+5", 1)).toBe("+5");
    expect(pocketbasePaging("99999999999999999999", 1)).toBe("99999999999999999999");
  });
});

describe("omit", () => {
  it("copies every own property but the named ones, undefined values and order kept, the source untouched", () => {
    const source = { to: "/stores", className: "nav-link", title: undefined, current: true, "aria-label": "Stores" };
    const copy = omit(source, ["to", "current"]);
    expect(copy).toEqual({ className: "nav-link", title: undefined, "aria-label": "Stores" });
    expect(Object.keys(copy)).toEqual(["className", "title", "aria-label"]);
    expect(copy).not.toBe(source);
    expect(source).toEqual({ to: "/stores", className: "nav-link", title: undefined, current: true, "aria-label": "Stores" });
  });
});
