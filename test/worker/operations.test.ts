import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OutboundEventMessage } from "../../src/edge/events/messages";
import type { Env } from "../../src/env";
import worker from "../../src/worker";
import { archiveKey } from "../../src/lib/archive-key";
import { ALERT_MAIL_EVERY_MS, checkAlerts } from "../../src/edge/ops/alerts";
import { eventMessage, mailTo, pocketbaseWriter, setPocketBase, signInOnSite, siteAccount, superuserToken, testEnv, textOf, visit } from "./helpers";

/**
 * Issue 49 (docs/operations.md): the events archive in R2, the consumer's record of waiting
 * events, /healthz and /admin/status with PocketBase up and down and a dead letter waiting,
 * the alerts, and the retention job. The restore and the backup drill are in
 * test/ops/restore.test.ts (they need PocketBase's own backups and the operator's scripts).
 */

const bucket = testEnv.EVENTS_ARCHIVE!;
const DAY = 86_400_000;

/** A counted click of the ops tests' own page. */
const message = (overrides: Partial<OutboundEventMessage> = {}) => eventMessage({ referrer_path: "/ops-test", utm_source: "ops", counted: true, ...overrides });

async function deliver(queue: string, bodies: unknown[], env: Env = testEnv, attempts = 1) {
  const batch = createMessageBatch(
    queue,
    bodies.map((body, i) => ({ id: `ops-${i}-${crypto.randomUUID()}`, timestamp: new Date(Date.now() - 60_000), attempts, body })),
  );
  const ctx = createExecutionContext();
  const failed = await worker.queue(batch, env, ctx).then(
    () => false,
    () => true,
  );
  const result = await getQueueResult(batch, ctx);
  return { acked: result.explicitAcks.length, retried: result.retryMessages.length, failed };
}

