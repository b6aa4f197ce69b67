import { describe, expect, it } from "vitest";
import { adminReturnPath } from "../../src/lib/admin-session";
import { CLICK_ID_NAMES, parsePostback } from "../../src/lib/postback";
import { parseReportQuery, type Report, type ReportRow, reportCsv, reportHref, sortReportRows } from "../../src/lib/report";

const NOW = Date.parse("2026-11-26T15:00:00Z");
const query = (search: string) => parseReportQuery(new URLSearchParams(search), NOW);

describe("the report's query", () => {
  it("defaults to the last 7 UTC days, today included, by day, as a page", () => {
    const defaults = { group: "day", format: "html", filters: {}, sort: null, dir: "desc", page: 1 };
    expect(query("")).toEqual({ ok: true, query: { from: "2026-11-20", to: "2026-11-26", ...defaults } });
    expect(query("to=2026-01-03")).toEqual({ ok: true, query: { from: "2025-12-28", to: "2026-01-03", ...defaults } });
  });

  it("reads filters of any grouping but the day, an order and a page, and writes them back into the report's links", () => {
    const parsed = query("group=day&store=abc123&campaign=%20black-friday%20&device=&day=2026-11-01&sort=clicks&page=2");
    expect(parsed).toEqual({
      ok: true,
      query: {
        from: "2026-11-20",
        to: "2026-11-26",
        group: "day",
        format: "html",
        filters: { store: "abc123", campaign: "black-friday" },
        sort: "clicks",
        dir: "desc",
        page: 2,
      },
    });
    if (!parsed.ok) return;
    expect(reportHref(parsed.query)).toBe(
      "/admin/reports?from=2026-11-20&to=2026-11-26&group=day&campaign=black-friday&store=abc123&sort=clicks&dir=desc&page=2",
    );
    // The CSV has every row: the order is kept, the page is not.
    expect(reportHref(parsed.query, { format: "csv" })).toBe(
      "/admin/reports?from=2026-11-20&to=2026-11-26&group=day&campaign=black-friday&store=abc123&sort=clicks&dir=desc&format=csv",
    );
    expect(query("sort=label").ok && query("sort=label")).toMatchObject({ query: { sort: "label", dir: "asc" } });
    for (const search of ["sort=revenue", "sort=clicks&dir=up", "page=0", "page=1.5", `store=${"x".repeat(201)}`]) expect(query(search).ok, search).toBe(false);
  });

  it("refuses days that do not exist, reversed ranges, ranges over 366 days and unknown groupings", () => {
    for (const search of [
      "from=2026-02-30",
      "from=2026-13-01",
      "from=26-11-01",
      "from=2026-11-27&to=2026-11-26",
      "from=2024-01-01&to=2025-01-02",
      "group=hour",
      "sort=epc",
      "format=pdf",
    ])
      expect(query(search).ok, search).toBe(false);
    expect(query("from=2024-01-02&to=2025-01-01").ok).toBe(true);
  });
});

describe("the report as CSV", () => {
  const report: Report = {
    from: "2026-11-01",
    to: "2026-11-02",
    group: "campaign",
    currencies: ["EUR", "USD"],
    rows: [
      {
        key: '=HYPERLINK("x")',
        label: '=HYPERLINK("x")',
        clicks: 4,
        unique_clicks: 3,
        conversions: 1,
        pending: 0,
        approved: 1,
        reversed: 2,
        revenue: { USD: 10 },
      },
      { key: "a,b", label: "a,b", clicks: 0, unique_clicks: 0, conversions: 1, pending: 1, approved: 0, reversed: 0, revenue: { EUR: 2.5 } },
      { key: "", label: "", clicks: 1, unique_clicks: 1, conversions: 0, pending: 0, approved: 0, reversed: 0, revenue: {} },
    ],
    days: [],
    previous: {
      from: "2026-10-30",
      to: "2026-10-31",
      currencies: [],
      totals: { key: "", label: "", clicks: 0, unique_clicks: 0, conversions: 0, pending: 0, approved: 0, reversed: 0, revenue: {} },
    },
    choices: { campaign: [], source: [], medium: [], store: [], offer: [], country: [], device: [], network: [], link: [] },
    viewer: { email: "m@x.test", name: "", role: "marketer" },
  };

  it("has a header row, quotes what needs quoting, keeps spreadsheet formulas inert, and ends with the total", () => {
    expect(reportCsv(report).split("\r\n")).toEqual([
      "campaign,clicks,unique_clicks,conversions,pending,approved,reversed,conversion_rate,revenue_EUR,revenue_USD,epc_EUR,epc_USD,epc_100_EUR,epc_100_USD",
      `"'=HYPERLINK(""x"")",4,3,1,0,1,2,0.2500,0.00,10.00,0.0000,2.5000,0.00,250.00`,
      '"a,b",0,0,1,1,0,0,,2.50,0.00,,,,',
      "(no campaign),1,1,0,0,0,0,0.0000,0.00,0.00,0.0000,0.0000,0.00,0.00",
      "Total,5,4,2,1,1,2,0.4000,2.50,10.00,0.5000,2.0000,50.00,200.00",
      "",
    ]);
  });

  it("orders rows by any count, the rate or the name, either way, ties in PocketBase's order", () => {
    const order = (sort: string, dir = "desc") => {
      const parsed = query(`group=campaign&sort=${sort}&dir=${dir}`);
      if (!parsed.ok) throw new Error(parsed.message);
      return sortReportRows(report.rows, parsed.query).map((row: ReportRow) => row.label);
    };
    expect(order("clicks")).toEqual(['=HYPERLINK("x")', "", "a,b"]);
    expect(order("clicks", "asc")).toEqual(["a,b", "", '=HYPERLINK("x")']);
    expect(order("pending")).toEqual(["a,b", '=HYPERLINK("x")', ""]);
    expect(order("reversed")).toEqual(['=HYPERLINK("x")', "a,b", ""]);
    // Without clicks there is no rate: last, going down.
    expect(order("conversion_rate")).toEqual(['=HYPERLINK("x")', "", "a,b"]);
    expect(order("label", "asc")).toEqual(["", '=HYPERLINK("x")', "a,b"]);
  });
});

