import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_GROUPS } from "../../src/lib/report";
import { linksNamed, parsePage, region, textIn } from "./dom";
import { pocketbaseWriter, signInOnSite, superuserToken, testEnv, textOf, visit } from "./helpers";

/**
 * /admin/reports: the report's figures for a range of days of 2020 that only this file
 * writes into (clicks, an impression, and conversions approved, pending and reversed; a
 * click and a conversion in the three days before, to compare with; 55 campaigns on one day
 * of March, for paging).
 * Who gets in: sign-in.test.ts.
 */

const writer = await pocketbaseWriter();
const marketer = { email: `marketer-${crypto.randomUUID().slice(0, 8)}@reports.test`, password: "reports-test-password" };
const RANGE = "from=2020-02-10&to=2020-02-12";
let store: { id: string; title: string };
let offer: { id: string; heading: string };
let network: { id: string; name: string };
/** The marketer's session cookie, as the browser sends it back. */
let session: string;

const asMarketer = (path: string) => visit(path, { redirect: "manual", headers: { Cookie: session } });
/** A table row's cells as read one after another. */
const cells = (row: Element | null | undefined) => [...(row?.children ?? [])].map(textIn).join(" ");
const csvLines = async (query: string) => (await (await asMarketer(`/admin/reports?${query}&format=csv`)).text()).trimEnd().split("\r\n");

beforeAll(async () => {
  await writer.create("marketers", { ...marketer, passwordConfirm: marketer.password, name: "Report Tester", verified: true });
  network = await writer.create("affiliate_networks", { name: "Reports test network", active: true, click_domains: "rep-net.example" });
  store = await writer.create("_zdata_stores", { title: "Reports Test Store", subheading: "Reports test" });
  offer = await writer.create("_zdata_offers", {
    heading: "Reports Test Offer",
    subheading: "reports",
    store: store.id,
    type: "deal",
    cta_label: "Get Deal",
    cta_url: "https://rep-net.example/offer",
  });
  const campaignA = { utm_source: "src-a", utm_medium: "cpc", utm_campaign: "camp-a", country: "US", device: "mobile", store: store.id, offer: offer.id };
  const click = (clickId: string, time: string, values: Record<string, unknown>) =>
    writer.create("outbound_events", { click_id: clickId, kind: "click", event_time: time, ...values });
  await click("rep-c1", "2020-02-10 10:00:00.000Z", { target_host: "rep-net.example", counted: true, ...campaignA });
  // The same visitor again: a click, not a unique one.
  await click("rep-c2", "2020-02-10 11:00:00.000Z", { target_host: "rep-net.example", counted: false, ...campaignA });
  await click("rep-c3", "2020-02-11 09:00:00.000Z", {
    target_host: "other.example",
    counted: true,
    utm_source: "src-b",
    utm_medium: "email",
    utm_campaign: "camp-b",
    country: "DE",
    device: "desktop",
  });
  // Impressions are not clicks.
  await writer.create("outbound_events", {
    click_id: "rep-i1",
    kind: "impression",
    target_host: "rep-net.example",
    counted: true,
    event_time: "2020-02-11 10:00:00.000Z",
  });
  const conversion = (txid: string, status: string, payout: number, currency: string, reported: string, values: Record<string, unknown> = {}) =>
    writer.create("conversions", { network: network.id, txid, status, payout, currency, reported_at: reported, status_time: reported, ...values });
  await conversion("rep-t1", "approved", 10, "USD", "2020-02-10 12:00:00.000Z", { click_id: "rep-c1", matched: true, ...campaignA });
  await conversion("rep-t2", "pending", 5.5, "EUR", "2020-02-11 08:00:00.000Z", { click_id: "unknown", matched: false });
  await conversion("rep-t3", "reversed", 99, "USD", "2020-02-11 09:30:00.000Z", { click_id: "rep-c3", matched: true, utm_campaign: "camp-b" });
  // The previous period of RANGE's length.
  await click("rep-p1", "2020-02-08 10:00:00.000Z", { target_host: "rep-net.example", counted: true, ...campaignA });
  await conversion("rep-p2", "approved", 20, "USD", "2020-02-09 12:00:00.000Z", { click_id: "rep-p1", matched: true, ...campaignA });
  // A long table: one click for each of 55 campaigns on 2020-03-02, and two more for page-07.
  for (let n = 1; n <= 55; n++)
    await click(`rep-page-${n}`, "2020-03-02 10:00:00.000Z", { target_host: "x.example", counted: true, utm_campaign: `page-${String(n).padStart(2, "0")}` });
  for (const n of [1, 2]) await click(`rep-page-7-${n}`, "2020-03-02 11:00:00.000Z", { target_host: "x.example", counted: false, utm_campaign: "page-07" });

  session = await signInOnSite(marketer.email, marketer.password);
});
afterAll(() => writer.cleanup());

