import { describe, expect, it } from "vitest";
import { outboundHref } from "../../src/lib/outbound";
import { asService } from "../../src/edge/service-account";
import { startRun as startRunRecord, updateRun } from "../../src/edge/feeds/import-runs";
import { SCHEDULE } from "../../src/edge/jobs/scheduled";
import { pocketbaseWriter, signInOnSite, siteAccount, superuserToken, testEnv, textOf, visit } from "./helpers";
import {
  admin,
  advertiserOf,
  createNetwork,
  createStore,
  feedsDeps,
  finished,
  type ImportRun,
  importNow,
  list,
  mapAdvertiser,
  offersOf,
  promotion,
  servedRequests,
  setFaults,
  setFeed,
  unique,
} from "./feed-helpers";

/**
 * Issue 48's rules of an import, shown through the Worker's real queue and cron against the
 * fake networks (test/support/fake-networks.mjs) and a real PocketBase: identity, stores held
 * until mapped, dates, vanishing, editors' edits, duplicates across networks, time zones and
 * hostile feed content. Each test makes its own feed, network and stores.
 */

describe("feed imports: identity and stores", () => {
  it("imports an Awin feed page by page, one offer per promotion; a re-import updates and never duplicates", async () => {
    const key = `awin-${unique()}`;
    const host = `${key}.example`;
    const store = await createStore(host);
    const promotions = [1, 2, 3, 4, 5].map((n) =>
      promotion({ id: `${key}-${n}`, advertiserId: "A1", site: `https://shop.${host}/`, code: n % 2 ? `SAVE${n}` : "", end: "2031-01-31T23:59:00+00:00" }),
    );
    await setFeed(key, { kind: "awin", account: "4711", credentials: `secret-${key}`, pageSize: 2, promotions });
    const network = await createNetwork(key, "awin");

    const first = await importNow(network.id, "awin");
    expect(first).toMatchObject({ status: "complete", pages: 3, fetched: 5, held: 5, created: 0 });
    const advertiser = await advertiserOf(network.id, "A1");
    // Suggested by the host of its site, never by name.
    expect(advertiser.suggested_store).toBe(store.id);
    expect(advertiser.store).toBe("");
    expect(advertiser.waiting).toBe(5);
    expect(await offersOf(network.id)).toHaveLength(0);

    // Mapping releases the held promotions at once, with no fetch.
    const served = await servedRequests(key);
    await mapAdvertiser(network.id, "A1", store.id);
    const offers = await offersOf(network.id);
    expect(offers.map((o) => o.promotion_id)).toEqual(promotions.map((p) => p.id).sort());
    expect(await servedRequests(key)).toBe(served);
    expect((await advertiserOf(network.id, "A1")).waiting).toBe(0);
    const coupon = offers.find((o) => o.promotion_id === `${key}-1`);
    expect(coupon).toMatchObject({ type: "coupon", coupon_code: "SAVE1", store: store.id, status: "published" });
    expect(offers.find((o) => o.promotion_id === `${key}-2`)).toMatchObject({ type: "deal", coupon_code: "" });

    const again = await importNow(network.id, "awin");
    expect(again).toMatchObject({ status: "complete", fetched: 5, created: 0, updated: 0, unchanged: 5 });
    expect(await offersOf(network.id)).toHaveLength(5);
    // Two runs of three pages each, 3 s apart (Awin's pace).
  }, 60_000);
});

