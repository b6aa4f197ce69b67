import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCookie } from "../../src/lib/cookies";
import { REPORT_GROUPS } from "../../src/lib/report";
import { pocketbaseWriter, superuserToken, testEnv, textOf, visit } from "./helpers";

/**
 * /admin: sign-in, sign-out, what anonymous requests get, and the report's figures for a
 * range of days of 2020 that only this file writes into (clicks, an impression, and
 * conversions approved, pending and reversed).
 */

const writer = await pocketbaseWriter();
const marketer = { email: `marketer-${crypto.randomUUID().slice(0, 8)}@reports.test`, password: "reports-test-password" };
const RANGE = "from=2020-02-10&to=2020-02-12";
let store: { id: string; title: string };
let offer: { id: string; heading: string };
let network: { id: string; name: string };
/** The marketer's session cookie, as the browser sends it back. */
let session: string;

const browserPost = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  visit(path, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": crypto.randomUUID(), ...headers },
    body: new URLSearchParams(form),
  });

async function signIn(email: string, password: string, next = "/admin/reports"): Promise<Response> {
  return browserPost("/admin/sign-in", { email, password, next });
}

function cookieOf(response: Response): string | undefined {
  const header = response.headers.get("Set-Cookie") ?? "";
  return readCookie(header.split(";")[0], "dp_admin");
}

const asMarketer = (path: string) => visit(path, { redirect: "manual", headers: { Cookie: `dp_admin=${session}` } });
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

  const signedIn = await signIn(marketer.email, marketer.password);
  session = cookieOf(signedIn)!;
});
afterAll(() => writer.cleanup());

