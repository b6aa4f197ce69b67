import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_GROUPS } from "../../src/lib/report";
import { pocketbaseWriter, signInOnSite, superuserToken, testEnv, textOf, visit } from "./helpers";

/**
 * /admin/reports: the report's figures for a range of days of 2020 that only this file
 * writes into (clicks, an impression, and conversions approved, pending and reversed).
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
    expect(text).toContain("2020-02-10 2 1 1 50.00% $10.00 $5.0000 $500.00");
    expect(text).toContain("2020-02-11 1 1 1 100.00% €5.50 €5.5000 €550.00");
    expect(text).toContain("2020-02-12 0 0 0 – – – –");
    expect(text).toContain("Total 3 2 2 66.67% €5.50 $10.00 €1.8333 $3.3333 €183.33 $333.33");
  });

  it("gives the same table as CSV, with a header row", async () => {
    const response = await asMarketer(`/admin/reports?${RANGE}&format=csv`);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="dealpilot-report-day-2020-02-10-to-2020-02-12.csv"');
    expect(await csvLines(RANGE)).toEqual([
      "day,clicks,unique_clicks,conversions,approved,conversion_rate,revenue_EUR,revenue_USD,epc_EUR,epc_USD,epc_100_EUR,epc_100_USD",
      "2020-02-10,2,1,1,1,0.5000,0.00,10.00,0.0000,5.0000,0.00,500.00",
      "2020-02-11,1,1,1,0,1.0000,5.50,0.00,5.5000,0.0000,550.00,0.00",
      "2020-02-12,0,0,0,0,,0.00,0.00,,,,",
      "Total,3,2,2,1,0.6667,5.50,10.00,1.8333,3.3333,183.33,333.33",
    ]);
  });

  const EXPECTED: Record<string, string[]> = {
    campaign: ["camp-a,2,1,1,1,", "camp-b,1,1,0,0,", "(no campaign),0,0,1,0,"],
    source: ["src-a,2,1,1,1,", "src-b,1,1,0,0,", "(no source),0,0,1,0,"],
    medium: ["cpc,2,1,1,1,", "email,1,1,0,0,", "(no medium),0,0,1,0,"],
    store: ["Reports Test Store,2,1,1,1,", "(no store),1,1,1,0,"],
    offer: ["Reports Test Offer,2,1,1,1,", "(no offer),1,1,1,0,"],
    country: ["US,2,1,1,1,", "DE,1,1,0,0,", "(unknown),0,0,1,0,"],
    device: ["mobile,2,1,1,1,", "desktop,1,1,0,0,", "(unknown),0,0,1,0,"],
    network: ["Reports test network,2,1,2,1,", "(no network),1,1,0,0,"],
    // Clicks through short links: links-edge.test.ts; these came through none.
    link: ["(no short link),3,2,2,1,"],
  };

  it.each(REPORT_GROUPS.filter((group) => group !== "day"))("groups by %s", async (group) => {
    const lines = await csvLines(`${RANGE}&group=${group}`);
    expect(lines[0]).toMatch(new RegExp(`^${group},clicks,`));
    // The label and the four counts of each row.
    const rows = lines.slice(1, -1).map((row) => `${row.split(",").slice(0, 5).join(",")},`);
    expect(rows).toEqual(EXPECTED[group]);
    expect(lines.at(-1)).toMatch(/^Total,3,2,2,1,0\.6667,5\.50,10\.00,/);
    const page = await asMarketer(`/admin/reports?${RANGE}&group=${group}`);
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    for (const row of EXPECTED[group]!) expect(text, group).toContain(row.split(",")[0]);
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
      "campaign,clicks,unique_clicks,conversions,approved,conversion_rate",
      "Total,0,0,0,0,",
    ]);
  });

  it("answers 400 to a range or grouping it cannot make", async () => {
    for (const query of ["from=2020-13-01&to=2020-02-12", "from=2020-02-12&to=2020-02-10", "from=2019-01-01&to=2020-02-12", "group=weekday", "format=xml"]) {
      const page = await asMarketer(`/admin/reports?${query}`);
      expect(page.status, query).toBe(400);
      expect(textOf(await page.text()), query).toContain("That report cannot be made");
    }
    const csv = await asMarketer("/admin/reports?group=weekday&format=csv");
    expect(csv.status).toBe(400);
    expect(await csv.text()).toBe("group must be one of day, campaign, source, medium, store, offer, country, device, network, link.");
  });
});