describe("feed imports: the schedule", () => {
  it("starts each due network from the Cron Trigger's job (here Awin's CSV export), and not again before its interval has passed", async () => {
    const key = `awincsv-${unique()}`;
    await setFeed(key, {
      kind: "awin_csv",
      account: "4711",
      credentials: `secret-${key}`,
      promotions: [promotion({ id: "7001", advertiserId: "A9", code: "CSV10", end: "31/05/2031 23:59:00" }), promotion({ id: "7002", advertiserId: "A9" })],
    });
    const network = await createNetwork(key, "awin_csv", { feed_every_minutes: 60 });
    const [cron, job] =
      Object.entries(SCHEDULE)
        .flatMap(([expression, jobs]) => jobs.map((j) => [expression, j] as const))
        .find(([, j]) => j.name === "feed imports") ?? [];
    if (!cron || !job) throw new Error("no feed imports job in SCHEDULE");
    const runsOf = () => list<ImportRun>("import_runs", `network = "${network.id}"`);
    const tick = (scheduledTime: number) => job.run({ cron, scheduledTime, noRetry: () => undefined } as ScheduledController, testEnv, {} as ExecutionContext);
    await tick(Date.now());
    const [run] = await runsOf();
    if (!run) throw new Error("the schedule started no run");
    expect(await finished(run.id)).toMatchObject({ status: "complete", trigger: "schedule", fetched: 2, held: 2 });
    // Due again only an hour after it started.
    const startedAt = Date.parse(run.started.replace(" ", "T"));
    await tick(startedAt + 59 * 60_000);
    expect(await runsOf()).toHaveLength(1);
    await tick(startedAt + 60 * 60_000 + 1_000);
    const runs = await runsOf();
    expect(runs).toHaveLength(2);
    const next = runs.find((other) => other.id !== run.id);
    if (!next) throw new Error("the schedule started no second run");
    expect(await finished(next.id)).toMatchObject({ status: "complete", trigger: "schedule", fetched: 2 });
  });
});

describe("feed imports on /admin/status", () => {
  it("shows editors the newest import: its network, status and counts, and a failed one as a problem", async () => {
    const key = `awin-${unique()}`;
    await setFeed(key, { kind: "awin", account: "4711", credentials: `secret-${key}`, promotions: [promotion({ id: "1", advertiserId: "A1" })] });
    const network = await createNetwork(key, "awin");
    await importNow(network.id, "awin");
    const writer = await pocketbaseWriter();
    const editor = await siteAccount(writer, "editors");
    try {
      const cookie = await signInOnSite(editor.email, editor.password, "/admin/status");
      const importsRow = async () => {
        const html = await (await visit("/admin/status", { headers: { Cookie: cookie } })).text();
        const row = /<tr data-state="(\w+)"><th scope="row">Network imports<\/th>.*?<\/tr>/.exec(html);
        return { state: row?.[1], text: textOf(row?.[0] ?? "") };
      };
      const complete = await importsRow();
      expect(complete.state).toBe("ok");
      expect(complete.text).toContain(`newest: Feed ${key}`);
      expect(complete.text).toMatch(/complete; 1 fetched, 0 created, 0 updated, 0 ended, 1 held for a store, 0 errors/);

      await setFaults(key, { failFromPage: 1 });
      expect(await importNow(network.id, "awin")).toMatchObject({ status: "failed" });
      const failed = await importsRow();
      expect(failed.state).toBe("problem");
      expect(failed.text).toContain(`newest: Feed ${key}`);
      expect(failed.text).toContain("failed;");
    } finally {
      await writer.cleanup();
    }
  }, 90_000);
});

describe("feed imports: large pages", () => {
  it("reads a CSV file a page of 500 rows at a time by byte range, writes each page in batches of at most 100 requests, and ends after a full last page", async () => {
    const key = `csv-${unique()}`;
    await setFeed(key, { kind: "csv", account: "", credentials: "", generate: { count: 1000, advertisers: 3, seed: key } });
    const network = await createNetwork(key, "csv", { feed_credentials: "" });
    const run = await importNow(network.id, "csv", 90_000);
    // The file from its start; from the second page's first byte; and past its end (416).
    expect(run).toMatchObject({ status: "complete", pages: 3, fetched: 1000, held: 1000, skipped: 0, errors: 0 });
    expect(await servedRequests(key)).toBe(3);
    const held = await list<{ promotion_id: string }>("network_promotions", `network = "${network.id}"`, { fields: "promotion_id", perPage: "1000" });
    expect(new Set(held.map((p) => p.promotion_id)).size).toBe(1000);
    // Each advertiser written once a page, in the first batch that names it, before its promotions.
    const advertisers = await list<{ waiting: number }>("network_advertisers", `network = "${network.id}"`);
    expect(advertisers).toHaveLength(3);
    expect(advertisers.reduce((sum, a) => sum + a.waiting, 0)).toBe(1000);
  }, 120_000);
});

