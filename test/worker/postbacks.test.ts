import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PostbackMessage } from "../../src/edge/events/messages";
import { newClickId } from "../../src/lib/click-id";
import { CLICK_ID_NAMES } from "../../src/lib/postback";
import worker from "../../src/worker";
import { originRequests, pocketbaseWriter, queueDrained, setPocketBase, superuserToken, testEnv, visit } from "./helpers";

/** Postbacks reach PocketBase through the events queue: batches wait up to 2 s. */
const QUEUED = { timeout: 10_000, interval: 200 };
/** A postback that met PocketBase down comes back after the first retry delay (10 s). */
const AFTER_RETRY = { timeout: 40_000, interval: 500 };

interface Conversion {
  id: string;
  network: string;
  click_id: string;
  txid: string;
  status: string;
  payout: number;
  currency: string;
  event: string;
  matched: boolean;
  offer: string;
  store: string;
  utm_source: string;
  utm_campaign: string;
  country: string;
  device: string;
  history: Array<{ id: string; status: string; payout: number | null; currency: string; at: string }>;
}

const writer = await pocketbaseWriter();
const admin = { Authorization: await superuserToken() };
let network: { id: string; postback_token: string };
let inactive: { id: string; postback_token: string };
const logged: string[] = [];

async function conversions(filter: string): Promise<Conversion[]> {
  const query = new URLSearchParams({ filter: `network = "${network.id}" && (${filter})`, perPage: "200", sort: "create_time" });
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/conversions/records?${query}`, { headers: admin });
  if (!response.ok) throw new Error(`conversions: ${response.status}`);
  return ((await response.json()) as { items: Conversion[] }).items;
}
const byTxid = (txid: string) => conversions(`txid = "${txid}"`);

/** A postback as a network sends it. */
function send(query: Record<string, string>, init: RequestInit = {}, token = network.postback_token): Promise<Response> {
  return visit(`/postback/${token}?${new URLSearchParams(query)}`, init);
}

/** (Named, so no line here reads like the thenable protocol test/unit/public-apis.test.ts guards against.) */
const PENDING = "pending";
const uniqueTxid = () => `T-${crypto.randomUUID()}`;

/** A click stored the way the consumer stores it, with campaign values to be copied. */
async function storedClick(overrides: Record<string, unknown> = {}): Promise<string> {
  const clickId = newClickId();
  await writer.create("outbound_events", {
    click_id: clickId,
    kind: "click",
    target_host: "partner.example",
    utm_source: "newsletter",
    utm_campaign: "postback-test",
    country: "DE",
    device: "mobile",
    counted: false,
    event_time: new Date().toISOString(),
    ...overrides,
  });
  return clickId;
}

beforeAll(async () => {
  network = await writer.create("affiliate_networks", { name: "Test network", active: true });
  inactive = await writer.create("affiliate_networks", { name: "Inactive network", active: false });
  for (const method of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await setPocketBase("start");
  for (const { id } of await conversions("id != ''"))
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/conversions/records/${id}`, { method: "DELETE", headers: admin });
  await writer.cleanup();
});

describe("postbacks: who may send them", () => {
  it("made a 32-character token for the network, and never shows it to the Worker's service account", async () => {
    expect(network.postback_token).toMatch(/^[A-Za-z0-9]{32}$/);
    const service = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/edge_services/auth-with-password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: testEnv.PB_SERVICE_EMAIL, password: testEnv.PB_SERVICE_PASSWORD }),
    });
    const { token } = (await service.json()) as { token: string };
    const seen = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/affiliate_networks/records/${network.id}`, { headers: { Authorization: token } });
    const record = (await seen.json()) as Record<string, unknown>;
    expect(record.id).toBe(network.id);
    expect(record).not.toHaveProperty("postback_token");
    // And nobody else reads networks at all.
    expect((await fetch(`${testEnv.POCKETBASE_URL}/api/collections/affiliate_networks/records/${network.id}`)).status).toBe(404);
  });

  it("answers 404 to an unknown token, a malformed one and an inactive network's, says nothing about why, and stores nothing", async () => {
    const txid = uniqueTxid();
    const tokens = ["A".repeat(32), "short", `${"x".repeat(30)}%20`, inactive.postback_token];
    for (const token of tokens) {
      const response = await send({ click_id: "c1", txid }, {}, token);
      expect(response.status, token).toBe(404);
      expect(await response.text()).toBe("Not found");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
    await queueDrained();
    const anywhere = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/conversions/records?filter=${encodeURIComponent(`txid = "${txid}"`)}`, {
      headers: admin,
    });
    expect(((await anywhere.json()) as { items: unknown[] }).items).toEqual([]);
  });
});

