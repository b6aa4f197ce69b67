import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category, ListResult, Offer, Store } from "../../src/data/types";
import { htmlText, pocketbase, pocketbaseWriter, superuserToken, testEnv, visit } from "./helpers";

/**
 * Issue 35, "Draft and published": offers, stores, comparisons and advertorials carry a
 * status as articles and products do. Only published records (and offers of published
 * stores) are shown anywhere; a new record starts as a draft; archiving takes a record off
 * the site, which an expiry does not.
 */
const marker = `Drafted ${crypto.randomUUID().slice(0, 8)}`;
const DAY = 86_400_000;
const pbDate = (ms: number) => new Date(ms).toISOString().replace("T", " ");
const COLLECTIONS = ["_zdata_offers", "_zdata_stores", "_zdata_comparisons", "_zdata_advertorials"] as const;

interface Titled {
  id: string;
  title: string;
}

const writer = await pocketbaseWriter();
let category: Category;
let store: Store;
let draftStore: Store;
let draftComparison: Titled;
let draftAdvertorial: Titled;
const offers = {} as Record<"draft" | "ofDraftStore" | "archived" | "expired", Offer>;
const pathOf = (kind: string, record: Titled) => `/${kind}/${encodeURIComponent(record.title.toLowerCase())}/${record.id}`;
const hidden = () => [offers.draft, offers.ofDraftStore, offers.archived];

beforeAll(async () => {
  // A category of their own: only these records have it, so the views' rows for it are theirs.
  category = await writer.create<Category>("_zdata_categories", { title: `${marker} Category` });
  store = await writer.create<Store>("_zdata_stores", {
    title: `${marker} Store`,
    category_ids: [category.id],
    website: "https://drafted.example/",
    default_action_url: "https://drafted.example/",
  });
  draftStore = await writer.create<Store>("_zdata_stores", { title: `${marker} Hidden Store`, category_ids: [category.id], status: "draft" });
  // Featured and clicked more than any seeded deal: Top Deals and the home page would show them first.
  const deal = (heading: string, fields: Record<string, unknown>) =>
    writer.create<Offer>("_zdata_offers", {
      heading: `${marker} ${heading}`,
      type: "deal",
      is_featured: true,
      click_count: 950_000_000,
      cta_url: "https://drafted.example/deal",
      store: store.id,
      ...fields,
    });
  offers.draft = await deal("draft deal", { status: "draft" });
  offers.ofDraftStore = await deal("deal of a hidden store", { store: draftStore.id });
  offers.archived = await deal("withdrawn deal", { status: "archived", expires_at: pbDate(Date.now() - 2 * DAY) });
  offers.expired = await deal("ended deal", { expires_at: pbDate(Date.now() - 2 * DAY) });
  const piece = { categories: [category.id], stores: [store.id], publish_time: pbDate(Date.now() - DAY), status: "draft" };
  draftComparison = await writer.create<Titled>("_zdata_comparisons", { ...piece, title: `${marker} Draft comparison` });
  draftAdvertorial = await writer.create<Titled>("_zdata_advertorials", { ...piece, title: `${marker} Draft advertorial` });
  // A counted click on the draft today: the cards' "Used N times today" view must not list it.
  await writer.create("outbound_events", {
    click_id: crypto.randomUUID(),
    kind: "click",
    counted: true,
    offer: offers.draft.id,
    target_host: "drafted.example",
    event_time: pbDate(Date.now()),
  });
});

afterAll(() => writer.cleanup());