/** A network of `kind` whose one advertiser is mapped to a new store; its feed is the fake under `key`. */
async function mappedFeed(kind: string, promotions: Parameters<typeof promotion>[0][], settings: Record<string, unknown> = {}, advertisers = ["A1"]) {
  const key = `${kind.replace("_", "")}-${unique()}`;
  const store = await createStore(`${key}.example`);
  const feed = promotions.map((p) => promotion(p));
  await setFeed(key, { kind, account: "4711", credentials: `secret-${key}`, promotions: feed });
  const network = await createNetwork(key, kind, settings);
  // A first run learns the advertisers; mapping them imports what it held.
  await importNow(network.id, kind);
  for (const advertiser of advertisers) await mapAdvertiser(network.id, advertiser, store.id);
  return { key, store, network, feed };
}

const feedOf = (key: string, kind: string, promotions: Parameters<typeof promotion>[0][]) =>
  setFeed(key, { kind, account: "4711", credentials: `secret-${key}`, promotions: promotions.map((p) => promotion(p)) });

describe("feed imports: changes", () => {
  it("applies a changed end or start date from the feed, keeps every field an editor changed, and stops taking a date an editor set", async () => {
    const base = { advertiserId: "A1", code: "SPRING", start: "2030-03-01", end: "2030-03-31" };
    const { key, network } = await mappedFeed("csv", [
      { id: "p1", ...base },
      { id: "p2", ...base, code: "OTHER" },
    ]);
    const [p1] = await offersOf(network.id);
    expect(p1).toMatchObject({ starts_at: "2030-03-01 00:00:00.000Z", expires_at: "2030-04-01 00:00:00.000Z" });

    // An editor corrects p1's heading and p2's end date.
    await admin(`/api/collections/_zdata_offers/records/${p1?.id}`, { method: "PATCH", body: { heading: "Spring sale: 20% off (editor)" } });
    const p2 = (await offersOf(network.id))[1];
    await admin(`/api/collections/_zdata_offers/records/${p2?.id}`, { method: "PATCH", body: { expires_at: "2030-05-15 12:00:00.000Z" } });

    // The network extends both codes and renames them.
    await feedOf(key, "csv", [
      { id: "p1", ...base, title: "Renamed by the network", start: "2030-02-15", end: "2030-06-30" },
      { id: "p2", ...base, code: "OTHER", title: "Also renamed", end: "2030-06-30" },
    ]);
    const run = await importNow(network.id, "csv");
    expect(run).toMatchObject({ status: "complete", updated: 2 });
    const [after1, after2] = await offersOf(network.id);
    expect(after1).toMatchObject({ heading: "Spring sale: 20% off (editor)", starts_at: "2030-02-15 00:00:00.000Z", expires_at: "2030-07-01 00:00:00.000Z" });
    expect(after2).toMatchObject({ heading: "Also renamed", expires_at: "2030-05-15 12:00:00.000Z" });
  });

  it("ends a promotion missing from three complete imports in a row, and counts no partial or failed import", async () => {
    const { key, network } = await mappedFeed("csv", [
      { id: "stays", advertiserId: "A1" },
      { id: "goes", advertiserId: "A1", end: "2031-12-31" },
    ]);
    await feedOf(key, "csv", [{ id: "stays", advertiserId: "A1" }]);
    const goes = async () => (await offersOf(network.id)).find((o) => o.promotion_id === "goes");

    expect(await importNow(network.id, "csv")).toMatchObject({ status: "complete", ended: 0 });
    expect(await importNow(network.id, "csv")).toMatchObject({ status: "complete", ended: 0 });
    // A network that keeps failing: the page is tried again (Retry-After: 0) until the run fails.
    await setFaults(key, { failFromPage: 1 });
    const failed = await importNow(network.id, "csv");
    expect(failed).toMatchObject({ status: "failed", ended: 0, errors: 1 });
    expect(failed.error_log?.[0]?.message).toContain("answered 500");
    expect((await goes())?.expires_at).toBe("2032-01-01 00:00:00.000Z");
    await setFaults(key, {});

    const third = await importNow(network.id, "csv");
    expect(third).toMatchObject({ status: "complete", ended: 1 });
    const ended = await goes();
    // Ended, not deleted: it goes to the store page's expired list.
    expect(ended).toBeDefined();
    expect(Date.parse(String(ended?.expires_at).replace(" ", "T"))).toBeLessThanOrEqual(Date.now());
    expect((await offersOf(network.id)).find((o) => o.promotion_id === "stays")?.expires_at).toBe("");
  });

  it("retries a 500 in mid-run and a 429 after its Retry-After, and completes", async () => {
    const promotions = Array.from({ length: 5 }, (_, n) => ({ id: `r${n}`, advertiserId: "A1", end: "2031-06-30T23:59:59+02:00" }));
    const key = `awin-${unique()}`;
    await setFeed(key, { kind: "awin", account: "4711", credentials: `secret-${key}`, pageSize: 2, promotions: promotions.map((p) => promotion(p)) });
    const network = await createNetwork(key, "awin");
    await setFaults(key, { status500OnPage: 2, rateLimitOnPage: 3, retryAfter: 1 });
    const run = await importNow(network.id, "awin");
    expect(run).toMatchObject({ status: "complete", pages: 3, fetched: 5, held: 5, errors: 0 });
    // Five pages answered: two of them refused once.
    expect(await servedRequests(key)).toBe(5);
    // The 500 waits 10 s (the first backoff), the 429 its Retry-After, pages 3 s apart.
  }, 60_000);

  // Awin's API is paged and refused above; here the other APIs, each with its own paging and credentials.
  it.each([
    { kind: "impact", requestsPerPage: 1 },
    { kind: "cj", requestsPerPage: 1 },
    // Rakuten asks for an access token before each page.
    { kind: "rakuten", requestsPerPage: 2 },
  ])(
    "reads $kind's API page by page, retries a 500 in mid-run and a 429 after its Retry-After, and fails with credentials it refuses",
    async ({ kind, requestsPerPage }) => {
      const key = `${kind}-${unique()}`;
      const promotions = Array.from({ length: 5 }, (_, n) =>
        promotion({ id: `${kind}${n}`, advertiserId: "A1", code: `CODE${n}`, description: `Offer ${n}`, start: "2031-01-01", end: "2031-06-30" }),
      );
      await setFeed(key, { kind, account: "4711", credentials: `secret-${key}`, pageSize: 2, promotions });
      await setFaults(key, { status500OnPage: 2, rateLimitOnPage: 3, retryAfter: 1 });
      const network = await createNetwork(key, kind);
      expect(await importNow(network.id, kind, 50_000)).toMatchObject({ status: "complete", pages: 3, fetched: 5, held: 5, errors: 0 });
      const held = await list<{ promotion_id: string }>("network_promotions", `network = "${network.id}"`, { fields: "promotion_id" });
      expect(new Set(held.map((p) => p.promotion_id)).size).toBe(5);
      // Three pages answered, two of them refused once first.
      expect(await servedRequests(key)).toBe(5 * requestsPerPage);

      const refused = await importNow((await createNetwork(key, kind, { feed_credentials: "a-wrong-token" })).id, kind);
      expect(refused).toMatchObject({ status: "failed", fetched: 0 });
      expect(refused.error_log?.[0]?.message).toContain("credentials refused");
    },
    90_000,
  );

  it("fails a run whose credentials the network refuses; reads Impact's ads with the right ones", async () => {
    const key = `impact-${unique()}`;
    await setFeed(key, { kind: "impact", account: "4711", credentials: "the-real-token", promotions: [promotion({ id: "1", advertiserId: "C1" })] });
    const wrong = await createNetwork(key, "impact", { feed_credentials: "a-wrong-token" });
    const refused = await importNow(wrong.id, "impact");
    expect(refused).toMatchObject({ status: "failed" });
    expect(refused.error_log?.[0]?.message).toContain("credentials refused");
    const right = await createNetwork(key, "impact", { feed_credentials: "the-real-token" });
    expect(await importNow(right.id, "impact")).toMatchObject({ status: "complete", fetched: 1, held: 1 });
  });
});