describe("postbacks: what is stored", () => {
  it("takes the click id under every name networks use, and copies the click's values onto the conversion", async () => {
    const sent: Array<[string, string]> = [];
    for (const name of CLICK_ID_NAMES) {
      const clickId = await storedClick({ utm_source: `source-${name}` });
      const response = await send({ [name]: clickId, payout: "12.50" });
      expect(response.status, name).toBe(200);
      expect(await response.text()).toBe("OK");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      sent.push([name, clickId]);
    }
    for (const [name, clickId] of sent) {
      // Without txid the click id is the transaction id.
      await expect.poll(() => byTxid(clickId), QUEUED).toHaveLength(1);
      const [conversion] = await byTxid(clickId);
      expect(conversion, name).toMatchObject({
        click_id: clickId,
        status: "approved",
        payout: 12.5,
        currency: "USD",
        matched: true,
        utm_source: `source-${name}`,
        utm_campaign: "postback-test",
        country: "DE",
        device: "mobile",
      });
    }
  });

  it("accepts a form POST, and refuses a body that is not a form", async () => {
    const clickId = await storedClick();
    const txid = uniqueTxid();
    const form = await visit(`/postback/${network.postback_token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ clickref: clickId, txid, payout: "3.2", currency: "eur", status: "PENDING", event: "lead" }),
    });
    expect(form.status).toBe(200);
    await expect.poll(() => byTxid(txid), QUEUED).toHaveLength(1);
    expect((await byTxid(txid))[0]).toMatchObject({ click_id: clickId, status: PENDING, payout: 3.2, currency: "EUR", event: "lead", matched: true });

    const json = await visit(`/postback/${network.postback_token}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ click_id: clickId, txid: uniqueTxid() }),
    });
    expect(json.status).toBe(415);
  });

  it("is idempotent on network and txid: a repeat, and a redelivered message, change nothing", async () => {
    const clickId = await storedClick();
    const txid = uniqueTxid();
    const query = { click_id: clickId, txid, payout: "20", status: "approved" };
    for (let i = 0; i < 3; i++) expect((await send(query)).status).toBe(200);
    await expect.poll(() => byTxid(txid), QUEUED).toHaveLength(1);
    await queueDrained();
    const [conversion] = await byTxid(txid);
    expect(conversion!.history).toHaveLength(1);

    // The queue delivers a message again (its acknowledgement was lost): still one entry.
    const again: PostbackMessage = {
      type: "postback",
      id: conversion!.history[0]!.id,
      network: network.id,
      click_id: clickId,
      txid,
      status: "reversed",
      payout: 20,
      currency: "USD",
      event: "",
      at: new Date().toISOString(),
    };
    const batch = createMessageBatch("dealpilot-events", [{ id: "m0", timestamp: new Date(), attempts: 2, body: again }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, testEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m0"]);
    const [after] = await byTxid(txid);
    expect(after!.status).toBe("approved");
    expect(after!.history).toHaveLength(1);
  });

  it("follows a sale from pending to approved to reversed on one conversion, keeping each status and its time", async () => {
    const clickId = await storedClick();
    const txid = uniqueTxid();
    await send({ sub1: clickId, txid, payout: "40.00", status: PENDING });
    await expect.poll(async () => (await byTxid(txid))[0]?.status, QUEUED).toBe("pending");
    await send({ sub1: clickId, txid, status: "Approved" });
    await expect.poll(async () => (await byTxid(txid))[0]?.status, QUEUED).toBe("approved");
    await send({ sub1: clickId, txid, status: "REVERSED" });
    await expect.poll(async () => (await byTxid(txid))[0]?.status, QUEUED).toBe("reversed");
    const all = await byTxid(txid);
    expect(all).toHaveLength(1);
    const [conversion] = all;
    expect(conversion!.history.map((entry) => entry.status)).toEqual(["pending", "approved", "reversed"]);
    const times = conversion!.history.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // A status change without a payout keeps the payout.
    expect(conversion!.payout).toBe(40);
  });

  it("stores a click id it does not know as unmatched, and matches it when the click is stored later", async () => {
    const clickId = newClickId();
    const txid = uniqueTxid();
    expect((await send({ cid: clickId, txid, payout: "5" })).status).toBe(200);
    await expect.poll(() => byTxid(txid), QUEUED).toHaveLength(1);
    expect((await byTxid(txid))[0]).toMatchObject({ matched: false, utm_campaign: "" });

    await storedClick({ click_id: clickId, utm_campaign: "late-click" });
    await expect.poll(async () => (await byTxid(txid))[0]?.matched, QUEUED).toBe(true);
    expect((await byTxid(txid))[0]!.utm_campaign).toBe("late-click");
  });

  it("stores every postback it answers OK: the longest click id and txid it takes fit PocketBase's fields", async () => {
    const txid = `T-${"t".repeat(126)}`;
    const response = await send({ click_id: "c".repeat(64), txid, event: "e".repeat(100) });
    expect(response.status).toBe(200);
    await expect.poll(() => byTxid(txid), QUEUED).toEqual([expect.objectContaining({ click_id: "c".repeat(64), event: "e".repeat(100) })]);
  });

  it("answers 400 with a plain message to malformed values, and stores nothing", async () => {
    const txid = uniqueTxid();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ txid, payout: "1" }, /click id is required/],
      [{ click_id: "{clickid}", txid }, /click id is malformed/],
      [{ click_id: "a", sub1: "b", txid }, /given twice/],
      [{ click_id: "a", txid, payout: "12,50" }, /payout must be a decimal/],
      [{ click_id: "a", txid, payout: "[payout]" }, /payout must be a decimal/],
      [{ click_id: "a", txid, currency: "XYZ" }, /ISO 4217/],
      [{ click_id: "a", txid, currency: "dollars" }, /ISO 4217/],
      [{ click_id: "a", txid, status: "paid" }, /status must be one of pending, approved, reversed/],
      [{ click_id: "a", txid: "#txid#" }, /txid is malformed/],
      [{ click_id: "a", txid, event: "<script>" }, /event is malformed/],
      // Longer than PocketBase's conversions.click_id holds (rules.js LIMITS): refused here, not on every delivery.
      [{ click_id: "c".repeat(65), txid }, /click id is malformed: 1 to 64/],
      [{ click_id: "c".repeat(128), txid }, /click id is malformed: 1 to 64/],
      [{ click_id: "a", txid: "t".repeat(129) }, /txid is malformed: 1 to 128/],
    ];
    for (const [query, message] of cases) {
      const response = await send(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(await response.text(), JSON.stringify(query)).toMatch(message);
    }
    const oversized = await visit(`/postback/${network.postback_token}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `click_id=a&txid=${txid}&event=${"x".repeat(20_000)}`,
    });
    expect(oversized.status).toBe(413);
    await queueDrained();
    expect(await byTxid(txid)).toEqual([]);
  });
});

describe("postbacks: faults", () => {
  it("takes postbacks while PocketBase is down and stores each once it is back", async () => {
    // The network is known at this edge already (its answer is in the edge cache).
    expect((await send({ click_id: "warm-up", txid: uniqueTxid() })).status).toBe(200);
    const txids = [uniqueTxid(), uniqueTxid()];
    await setPocketBase("stop");
    try {
      const tried = await originRequests("/api/dealpilot/postbacks");
      for (const txid of txids) expect((await send({ click_id: newClickId(), txid, payout: "7" })).status).toBe(200);
      // The consumer met PocketBase down: it tried to store them, and failed.
      await expect.poll(() => originRequests("/api/dealpilot/postbacks"), AFTER_RETRY).toBeGreaterThan(tried);
    } finally {
      await setPocketBase("start");
    }
    for (const txid of txids) await expect.poll(() => byTxid(txid), AFTER_RETRY).toHaveLength(1);
  });

  it("limits postbacks per network: past 600 a minute the network is told to retry", { timeout: 120_000 }, async () => {
    const limited = await writer.create<{ id: string; postback_token: string }>("affiliate_networks", { name: "Busy network", active: true });
    // A new network's token is taken within the read freshness (the networks' index is re-read).
    let sent = 0;
    const post = () => send({ txid: "x" }, { headers: { "CF-Connecting-IP": `198.51.100.${sent++ % 250}` } }, limited.postback_token);
    await expect.poll(async () => (await post()).status, { timeout: 30_000, interval: 500 }).toBe(400);
    // The limiter counts in minute windows: a run that crosses a window's end starts again
    // at zero, so up to two windows' worth are sent before one must be refused. From many
    // clients, as a network's servers are: the limit is the network's own.
    let answer: Response | undefined;
    while (sent < 2 * 600 + 20 && answer?.status !== 429) answer = await post();
    expect(answer!.status).toBe(429);
    expect(sent).toBeGreaterThan(600);
    expect(answer!.headers.get("Retry-After")).toBe("60");
    // Other networks are not held back.
    expect((await send({ txid: "x" })).status).toBe(400);
  });

  it("limits each client before looking its token up: past 1,200 a minute it is told to retry, whatever the token", { timeout: 120_000 }, async () => {
    const client = { headers: { "CF-Connecting-IP": `client-${crypto.randomUUID()}` } };
    let sent = 0;
    let answer: Response | undefined;
    while (sent < 2 * 1200 + 1 && answer?.status !== 429) {
      answer = await send({ txid: "x" }, client, `${crypto.randomUUID().replace(/-/g, "")}`);
      sent++;
    }
    expect(answer!.status).toBe(429);
    expect(sent).toBeGreaterThan(1200);
    expect(answer!.headers.get("Retry-After")).toBe("60");
    // Even its real network's token waits; another client's does not.
    expect((await send({ txid: "x" }, client)).status).toBe(429);
    expect((await send({ txid: "x" })).status).toBe(400);
  });

  it("looks unknown tokens up in one held index of the networks: guessing costs PocketBase nothing", async () => {
    // Reads fresh for the whole test, so no refresh of the index falls inside it.
    const held = { ...testEnv, CACHE_FRESH_S: "3600" };
    const post = async (token: string) => {
      const ctx = createExecutionContext();
      const request = new Request(`http://127.0.0.1:8787/postback/${token}?txid=x`, { headers: { "CF-Connecting-IP": crypto.randomUUID() } });
      const response = await worker.fetch(request, held, ctx);
      await waitOnExecutionContext(ctx);
      return response.status;
    };
    await post(network.postback_token);
    const before = await originRequests("affiliate_networks");
    expect(await post(network.postback_token)).toBe(400);
    for (let i = 0; i < 50; i++) expect(await post(crypto.randomUUID().replace(/-/g, ""))).toBe(404);
    expect(await originRequests("affiliate_networks")).toBe(before);
  });

  it("never writes a token into the Worker's logs", () => {
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain(network.postback_token);
      expect(line).not.toContain(inactive.postback_token);
    }
  });
});