describe("draft and published", () => {
  it("the rules of offers, stores, comparisons and advertorials admit published records only, and editors", async () => {
    const token = await superuserToken();
    for (const name of COLLECTIONS) {
      const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${name}`, { headers: { Authorization: token } });
      const collection = (await response.json()) as { listRule: string; viewRule: string; fields: Array<{ name: string }> };
      // An offer also hides when it duplicates another network's (issue 48, docs/feeds.md).
      const published = name === "_zdata_offers" ? 'status = "published" && store.status = "published" && duplicate_of = ""' : 'status = "published"';
      const rule = `(${published}) || @request.auth.collectionName = "editors"`;
      expect(collection.listRule, name).toBe(rule);
      expect(collection.viewRule, name).toBe(rule);
      expect(
        collection.fields.find((f) => f.name === "status"),
        name,
      ).toMatchObject({ values: ["draft", "published", "archived"], required: true });
    }
  });

  it("every record existing before the migration is published; a new record starts as a draft", async () => {
    const token = await superuserToken();
    const headers = { Authorization: token, "Content-Type": "application/json" };
    for (const name of COLLECTIONS) {
      const unset = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/${name}/records?perPage=1&filter=${encodeURIComponent('status = ""')}`, { headers });
      expect(((await unset.json()) as ListResult<unknown>).totalItems, name).toBe(0);
    }
    const response = await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_stores/records`, {
      method: "POST",
      headers,
      body: JSON.stringify({ title: `${marker} Fresh store` }),
    });
    const fresh = (await response.json()) as Store & { status: string };
    await fetch(`${testEnv.POCKETBASE_URL}/api/collections/_zdata_stores/records/${fresh.id}`, { method: "DELETE", headers });
    expect(fresh.status).toBe("draft");
  });

  it("the content API answers no draft: not by id, not in a list", async () => {
    const records: Array<[string, string]> = [
      ...hidden().map((offer) => ["_zdata_offers", offer.id] as [string, string]),
      ["_zdata_stores", draftStore.id],
      ["Stores", draftStore.id],
      ["_zdata_comparisons", draftComparison.id],
      ["_zdata_advertorials", draftAdvertorial.id],
      ["Editorials", draftAdvertorial.id],
    ];
    for (const [collection, id] of records) {
      expect((await visit(`/api/collections/${collection}/records/${id}`)).status, `${collection} ${id}`).toBe(404);
      const list = await visit(`/api/collections/${collection}/records?filter=${encodeURIComponent(`id = "${id}"`)}`);
      expect(((await list.json()) as ListResult<unknown>).totalItems, `${collection} ${id}`).toBe(0);
    }
  });

  it("the views leave drafts out: Top Deals, the stores' category counts, the article lists' pills, usage today", async () => {
    const top = (await (await visit("/api/collections/_zsec_top_deals/records?perPage=50")).json()) as ListResult<{ id: string }>;
    expect(top.items.map((d) => d.id)).not.toContain(offers.draft.id);
    expect(top.items.map((d) => d.id)).not.toContain(offers.ofDraftStore.id);
    // The published deals of the published store are there (they are clicked most).
    expect(top.items.map((d) => d.id)).toContain(offers.expired.id);

    const filter = (await (await visit(`/api/collections/_zsec_store_filters/records/${category.id}`)).json()) as { total: number };
    expect(filter.total).toBe(1);

    const pills = await pocketbase<ListResult<{ kind: string }>>(
      `/api/collections/_zsec_article_list_categories/records?filter=${encodeURIComponent(`category = "${category.id}"`)}`,
    );
    expect(pills.items).toEqual([]);

    expect((await visit(`/api/collections/_zsec_offer_usage/records/${offers.draft.id}`)).status).toBe(404);
  });

  it("pages: a draft's own page is not found; lists, home, search and structured data show no draft", async () => {
    for (const path of [pathOf("stores", draftStore), pathOf("comparisions", draftComparison), pathOf("advertorials", draftAdvertorial)]) {
      const response = await visit(path);
      await response.body?.cancel();
      expect(response.status, path).toBe(404);
    }
    for (const path of [pathOf("stores", store), "/", "/offers", "/stores", "/comparisions", "/advertorials", `/search?q=${encodeURIComponent(marker)}`]) {
      const response = await visit(path);
      const html = await response.text();
      expect(response.status, path).toBe(200);
      for (const offer of hidden()) expect(html, path).not.toContain(htmlText(offer.heading));
      for (const title of [draftStore.title, draftComparison.title, draftAdvertorial.title]) expect(html, path).not.toContain(htmlText(title));
    }
  });

  it("sitemaps list no draft", async () => {
    for (const [file, record] of [
      ["stores", draftStore],
      ["comparisions", draftComparison],
      ["advertorials", draftAdvertorial],
    ] as const) {
      const xml = await (await visit(`/sitemap-${file}-1.xml`)).text();
      expect(xml).toContain("<urlset");
      expect(xml, file).not.toContain(record.id);
    }
  });

  it("archiving takes an offer off the site, where an expiry keeps it under Expired coupons", async () => {
    const html = await (await visit(pathOf("stores", store))).text();
    const expired = html.slice(html.indexOf('id="expired-offers-heading"'));
    expect(expired).toContain(htmlText(offers.expired.heading));
    expect(html).not.toContain(htmlText(offers.archived.heading));
  });
});