describe("/admin: who gets in", () => {
  it("sends an anonymous browser to the sign-in page, answers CSV with 401, and shows no figure to either", async () => {
    const page = await visit(`/admin/reports?${RANGE}&group=campaign`, { redirect: "manual" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe(`/admin/sign-in?next=${encodeURIComponent(`/admin/reports?${RANGE}&group=campaign`)}`);
    expect(await page.text()).toBe("");
    const csv = await visit(`/admin/reports?${RANGE}&format=csv`, { redirect: "manual" });
    expect(csv.status).toBe(401);
    expect(await csv.text()).not.toMatch(/camp-a|clicks/);
    // A cookie PocketBase does not accept is no session: it is cleared.
    const forged = await visit("/admin/reports", { redirect: "manual", headers: { Cookie: "dp_admin=eyJhbGciOiJIUzI1NiJ9.e30.forged" } });
    expect(forged.status).toBe(303);
    expect(forged.headers.get("Set-Cookie")).toMatch(/^dp_admin=; Path=\/; Max-Age=0;/);
  });

  it("serves the sign-in form, never cached or indexed", async () => {
    const response = await visit("/admin/sign-in?next=/admin/reports?group=store");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('action="/admin/sign-in" method="post"');
    expect(html).toContain('name="next" value="/admin/reports?group=store"');
    expect(html).toContain('type="password"');
  });

  it("refuses a wrong password without saying which part was wrong, and sets no cookie", async () => {
    for (const [email, password] of [
      [marketer.email, "not-the-password"],
      ["nobody@reports.test", marketer.password],
    ] as const) {
      const response = await signIn(email, password);
      expect(response.status).toBe(401);
      expect(textOf(await response.text())).toContain("That email and password do not match an account.");
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("signs a marketer in with an HttpOnly, SameSite=Strict cookie (Secure over HTTPS) that ends with the token, and goes where they were going", async () => {
    const response = await visit("https://127.0.0.1:8787/admin/sign-in", {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": crypto.randomUUID() },
      body: new URLSearchParams({ ...marketer, next: "/admin/reports?group=country" }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/reports?group=country");
    const cookie = response.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(/^dp_admin=[\w-]+\.[\w-]+\.[\w-]+; Path=\/; Max-Age=(\d+); SameSite=Strict; Secure; HttpOnly$/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)![1]);
    // The marketers' tokens last 12 hours.
    expect(maxAge).toBeGreaterThan(43_100);
    expect(maxAge).toBeLessThanOrEqual(43_200);
    // The cookie policy lists it, with the attributes it is set with.
    expect(textOf(await (await visit("/cookie-policy")).text())).toContain("dp_admin Yes Yes Strict");
  });

  it("goes nowhere but a reports page after signing in", async () => {
    for (const next of ["https://evil.example/", "//evil.example/admin/reports", "/admin/../goto?url=x", "/stores", "/admin/sign-out"]) {
      const response = await signIn(marketer.email, marketer.password, next);
      expect(response.headers.get("Location"), next).toBe("/admin/reports");
    }
  });

  it("signs PocketBase superusers in too", async () => {
    const response = await signIn(testEnv.TEST_PB_EMAIL, testEnv.TEST_PB_PASSWORD);
    expect(response.status).toBe(303);
    const page = await visit(`/admin/reports?${RANGE}`, { headers: { Cookie: `dp_admin=${cookieOf(response)}` } });
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain(`${testEnv.TEST_PB_EMAIL} (superuser)`);
  });

  it("refuses a sign-in posted from another site", async () => {
    const response = await browserPost("/admin/sign-in", { ...marketer, next: "/admin/reports" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("limits sign-in attempts to 5 a minute per client", async () => {
    const client = { "CF-Connecting-IP": crypto.randomUUID() };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await browserPost("/admin/sign-in", { email: marketer.email, password: "wrong", next: "" }, client)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password waits.
    const right = await browserPost("/admin/sign-in", { ...marketer, next: "" }, client);
    expect(right.status).toBe(429);
    expect(right.headers.get("Retry-After")).toBe("60");
  });

  it("gives a marketer's account no access to the data or the content through PocketBase's API", async () => {
    const auth = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/marketers/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: marketer.email, password: marketer.password }),
    });
    const { token } = (await auth.json()) as { token: string };
    const headers = { Authorization: token, "Content-Type": "application/json" };
    for (const collection of ["conversions", "outbound_events"]) {
      const list = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}/records`, { headers });
      expect(list.status, collection).toBe(403);
    }
    // Networks are listed to the Worker's service account only: anyone else gets none.
    const networks = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/affiliate_networks/records`, { headers });
    expect(((await networks.json()) as { items: unknown[] }).items).toEqual([]);
    const edit = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${offer.id}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ title: "changed" }),
    });
    expect([403, 404]).toContain(edit.status);
  });

  it("signs out: the cookie is cleared, and the session's token no longer opens the report", async () => {
    const leaving = { email: `leaving-${crypto.randomUUID().slice(0, 8)}@reports.test`, password: "reports-test-password" };
    await writer.create("marketers", { ...leaving, passwordConfirm: leaving.password, verified: true });
    const token = cookieOf(await signIn(leaving.email, leaving.password))!;
    const cookie = { Cookie: `dp_admin=${token}` };
    expect((await visit("/admin/reports", { redirect: "manual", headers: cookie })).status).toBe(200);
    const response = await visit("/admin/sign-out", { method: "POST", redirect: "manual", headers: cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/admin/sign-in");
    expect(response.headers.get("Set-Cookie")).toMatch(/^dp_admin=; Path=\/; Max-Age=0; SameSite=Strict; HttpOnly$/);
    // A copy of the cookie kept elsewhere is worth nothing now.
    expect((await visit("/admin/reports", { redirect: "manual", headers: cookie })).status).toBe(303);
  });

  it("is linked from no public page, and keeps its pages out of the page cache", async () => {
    for (const path of ["/", "/stores", "/offers"]) expect(await (await visit(path)).text(), path).not.toContain("/admin");
    for (const path of ["/admin/reports", "/admin/sign-in", "/admin/nothing-here"]) {
      const response = await visit(path, { redirect: "manual" });
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(response.headers.get("X-Edge-Cache"), path).toBeNull();
    }
  });
});

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
    expect(await csv.text()).toBe("group must be one of day, campaign, source, medium, store, offer, country, device, network.");
  });
});