describe("feed imports: duplicates, time and content", () => {
  it("shows the same code for the same store from two networks once, from the network ranked first", async () => {
    const key1 = `awin-${unique()}`;
    const key2 = `cj-${unique()}`;
    const store = await createStore(`${key1}.example`);
    await setFeed(key1, {
      kind: "awin",
      account: "4711",
      credentials: `secret-${key1}`,
      promotions: [promotion({ id: "1", advertiserId: "A1", code: "TWICE20", start: "2030-01-01T00:00:00+00:00", end: "2031-01-01T00:00:00+00:00" })],
    });
    await setFeed(key2, {
      kind: "cj",
      account: "4711",
      credentials: `secret-${key2}`,
      promotions: [promotion({ id: "9", advertiserId: "C7", code: "TWICE20", start: "2030-06-01 00:00:00", end: "2031-06-01 00:00:00" })],
    });
    const first = await createNetwork(key1, "awin", { feed_rank: 1 });
    const second = await createNetwork(key2, "cj", { feed_rank: 2 });
    await importNow(second.id, "cj");
    await mapAdvertiser(second.id, "C7", store.id);
    await importNow(first.id, "awin");
    await mapAdvertiser(first.id, "A1", store.id);

    const [winner] = await offersOf(first.id);
    const [hidden] = await offersOf(second.id);
    expect(winner?.duplicate_of).toBe("");
    expect(hidden?.duplicate_of).toBe(winner?.id);
    const shown = await visit(`/api/collections/_zdata_offers/records?filter=${encodeURIComponent(`store = "${store.id}"`)}`);
    const items = ((await shown.json()) as { items: Array<{ id: string }> }).items;
    expect(items.map((i) => i.id)).toEqual([winner?.id]);
  });

  it("reads a date without a time as the end of that day, in the zone the network documents", async () => {
    // Rakuten: days in GMT. CJ: no zone, here New York's.
    const rakuten = await mappedFeed("rakuten", [{ id: "x", advertiserId: "R1", code: "N/A", start: "2031-03-01", end: "2031-03-15" }], {}, ["R1"]);
    const [day] = await offersOf(rakuten.network.id);
    expect(day).toMatchObject({ type: "deal", starts_at: "2031-03-01 00:00:00.000Z", expires_at: "2031-03-16 00:00:00.000Z" });

    const cj = await mappedFeed(
      "cj",
      [{ id: "y", advertiserId: "C1", code: "NY", start: "2031-03-01 09:00:00", end: "2031-03-15" }],
      { feed_time_zone: "America/New_York" },
      ["C1"],
    );
    const [ny] = await offersOf(cj.network.id);
    // Still live at 23:59 on the 15th in New York, which is the 16th in UTC: not a day early.
    expect(ny).toMatchObject({ starts_at: "2031-03-01 14:00:00.000Z", expires_at: "2031-03-16 04:00:00.000Z" });
  });

  it("sanitizes feed text, caps it, takes https tracking links only, adds their host to the network's click domains and the click id to its sub-id", async () => {
    const hostile = "<script>alert(1)</script><b>50% off</b><img src=x onerror=alert(2)>";
    const { network, feed } = await mappedFeed("awin", [
      {
        id: "1",
        advertiserId: "A1",
        title: hostile,
        description: `<p onclick="x()">Good <a href="javascript:alert(3)">deal</a></p>${"x".repeat(6000)}`,
        code: "CODE1",
        tracking: "https://www.awin1.example/cread.php?awinmid=1&clickref=old",
      },
      { id: "2", advertiserId: "A1", tracking: "http://www.awin1.example/cread.php?awinmid=2" },
      { id: "3", advertiserId: "A1", tracking: "javascript:alert(4)" },
      { id: "4", advertiserId: "A1", tracking: "https://user@evil.example/x" },
      { id: "5", advertiserId: "A1", title: "<b></b>" },
    ]);
    const offers = await offersOf(network.id);
    expect(offers.map((o) => o.promotion_id)).toEqual(["1"]);
    const [offer] = offers;
    expect(offer?.heading).toBe("50% off");
    expect(offer?.description).not.toMatch(/onclick|javascript|<script|onerror/);
    expect(offer?.description.length).toBeLessThanOrEqual(5000);
    expect(offer?.cta_url).toBe("https://www.awin1.example/cread.php?awinmid=1&clickref={click_id}");
    const runs = await list<{ skip_reasons: Record<string, number> }>("import_runs", `network = "${network.id}"`, { sort: "-started" });
    expect(runs.at(-1)?.skip_reasons).toEqual({ "tracking link not https": 3, "no title": 1 });
    const { click_domains } = await admin<{ click_domains: string }>(`/api/collections/affiliate_networks/records/${network.id}`);
    expect(click_domains).toContain("www.awin1.example");
    expect(feed).toHaveLength(5);

    // /goto takes the imported link, and the network gets the click id in its sub-id.
    const out = await visit(outboundHref(String(offer?.cta_url)), { redirect: "manual" });
    expect(out.status).toBe(302);
    expect(new URL(out.headers.get("Location") ?? "").searchParams.get("clickref")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hides the network's credentials from every API answer; only a running run's source names them, to the Worker's account alone", async () => {
    const key = `awin-${unique()}`;
    const secret = `never-shown-${key}`;
    const network = await createNetwork(key, "awin", { feed_credentials: secret });
    const deps = feedsDeps();
    const writer = await pocketbaseWriter();
    const editor = await siteAccount(writer, "editors");
    const editorAuth = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/editors/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: editor.email, password: editor.password }),
    });
    const editorToken = ((await editorAuth.json()) as { token: string }).token;
    const source = (run: string, headers: Record<string, string> = {}) =>
      fetch(`${testEnv.POCKETBASE_URL}/api/dealpilot/feeds/runs/${run}/source`, { headers });
    try {
      const asWorker = await asService(deps.config, deps.service, `/api/collections/affiliate_networks/records/${network.id}`, { method: "GET" });
      expect(((await asWorker.json()) as Record<string, unknown>).feed_credentials).toBeUndefined();
      const listed = await asService(
        deps.config,
        deps.service,
        `/api/collections/affiliate_networks/records?filter=${encodeURIComponent(`id = "${network.id}"`)}`,
        {
          method: "GET",
        },
      );
      expect(await listed.text()).not.toContain(secret);
      const asEditor = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/affiliate_networks/records/${network.id}`, {
        headers: { Authorization: editorToken },
      });
      expect(await asEditor.text()).not.toContain(secret);

      // A run that is running (its record only: no page is sent, so it stays running).
      const run = await startRunRecord(deps, network.id, "editor");
      if (!run) throw new Error("no run started");
      const running = await asService(deps.config, deps.service, `/api/dealpilot/feeds/runs/${run}/source`, { method: "GET" });
      expect(running.status).toBe(200);
      expect(await running.json()).toMatchObject({ network: network.id, kind: "awin", credentials: secret });
      // Nobody else gets it while it runs: no account, an editor, a superuser.
      expect((await source(run)).status).toBe(401);
      expect((await source(run, { Authorization: editorToken })).status).toBe(403);
      expect((await source(run, { Authorization: await superuserToken() })).status).toBe(403);

      // Once the run has ended, not even the Worker's account.
      expect(await updateRun(deps, run, { status: "failed", error: "ended by the test" })).toBe("written");
      expect((await asService(deps.config, deps.service, `/api/dealpilot/feeds/runs/${run}/source`, { method: "GET" })).status).toBe(404);
      const runs = await list<Record<string, unknown>>("import_runs", `network = "${network.id}"`);
      expect(JSON.stringify(runs)).not.toContain(secret);
    } finally {
      await writer.cleanup();
    }
  });
});