describe("/admin/reports: the figures", () => {
  it("shows the range's table and chart, by day by default", async () => {
    const response = await asMarketer(`/admin/reports?${RANGE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toMatch(/<script type="module" src="\/build\/report-chart-\w+\.js" nonce="/);
    expect(html).toContain(
      '<script type="application/json" id="report-chart-data">[{"day":"2020-02-10","clicks":2,"conversions":1},{"day":"2020-02-11","clicks":1,"conversions":1},{"day":"2020-02-12","clicks":0,"conversions":0}]</script>',
    );
    const text = textOf(html);
    expect(text).toContain(`${marketer.email} Sign out`);
    // Clicks, unique clicks, conversions (not reversed), pending, approved, reversed, rate, revenue, EPC, EPC per 100.
    expect(text).toContain("2020-02-10 2 1 1 0 1 0 50.00% $10.00 $5.0000 $500.00");
    expect(text).toContain("2020-02-11 1 1 1 1 0 1 100.00% €5.50 €5.5000 €550.00");
    expect(text).toContain("2020-02-12 0 0 0 0 0 0 – – – –");
    expect(text).toContain("Total 3 2 2 1 1 1 66.67% €5.50 $10.00 €1.8333 $3.3333 €183.33 $333.33");
  });

  it("sets each total beside the previous period of the same length, and the change", async () => {
    const text = textOf(await (await asMarketer(`/admin/reports?${RANGE}&group=campaign`)).text());
    expect(text).toContain("Previous 3 days (2020-02-07 to 2020-02-09) 1 1 1 0 1 0 100.00% €0.00 $20.00 €0.0000 $20.0000 €0.00 $2,000.00");
    // Nothing pending or reversed before: no change to give; the rate in points.
    expect(text).toContain("Change +200.0% +100.0% +100.0% – 0.0% – -33.33 pp EUR – USD -50.0% EUR – USD -83.3% EUR – USD -83.3%");
    const day = textOf(await (await asMarketer("/admin/reports?from=2020-02-10&to=2020-02-10")).text());
    expect(day).toContain("Previous day (2020-02-09) 0 0 1 0 1 0 – $20.00 – –");
  });

  it("gives the same table as CSV, with a header row", async () => {
    const response = await asMarketer(`/admin/reports?${RANGE}&format=csv`);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="dealpilot-report-day-2020-02-10-to-2020-02-12.csv"');
    expect(await csvLines(RANGE)).toEqual([
      "day,clicks,unique_clicks,conversions,pending,approved,reversed,conversion_rate,revenue_EUR,revenue_USD,epc_EUR,epc_USD,epc_100_EUR,epc_100_USD",
      "2020-02-10,2,1,1,0,1,0,0.5000,0.00,10.00,0.0000,5.0000,0.00,500.00",
      "2020-02-11,1,1,1,1,0,1,1.0000,5.50,0.00,5.5000,0.0000,550.00,0.00",
      "2020-02-12,0,0,0,0,0,0,,0.00,0.00,,,,",
      "Total,3,2,2,1,1,1,0.6667,5.50,10.00,1.8333,3.3333,183.33,333.33",
    ]);
  });

  // The label, then clicks, unique clicks, conversions, pending, approved and reversed.
  const EXPECTED: Record<string, string[]> = {
    campaign: ["camp-a,2,1,1,0,1,0", "camp-b,1,1,0,0,0,1", "(no campaign),0,0,1,1,0,0"],
    source: ["src-a,2,1,1,0,1,0", "src-b,1,1,0,0,0,0", "(no source),0,0,1,1,0,1"],
    medium: ["cpc,2,1,1,0,1,0", "email,1,1,0,0,0,0", "(no medium),0,0,1,1,0,1"],
    store: ["Reports Test Store,2,1,1,0,1,0", "(no store),1,1,1,1,0,1"],
    offer: ["Reports Test Offer,2,1,1,0,1,0", "(no offer),1,1,1,1,0,1"],
    country: ["US,2,1,1,0,1,0", "DE,1,1,0,0,0,0", "(unknown),0,0,1,1,0,1"],
    device: ["mobile,2,1,1,0,1,0", "desktop,1,1,0,0,0,0", "(unknown),0,0,1,1,0,1"],
    network: ["Reports test network,2,1,2,1,1,1", "(no network),1,1,0,0,0,0"],
    // Clicks through short links: links-edge.test.ts; these came through none.
    link: ["(no short link),3,2,2,1,1,1"],
  };
  /** The label and the six counts of each row of a CSV, the offer's store left out. */
  const counts = (lines: string[]) =>
    lines.map((line) => {
      const fields = line.split(",");
      if (lines[0]?.startsWith("offer,")) fields.splice(1, 1);
      return fields.slice(0, 7).join(",");
    });

  it.each(REPORT_GROUPS.filter((group) => group !== "day"))("groups by %s", async (group) => {
    const lines = await csvLines(`${RANGE}&group=${group}`);
    expect(lines[0]).toMatch(new RegExp(`^${group},(store,)?clicks,`));
    expect(counts(lines).slice(1, -1)).toEqual(EXPECTED[group]);
    expect(counts(lines).at(-1)).toBe("Total,3,2,2,1,1,1");
    const page = await asMarketer(`/admin/reports?${RANGE}&group=${group}`);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    for (const row of EXPECTED[group]!) expect(text, group).toContain(row.split(",")[0]);
  });

  it("shows each offer's store, on the page and in the CSV", async () => {
    const lines = await csvLines(`${RANGE}&group=offer`);
    expect(lines[0]).toMatch(/^offer,store,clicks,/);
    expect(lines[1]).toMatch(/^Reports Test Offer,Reports Test Store,2,1,1,0,1,0,/);
    expect(lines[2]).toMatch(/^\(no offer\),,1,1,/);
    const page = parsePage(await (await asMarketer(`/admin/reports?${RANGE}&group=offer`)).text());
    expect([...page.querySelectorAll("thead th")].slice(0, 3).map(textIn)).toEqual(["Offer", "Store", "Clicks"]);
    expect(cells(page.querySelector("tbody tr"))).toMatch(/^Reports Test Offer Reports Test Store 2 1 1 0 1 0 /);
  });

  it("combines filters with any grouping: one store by day, one network by campaign, a campaign and a country", async () => {
    const day = (query: string) => csvLines(`${RANGE}&group=day&${query}`).then(counts);
    expect(await day(`store=${store.id}`)).toEqual([
      "day,clicks,unique_clicks,conversions,pending,approved,reversed",
      "2020-02-10,2,1,1,0,1,0",
      "2020-02-11,0,0,0,0,0,0",
      "2020-02-12,0,0,0,0,0,0",
      "Total,2,1,1,0,1,0",
    ]);
    expect(await day("campaign=camp-b&country=DE")).toEqual([
      "day,clicks,unique_clicks,conversions,pending,approved,reversed",
      "2020-02-10,0,0,0,0,0,0",
      "2020-02-11,1,1,0,0,0,0",
      "2020-02-12,0,0,0,0,0,0",
      "Total,1,1,0,0,0,0",
    ]);
    expect((await day("store=no-such-store")).at(-1)).toBe("Total,0,0,0,0,0,0");
    // A network's clicks are those to its click domains; its conversions, those it reported.
    expect(await csvLines(`${RANGE}&group=campaign&network=${network.id}`).then(counts)).toEqual([
      "campaign,clicks,unique_clicks,conversions,pending,approved,reversed",
      "camp-a,2,1,1,0,1,0",
      "(no campaign),0,0,1,1,0,0",
      "camp-b,0,0,0,0,0,1",
      "Total,2,1,2,1,1,1",
    ]);
    // The page: the filter offers the range's values by name, keeps the one chosen, and the chart follows it.
    const html = await (await asMarketer(`/admin/reports?${RANGE}&group=day&store=${store.id}`)).text();
    const page = parsePage(html);
    const storeFilter = page.querySelector("select#filter-store");
    expect([...(storeFilter?.querySelectorAll("option") ?? [])].map((option) => [option.getAttribute("value"), textIn(option)])).toContainEqual([
      store.id,
      "Reports Test Store",
    ]);
    expect(storeFilter?.querySelector("option[selected]")?.getAttribute("value")).toBe(store.id);
    expect(html).toContain('"day":"2020-02-11","clicks":0,"conversions":0');
    expect(linksNamed(page, "Download CSV")[0]?.getAttribute("href")).toBe(
      `/admin/reports?from=2020-02-10&to=2020-02-12&group=day&store=${store.id}&format=csv`,
    );
    expect(linksNamed(page, "Clear the filters")[0]?.getAttribute("href")).toBe("/admin/reports?from=2020-02-10&to=2020-02-12&group=day");
    // The previous period is filtered alike.
    expect(textOf(html)).toContain("Previous 3 days (2020-02-07 to 2020-02-09) 1 1 1 0 1 0");
  });

  it("orders the table by a column's heading and shows 50 rows a page, with plain links", async () => {
    const MARCH = "from=2020-03-02&to=2020-03-02&group=campaign";
    const rows = (page: ReturnType<typeof parsePage>) => [...page.querySelectorAll("tbody th")].map(textIn);
    const first = parsePage(await (await asMarketer(`/admin/reports?${MARCH}`)).text());
    expect(rows(first)).toHaveLength(50);
    expect(rows(first)[0]).toBe("page-07");
    expect(textIn(first.querySelector("caption"))).toBe("By campaign: rows 1–50 of 55");
    // The total is of every row, not of the page.
    expect(cells(first.querySelector("tfoot tr"))).toMatch(/^Total 57 55 /);
    const pages = region(first, "Pages of the report");
    expect(linksNamed(pages!, "2")[0]?.getAttribute("href")).toBe("/admin/reports?from=2020-03-02&to=2020-03-02&group=campaign&page=2");
    const second = parsePage(await (await asMarketer(`/admin/reports?${MARCH}&page=2`)).text());
    expect(rows(second)).toEqual(["page-51", "page-52", "page-53", "page-54", "page-55"]);

    const clicks = linksNamed(first, "Clicks")[0];
    expect(clicks?.getAttribute("href")).toBe(`/admin/reports?${MARCH}&sort=clicks&dir=desc`);
    const byName = parsePage(await (await asMarketer(`/admin/reports?${MARCH}&sort=label&dir=desc`)).text());
    expect(rows(byName).slice(0, 2)).toEqual(["page-55", "page-54"]);
    expect(byName.querySelector("th[aria-sort]")?.getAttribute("aria-sort")).toBe("descending");
    // The heading now turns the order round; the CSV keeps the order and has every row.
    expect(linksNamed(byName, "Campaign ▼")[0]?.getAttribute("href")).toBe(`/admin/reports?${MARCH}&sort=label&dir=asc`);
    const csv = linksNamed(byName, "Download CSV")[0]?.getAttribute("href");
    expect(csv).toBe(`/admin/reports?${MARCH}&sort=label&dir=desc&format=csv`);
    const lines = (await (await asMarketer(csv!)).text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(57);
    expect(lines[1]).toMatch(/^page-55,1,1,/);
  });

  it("offers today, 7 days, 30 days and this month as links, keeping the grouping and filters", async () => {
    const page = parsePage(await (await asMarketer(`/admin/reports?${RANGE}&group=store&country=US`)).text());
    const ranges = region(page, "Ranges")!;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const today = day(Date.now());
    const hrefs = ["Today", "Last 7 days", "Last 30 days", "This month"].map((name) => linksNamed(ranges, name)[0]?.getAttribute("href"));
    expect(hrefs).toEqual(
      [
        [today, today],
        [day(Date.now() - 6 * 86_400_000), today],
        [day(Date.now() - 29 * 86_400_000), today],
        [`${today.slice(0, 8)}01`, today],
      ].map(([from, to]) => `/admin/reports?from=${from}&to=${to}&group=store&country=US`),
    );
    const current = parsePage(await (await asMarketer(hrefs[1]!)).text());
    expect(linksNamed(region(current, "Ranges")!, "Last 7 days")[0]?.getAttribute("aria-current")).toBe("true");
  });

  it("sums the clicks PocketBase stored, every one once (the report reads daily sums kept as clicks are stored)", async () => {
    const from = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    const filter = `kind = "click" && event_time >= "${from} 00:00:00.000Z"`;
    const count = async (extra: string) => {
      const query = new URLSearchParams({ filter: `${filter}${extra}`, perPage: "1" });
      const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records?${query}`, {
        headers: { Authorization: await superuserToken() },
      });
      return ((await response.json()) as { totalItems: number }).totalItems;
    };
    const [clicks, unique] = [await count(""), await count(" && counted = true")];
    expect(clicks).toBeGreaterThan(100);
    const total = (await csvLines(`from=${from}&to=${to}&group=device`)).at(-1)!.split(",");
    expect(total.slice(0, 3)).toEqual(["Total", String(clicks), String(unique)]);
  });

  it("says plainly when a range has nothing in it", async () => {
    const page = await asMarketer("/admin/reports?from=2019-01-01&to=2019-01-03&group=campaign");
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain("No clicks and no conversions in this range.");
    expect(await csvLines("from=2019-01-01&to=2019-01-03&group=campaign")).toEqual([
      "campaign,clicks,unique_clicks,conversions,pending,approved,reversed,conversion_rate",
      "Total,0,0,0,0,0,0,",
    ]);
  });

  it("answers 400 to a range or grouping it cannot make", async () => {
    for (const query of [
      "from=2020-13-01&to=2020-02-12",
      "from=2020-02-12&to=2020-02-10",
      "from=2019-01-01&to=2020-02-12",
      "group=weekday",
      "format=xml",
      "sort=epc",
      "page=-1",
      `campaign=${"x".repeat(201)}`,
    ]) {
      const page = await asMarketer(`/admin/reports?${query}`);
      expect(page.status, query).toBe(400);
      expect(textOf(await page.text()), query).toContain("That report cannot be made");
    }
    const csv = await asMarketer("/admin/reports?group=weekday&format=csv");
    expect(csv.status).toBe(400);
    expect(await csv.text()).toBe("group must be one of day, campaign, source, medium, store, offer, country, device, network, link.");
  });
});
