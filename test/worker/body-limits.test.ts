import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Offer, Store } from "../../src/data/types";
import { PURGE_PATH } from "../../src/edge/cache/cache-purge";
import { REVEAL_PATH } from "../../src/lib/outbound";
import { pocketbaseWriter, superuserToken, testEnv, visit } from "./helpers";

const FORM = { "Content-Type": "application/x-www-form-urlencoded", Origin: testEnv.SITE_ORIGIN };
const MIB = 1024 * 1024;

/** A body sent as a stream, chunk by chunk, with no Content-Length to check it by. */
function chunked(text: string, chunkBytes = 64 * 1024): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunkBytes));
      offset += chunkBytes;
    },
  });
}

function post(path: string, headers: Record<string, string>, body: string | ReadableStream<Uint8Array>): Promise<Response> {
  return visit(path, { method: "POST", headers, body, redirect: "manual" });
}

const writer = await pocketbaseWriter();
let offer: Offer;

async function workedCount(): Promise<number> {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_offers/records/${offer.id}?fields=worked_count`);
  return ((await response.json()) as { worked_count: number }).worked_count;
}

async function subscribers(email: string): Promise<number> {
  const filter = encodeURIComponent(`email = '${email}'`);
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/subscribers/records?filter=${filter}`, {
    headers: { Authorization: await superuserToken() },
  });
  return ((await response.json()) as { totalItems: number }).totalItems;
}

beforeAll(async () => {
  const store = await writer.create<Store>("_zdata_stores", { title: `Limits ${crypto.randomUUID().slice(0, 6)}`, website: "https://limits.example/" });
  offer = await writer.create<Offer>("_zdata_offers", {
    heading: "Bodies have limits",
    type: "deal",
    store: store.id,
    cta_label: "Go",
    cta_url: "https://limits.example/",
    worked_count: 3,
  });
});
afterAll(() => writer.cleanup());

describe("request bodies are limited by the bytes read, not by Content-Length (issue 34)", () => {
  it("refuses a 2 MiB vote sent chunked with 413 and counts nothing", async () => {
    const before = await workedCount();
    const response = await post(`/offers/${offer.id}/feedback`, FORM, chunked(`worked=yes&pad=${"x".repeat(2 * MIB)}`));
    expect(response.status).toBe(413);
    expect(await workedCount()).toBe(before);
  });

  it("refuses a 5 MiB sign-up sent chunked with 413 and stores nothing", async () => {
    const email = `chunked-${crypto.randomUUID().slice(0, 8)}@limits.example`;
    const response = await post("/newsletter", FORM, chunked(`email=${encodeURIComponent(email)}&pad=${"x".repeat(5 * MIB)}`));
    expect(response.status).toBe(413);
    expect(await subscribers(email)).toBe(0);
  });

  it("answers 413 on every other endpoint that reads a body, chunked or declared", async () => {
    const json = { "Content-Type": "application/json", Origin: testEnv.SITE_ORIGIN };
    const big = "x".repeat(1 * MIB);
    const cases: Array<[string, Record<string, string>, string]> = [
      ["/api/status/ping", json, `{"cid":"${big}"}`],
      ["/privacy/opt-out", FORM, `choice=out&pad=${big}`],
      [REVEAL_PATH, FORM, `url=${big}`],
      [PURGE_PATH, { ...json, Authorization: "Bearer a-guess" }, `{"paths":["/${big}"]}`],
      [`/postback/${"t".repeat(32)}`, FORM, `click_id=c&event=${big}`],
      ["/admin/sign-in", FORM, `email=a@b.test&password=${big}`],
    ];
    for (const [path, headers, body] of cases) {
      for (const sent of [chunked(body), body]) {
        const response = await post(path, headers, sent);
        expect([path, response.status]).toEqual([path, 413]);
      }
    }
  });

  it("still reads a body within its limit when it comes chunked", async () => {
    const before = await workedCount();
    const response = await post(`/offers/${offer.id}/feedback`, { ...FORM, Accept: "application/json" }, chunked("worked=yes", 4));
    expect(response.status).toBe(200);
    expect(await workedCount()).toBe(before + 1);
  });
});