async function gunzipLines(object: R2ObjectBody): Promise<unknown[]> {
  const text = await new Response(object.body.pipeThrough(new DecompressionStream("gzip"))).text();
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Archive objects written after `key` (keys sort by the time of writing). */
async function archivedAfter(key: string) {
  const listed = await bucket.list({ prefix: "events/", startAfter: key, include: ["customMetadata"] });
  return listed.objects;
}

async function storedClickIds(clickIds: string[]): Promise<string[]> {
  const filter = clickIds.map((id) => `click_id = "${id}"`).join(" || ");
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records?perPage=500&filter=${encodeURIComponent(filter)}`, {
    headers: { Authorization: await superuserToken() },
  });
  return ((await response.json()) as { items: Array<{ click_id: string }> }).items.map((e) => e.click_id).sort();
}

async function clearWaiting() {
  const listed = await bucket.list({ prefix: "ops/waiting/" });
  if (listed.objects.length > 0) await bucket.delete(listed.objects.map((o) => o.key));
}

/** A key just before any object written from now on. */
const nowKey = () => archiveKey(new Date(Date.now() - 1), "");

describe("the events archive", () => {
  beforeEach(clearWaiting);

  it("holds every stored batch as one gzip NDJSON object of the messages as PocketBase got them, written before they are acknowledged", async () => {
    const since = nowKey();
    const events = [message(), message({ kind: "impression" }), message()];
    expect(await deliver("dealpilot-events", events)).toMatchObject({ acked: 3, retried: 0, failed: false });
    const objects = await archivedAfter(since);
    expect(objects).toHaveLength(1);
    const [object] = objects;
    const day = new Date().toISOString().slice(0, 10);
    expect(object!.key).toMatch(new RegExp(`^events/${day}/\\d{2}/\\d{8}T\\d{9}Z-[0-9a-f-]{36}\\.ndjson\\.gz$`));
    expect(object!.customMetadata).toMatchObject({ messages: "3" });
    const body = await bucket.get(object!.key);
    expect(await gunzipLines(body!)).toEqual(events);
    expect(await storedClickIds(events.map((e) => e.click_id))).toEqual(events.map((e) => e.click_id).sort());
  });

  it("acknowledges nothing it could not archive, and fails the invocation", async () => {
    const events = [message(), message()];
    const withoutArchive = { ...testEnv, EVENTS_ARCHIVE: undefined };
    expect(await deliver("dealpilot-events", events, withoutArchive)).toMatchObject({ acked: 0, retried: 2, failed: true });
    // Stored in PocketBase meanwhile: the redelivery is acknowledged and archived.
    const since = nowKey();
    expect(await deliver("dealpilot-events", events, testEnv, 2)).toMatchObject({ acked: 2, retried: 0, failed: false });
    const archived = await Promise.all((await archivedAfter(since)).map(async (o) => gunzipLines((await bucket.get(o.key))!)));
    expect(archived.flat()).toEqual(expect.arrayContaining(events));
  });

  it("records the events it could not store, and forgets them once stored", async () => {
    const events = [message(), message()];
    await setPocketBase("stop");
    try {
      expect(await deliver("dealpilot-events", events)).toMatchObject({ acked: 0, retried: 2, failed: true });
    } finally {
      await setPocketBase("start");
    }
    const waiting = await bucket.list({ prefix: "ops/waiting/", include: ["customMetadata"] });
    expect(waiting.objects.map((o) => o.key).sort()).toEqual(events.map((e) => `ops/waiting/${e.click_id}`).sort());
    expect(waiting.objects[0]!.customMetadata).toMatchObject({ queue: "dealpilot-events" });
    expect(await deliver("dealpilot-events", events, testEnv, 2)).toMatchObject({ acked: 2, failed: false });
    expect((await bucket.list({ prefix: "ops/waiting/" })).objects).toEqual([]);
  });
});

describe("/healthz", () => {
  afterAll(() => setPocketBase("start"));

  it("answers 200 while the Worker and PocketBase answer, 503 while PocketBase is down; never cached", async () => {
    const up = await visit("/healthz");
    expect(up.status).toBe(200);
    expect(up.headers.get("Cache-Control")).toBe("no-store");
    expect(await up.json()).toEqual({ worker: "ok", pocketbase: "ok" });
    await setPocketBase("stop");
    try {
      const down = await visit("/healthz");
      expect(down.status).toBe(503);
      expect(down.headers.get("Cache-Control")).toBe("no-store");
      expect(await down.json()).toEqual({ worker: "ok", pocketbase: "down" });
    } finally {
      await setPocketBase("start");
    }
    expect((await visit("/healthz")).status).toBe(200);
  });
});

describe("/admin/status and the alerts", () => {
  const writer = pocketbaseWriter();
  /** An editor's session cookie (`dp_admin=…`). */
  let session: string;

  const statusPage = (cookie = session) => visit("/admin/status", { redirect: "manual", headers: { Cookie: cookie } });
  /** Each line of the page: its label → [state, detail]. */
  const rowsOf = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<tr data-state="(\w+)"><th scope="row">([^<]+)<\/th><td>.*?<\/td><td>(.*?)<\/td><\/tr>/g)].map((m) => [
        textOf(m[2]!),
        [m[1], textOf(m[3]!)],
      ]),
    );

  beforeAll(async () => {
    const editor = await siteAccount(await writer, "editors");
    session = await signInOnSite(editor.email, editor.password, "/admin/status");
  });
  beforeEach(clearWaiting);
  afterAll(async () => {
    await setPocketBase("start");
    await (await writer).cleanup();
  });

  it("sends a visitor without a session, or with a cookie the Worker did not sign, to the sign-in page", async () => {
    const anonymous = await visit("/admin/status", { redirect: "manual" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("Location")).toBe("/admin/sign-in?next=%2Fadmin%2Fstatus");
    const superuser = await statusPage(`dp_admin=${await superuserToken()}`);
    expect(superuser.status).toBe(303);
    expect(await superuser.text()).not.toContain("Newest backup");
  });

  it("shows a marketer the same page", async () => {
    const marketer = await siteAccount(await writer, "marketers");
    const response = await statusPage(await signInOnSite(marketer.email, marketer.password, "/admin/status"));
    expect(response.status).toBe(200);
    expect(rowsOf(await response.text()).PocketBase?.[0]).toBe("ok");
  });

  it("shows an editor PocketBase up, the backups, no event lag and no dead letters; never cached", async () => {
    const response = await statusPage();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const rows = rowsOf(await response.text());
    expect(rows.PocketBase?.[0]).toBe("ok");
    expect(rows["Newest backup"]?.[1]).toMatch(/schedule "0 3 \* \* \*"/);
    expect(rows["Event lag"]).toEqual(["ok", expect.stringContaining("every delivered event is stored")]);
    expect(rows["Dead letters"]).toEqual(["ok", "none waiting"]);
    expect(rows["Errors in the last hour"]?.[1]).toMatch(/^\d+ in PocketBase's logs/);
    expect(rows["Mail sending"]?.[0]).toMatch(/ok|warning/);
  });

  it("shows a dead letter waiting, and the alert job raises it as an error log line", async () => {
    const refused = message({ device: "toaster" });
    expect(await deliver("dealpilot-events-dlq", [refused])).toMatchObject({ acked: 0, retried: 1, failed: false });
    const rows = rowsOf(await (await statusPage()).text());
    expect(rows["Dead letters"]).toEqual(["problem", expect.stringContaining("1 events wait in dealpilot-events-dlq")]);

    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), testEnv, ctx);
      const alerts = errors.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith("ops alert:"));
      expect(alerts).toEqual(expect.arrayContaining([expect.stringContaining("1 events wait in the dead-letter queue")]));
    } finally {
      errors.mockRestore();
    }
  });

  it("mails the alerts to the operator's address through the site's mailer, once per six hours while the trouble lasts", async () => {
    const refused = message({ device: "toaster" });
    await deliver("dealpilot-events-dlq", [refused]);
    const operator = `ops-${crypto.randomUUID().slice(0, 8)}@dealpilot.local`;
    const env = { ...testEnv, OPS_ALERT_EMAIL: operator };
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const now = Date.now();
      await checkAlerts(env, now);
      await vi.waitFor(async () => expect(await mailTo(operator)).toHaveLength(1), { timeout: 10_000 });
      const [mail] = await mailTo(operator);
      expect(mail?.text).toContain("1 events wait in the dead-letter queue");
      expect(mail?.text).toContain(`${testEnv.SITE_ORIGIN}/admin/status`);
      // The next checks of the same window send nothing more; the next window mails again.
      await checkAlerts(env, now + 15 * 60_000);
      await checkAlerts(env, now + ALERT_MAIL_EVERY_MS);
      await vi.waitFor(async () => expect(await mailTo(operator)).toHaveLength(2), { timeout: 10_000 });
      expect(errors.mock.calls.map((call) => String(call[0]))).not.toEqual(expect.arrayContaining([expect.stringContaining("alert mail")]));
    } finally {
      errors.mockRestore();
    }
  });

  it("shows the event lag of events waiting past 15 minutes and alerts on it", async () => {
    const late = message();
    await bucket.put(`ops/waiting/${late.click_id}`, "", {
      customMetadata: { queue: "dealpilot-events", since: new Date(Date.now() - 20 * 60_000).toISOString() },
    });
    const rows = rowsOf(await (await statusPage()).text());
    expect(rows["Event lag"]).toEqual(["problem", expect.stringMatching(/^1 events not stored yet, the oldest queued 20 min ago/)]);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), testEnv, createExecutionContext());
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(expect.arrayContaining([expect.stringMatching(/^ops alert: event lag is 20 min/)]));
    } finally {
      errors.mockRestore();
    }
  });

  it("while PocketBase is down shows the editor what the Worker knows, and the alert job says PocketBase is down", async () => {
    const refused = message({ device: "toaster" });
    await deliver("dealpilot-events-dlq", [refused]);
    await setPocketBase("stop");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await statusPage();
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("PocketBase does not answer, so your sign-in could not be checked with it");
      const rows = rowsOf(html);
      expect(rows.PocketBase?.[0]).toBe("problem");
      expect(rows["Newest backup"]).toEqual(["unknown", "PocketBase is down"]);
      expect(rows["Dead letters"]?.[0]).toBe("problem");
      await worker.scheduled(createScheduledController({ cron: "*/15 * * * *" }), testEnv, createExecutionContext());
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual(expect.arrayContaining(["ops alert: PocketBase does not answer its health check"]));
      // A cookie the Worker did not sign gets nothing while PocketBase cannot check it either.
      const unsigned = await statusPage(`dp_admin=${session.slice("dp_admin=".length).replace(/\.[0-9a-f]+$/, ".00")}`);
      expect(unsigned.status).not.toBe(200);
      expect(await unsigned.text()).not.toContain("Dead letters");
    } finally {
      errors.mockRestore();
      await setPocketBase("start");
    }
  });
});

describe("retention of raw events", () => {
  const old = new Date(Date.now() - 500 * DAY);
  const oldDay = old.toISOString().slice(0, 10);
  const report = async (day: string, group: string) => {
    const response = await fetch(`${testEnv.POCKETBASE_URL}/api/dealpilot/report?from=${day}&to=${day}&group=${group}`, {
      headers: { Authorization: await superuserToken() },
    });
    const { viewer: _viewer, ...figures } = (await response.json()) as Record<string, unknown>;
    return figures;
  };

  it("deletes raw events older than EVENTS_KEEP_DAYS and leaves every report, counter and newer event as it was", async () => {
    const campaign = `ret-${crypto.randomUUID().slice(0, 8)}`;
    const oldEvents = Array.from({ length: 6 }, (_, i) =>
      message({
        event_time: new Date(old.getTime() + i * 60_000).toISOString(),
        utm_campaign: campaign,
        counted: i % 2 === 0,
        device: i < 3 ? "mobile" : "desktop",
      }),
    );
    const recent = [message({ utm_campaign: campaign }), message({ event_time: new Date(Date.now() - 300 * DAY).toISOString(), utm_campaign: campaign })];
    expect(await deliver("dealpilot-events", [...oldEvents, ...recent])).toMatchObject({ acked: 8 });
    const groups = ["day", "campaign", "device", "source"];
    const before = await Promise.all(groups.map((group) => report(oldDay, group)));
    expect((before[1] as { rows: Array<{ key: string; clicks: number; unique_clicks: number }> }).rows).toEqual([
      expect.objectContaining({ key: campaign, clicks: 6, unique_clicks: 3 }),
    ]);

    const logs = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      await worker.scheduled(createScheduledController({ cron: "30 4 * * *" }), { ...testEnv, EVENTS_KEEP_DAYS: "400" }, createExecutionContext());
      expect(logs.mock.calls.map((call) => String(call[0]))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^retention: \d+ raw events before \d{4}-\d\d-\d\d 00:00:00\.000Z deleted$/)]),
      );
    } finally {
      logs.mockRestore();
    }
    expect(await storedClickIds(oldEvents.map((e) => e.click_id))).toEqual([]);
    expect(await storedClickIds(recent.map((e) => e.click_id))).toEqual(recent.map((e) => e.click_id).sort());
    expect(await Promise.all(groups.map((group) => report(oldDay, group)))).toEqual(before);

    // A replay of the archive cannot bring them back into sums that still hold them.
    const replayed = await fetch(`${testEnv.POCKETBASE_URL}/api/dealpilot/replay`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
      body: JSON.stringify({ events: oldEvents, postbacks: [] }),
    });
    expect(await replayed.json()).toMatchObject({ stored: 0, present: 0, expired: 6 });
    expect(await Promise.all(groups.map((group) => report(oldDay, group)))).toEqual(before);
  });

  it("refuses a keep time shorter than the least, and anyone but the service account or a superuser", async () => {
    const short = await fetch(`${testEnv.POCKETBASE_URL}/api/dealpilot/retention`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
      body: JSON.stringify({ keep_days: 7 }),
    });
    expect(short.status).toBe(400);
    const anonymous = await fetch(`${testEnv.POCKETBASE_URL}/api/dealpilot/retention`, { method: "POST", body: "{}" });
    expect(anonymous.status).toBe(401);
  });
});

describe("a deployment's configuration", () => {
  it("refuses every request of a production deployment without its secrets, origins and bindings, and says why in the logs", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const env = { ...testEnv, DEPLOYMENT: "production", EVENTS_KEY_SECRET: "", FEEDS: undefined };
      const response = await worker.fetch(new Request("https://dealpilot.example/"), env, createExecutionContext());
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain("EVENTS_KEY_SECRET");
      const logged = errors.mock.calls.map((call) => String(call[0])).join("\n");
      expect(logged).toContain("POCKETBASE_URL must be an https origin");
      expect(logged).toContain("secrets not set: EVENTS_KEY_SECRET");
      expect(logged).toContain("the FEEDS queue binding is missing");
    } finally {
      errors.mockRestore();
    }
  });

  it("refuses the local configuration deployed on a public host (a plain `wrangler deploy`)", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await worker.fetch(new Request("https://dealpilot.example/healthz"), testEnv, createExecutionContext());
      expect(response.status).toBe(500);
      expect(String(errors.mock.calls[0]?.[0])).toContain("deploy with `wrangler deploy --env production`");
    } finally {
      errors.mockRestore();
    }
  });
});

describe("the replay route (npm run events:replay)", () => {
  const replay = async (events: unknown[]) => {
    const response = await fetch(`${testEnv.POCKETBASE_URL}/api/dealpilot/replay`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: await superuserToken() },
      body: JSON.stringify({ events, postbacks: [] }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { stored: number; present: number; refused: Record<string, string> };
  };

  it("stores an event whose offer was deleted since without that link, as the consumer does, and each click id once", async () => {
    const writer = await pocketbaseWriter();
    try {
      const marker = crypto.randomUUID().slice(0, 8);
      const store = await writer.create<{ id: string }>("_zdata_stores", {
        title: `Replay ${marker}`,
        subheading: "replay",
        website: `https://replay-${marker}.example`,
      });
      const offer = await writer.create<{ id: string }>("_zdata_offers", {
        heading: `Replay ${marker}`,
        subheading: "replay",
        type: "deal",
        cta_label: "Get Deal",
        cta_url: `https://replay-${marker}.example/deal`,
        store: store.id,
      });
      const event = message({ offer: offer.id, store: store.id });
      const deleted = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${offer.id}`, {
        method: "DELETE",
        headers: { Authorization: await superuserToken() },
      });
      expect(deleted.status).toBe(204);
      expect(await replay([event])).toMatchObject({ stored: 1, present: 0, refused: {} });
      expect(await replay([event])).toMatchObject({ stored: 0, present: 1 });
      const response = await fetch(
        `${testEnv.POCKETBASE_URL}/api/collections/outbound_events/records?filter=${encodeURIComponent(`click_id = "${event.click_id}"`)}`,
        {
          headers: { Authorization: await superuserToken() },
        },
      );
      const [stored] = ((await response.json()) as { items: Array<{ offer: string; store: string }> }).items;
      expect(stored).toMatchObject({ offer: "", store: store.id });
    } finally {
      await writer.cleanup();
    }
  });
});
