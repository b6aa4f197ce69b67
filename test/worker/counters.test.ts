import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Comparison, ListResult, Offer, Store } from "../../src/data/types";
import { pocketbase, pocketbaseWriter, superuserToken, testEnv, textOf, visit } from "./helpers";

/**
 * Issue 35, "Counters nobody types": votes, clicks and views are raised by the site's hooks
 * only; an edit of them is refused, a superuser's included (pocketbase/pb_hooks/content.pb.js).
 */

type Counted = Pick<Offer, "id" | "heading"> & { worked_count: number; failed_count: number; click_count: number; view_count: number };

const writer = await pocketbaseWriter();
let token: string;
let offer: Counted;

const counted = (id = offer.id) => pocketbase<Counted>(`/api/collections/_zdata_offers/records/${id}`);

/** An update as an editor's admin session sends it (the test superuser). */
async function edit(collection: string, id: string, fields: Record<string, unknown>) {
  const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${collection}/records/${id}`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify(fields),
  });
  return { status: response.status, body: (await response.json()) as { data: Record<string, { message: string }> } };
}

beforeAll(async () => {
  token = await superuserToken();
  const store = await writer.create<Store>("_zdata_stores", {
    title: `Counted ${crypto.randomUUID().slice(0, 8)}`,
    website: "https://counted.example/",
    default_action_url: "https://counted.example/",
  });
  offer = await writer.create<Counted>("_zdata_offers", {
    heading: "Counted deal",
    type: "deal",
    cta_url: "https://counted.example/deal",
    store: store.id,
    worked_count: 4,
    failed_count: 1,
    click_count: 10,
    view_count: 30,
  });
});

afterAll(() => writer.cleanup());

describe("counters nobody types", () => {
  it.each([
    ["_zdata_offers", ["worked_count", "failed_count", "click_count", "view_count"]],
    ["_zdata_stores", ["view_count"]],
    ["Products", ["click_count", "view_count"]],
  ] as const)("%s: a raised %s is refused with a message under the field, the stored count kept", async (collection, fields) => {
    const record = (await pocketbase<ListResult<Record<string, number | string>>>(`/api/collections/${collection}/records?perPage=1&sort=id`)).items[0]!;
    const raised = Object.fromEntries(fields.map((field) => [field, Number(record[field]) + 97]));
    const answer = await edit(collection, String(record.id), raised);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.data).sort()).toEqual([...fields].sort());
    for (const field of fields) expect(answer.body.data[field]!.message).toContain("Counted by the site");
    const after = await pocketbase<Record<string, number>>(`/api/collections/${collection}/records/${record.id}`);
    for (const field of fields) expect(after[field], field).toBe(record[field]);
  });

  it("a form holding older, lower counts saves the rest of its edit and leaves the counts as counted", async () => {
    const answer = await edit("_zdata_offers", offer.id, { heading: "Counted deal, edited", worked_count: 0, failed_count: 0, click_count: 0, view_count: 0 });
    expect(answer.status).toBe(200);
    expect(await counted()).toMatchObject({ heading: "Counted deal, edited", worked_count: 4, failed_count: 1, click_count: 10, view_count: 30 });
  });

  it("an edit that leaves the counts as they are is saved", async () => {
    const { worked_count, click_count } = await counted();
    expect((await edit("_zdata_offers", offer.id, { subheading: "unchanged counts", worked_count, click_count })).status).toBe(200);
  });

  it("votes and clicks still raise them", async () => {
    const vote = await visit(`/offers/${offer.id}/feedback`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Origin: "http://127.0.0.1:8787",
        "CF-Connecting-IP": "198.51.100.35",
        "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
      },
      body: JSON.stringify({ worked: "yes" }),
    });
    expect(vote.status).toBe(200);
    await vote.body?.cancel();
    await writer.create("outbound_events", { click_id: crypto.randomUUID(), kind: "click", counted: true, offer: offer.id, target_host: "counted.example" });
    expect(await counted()).toMatchObject({ worked_count: 5, click_count: 11 });
  });
});

describe("ratings keep their source", () => {
  const pageText = async (path: string) => {
    const response = await visit(path);
    expect(response.status, path).toBe(200);
    return textOf(await response.text());
  };

  it("a store's rating shows its source beside it, on its page and its card", async () => {
    const store = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=1&sort=title&filter=reviewers>0")).items[0]!;
    expect(store.rating_source).not.toBe("");
    const beside = `reviews) · source: ${store.rating_source}`;
    expect(await pageText(`/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`)).toContain(beside);
    expect(await pageText("/stores")).toContain(beside);
  });

  it("a product's rating shows its source beside it on a comparison", async () => {
    const comparison = (
      await pocketbase<ListResult<Comparison>>(
        `/api/collections/_zdata_comparisons/records?perPage=1&sort=id&expand=primary_product&filter=${encodeURIComponent('primary_product.status = "published"')}`,
      )
    ).items[0]!;
    const product = comparison.expand!.primary_product!;
    expect(product.rating_source).not.toBe("");
    const text = await pageText(`/comparisions/${encodeURIComponent(comparison.title.toLowerCase())}/${comparison.id}`);
    expect(text).toContain(`reviews) · source: ${product.rating_source}`);
  });
});