describe("a postback's values", () => {
  const parse = (values: Record<string, string>) => parsePostback(Object.entries(values));

  it("takes the click id under each network's name for it, and fills the defaults", () => {
    for (const name of CLICK_ID_NAMES)
      expect(parse({ [name]: "abc-123" })).toEqual({
        ok: true,
        values: { clickId: "abc-123", txid: "abc-123", status: "approved", payout: null, currency: "USD", event: "" },
      });
  });

  it("reads names in any case", () => {
    expect(parse({ ClickRef: "c", TXID: "t" })).toMatchObject({ ok: true, values: { clickId: "c", txid: "t" } });
  });

  it("reads status and currency in any case, and a decimal payout", () => {
    expect(parse({ sub1: "c", txid: "T-9", status: "Pending", currency: "eur", payout: "-3.125", event: "sale" })).toEqual({
      ok: true,
      values: { clickId: "c", txid: "T-9", status: "pending", payout: -3.125, currency: "EUR", event: "sale" },
    });
  });

  it("accepts one value given under two names when they agree, and refuses them when they differ", () => {
    expect(parse({ click_id: "c", subid: "c" }).ok).toBe(true);
    expect(parse({ click_id: "c", subid: "d" })).toEqual({ ok: false, message: "The click id is given twice, with different values." });
  });

  it("refuses unfilled macros, non-numbers and unknown currencies", () => {
    const malformed: Array<Record<string, string>> = [
      { click_id: "{clickid}" },
      { click_id: "c", payout: "{payout}" },
      { click_id: "c", payout: "1e3" },
      { click_id: "c", currency: "ABC" },
      { click_id: "c", txid: "[txid]" },
    ];
    for (const values of malformed) expect(parse(values).ok, JSON.stringify(values)).toBe(false);
  });
});

describe("where a sign-in returns to", () => {
  it("is a page of this site, and nothing else: a marketer's under /admin, an editor's anywhere", () => {
    const report = "/admin/reports?group=store&from=2026-11-01";
    for (const collection of ["marketers", "editors"] as const) expect(adminReturnPath(report, collection)).toBe(report);
    expect(adminReturnPath("/stores?page=2", "editors")).toBe("/stores?page=2");
    expect(adminReturnPath("/stores?page=2", "marketers")).toBe("/admin/reports");
    for (const value of ["https://evil.example/admin/reports", "//evil.example", "/admin/sign-in", "/admin/reports#x", "", undefined, 3]) {
      expect(adminReturnPath(value, "marketers"), String(value)).toBe("/admin/reports");
      expect(adminReturnPath(value, "editors"), String(value)).toBe("/");
    }
  });

  it("is, before the account is known, the page asked for or nothing (the form's hidden field)", () => {
    expect(adminReturnPath("/admin/links")).toBe("/admin/links");
    expect(adminReturnPath("/stores")).toBe("/stores");
    for (const value of ["//evil.example", "/admin/sign-out", undefined]) expect(adminReturnPath(value), String(value)).toBe("");
  });
});
