/**
 * The official PocketBase JS SDK (the version in package.json), pointed once at the Worker
 * and once at PocketBase itself, must get the same answers: the site's public API is
 * PocketBase's read API for the spec's collections, nothing less.
 */
import PocketBase, { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { PUBLIC_COLLECTIONS, resolvePublicCollection, type CollectionName } from "../../src/data/collections";
import { collectionId } from "../../src/edge/cache/file-collections";
import { testEnv, visit, workerFetch } from "./helpers";

const SITE = "http://127.0.0.1:8787";

/** An SDK client of the Worker: every request goes through the Worker's fetch. */
function workerClient(): PocketBase {
  const client = new PocketBase(SITE).autoCancellation(false);
  client.beforeSend = (url, options) => ({ url, options: { ...options, fetch: workerFetch } });
  return client;
}

const viaWorker = workerClient();
const viaPocketBase = new PocketBase(testEnv.POCKETBASE_URL).autoCancellation(false);

/** What a call gives: its result, or the status and body of the SDK's error. */
async function outcome(call: (pb: PocketBase) => Promise<unknown>, pb: PocketBase): Promise<unknown> {
  try {
    return { ok: await call(pb) };
  } catch (err) {
    if (!(err instanceof ClientResponseError)) throw err;
    return { status: err.status, response: err.response, message: err.message };
  }
}

/** Runs one SDK call against both and expects the same outcome; returns it. */
async function same(call: (pb: PocketBase) => Promise<unknown>): Promise<unknown> {
  const [worker, pocketbase] = await Promise.all([outcome(call, viaWorker), outcome(call, viaPocketBase)]);
  expect(worker).toEqual(pocketbase);
  return worker;
}

const ALIASES = Object.keys(PUBLIC_COLLECTIONS);

describe("the PocketBase SDK gets the same answers from the Worker as from PocketBase", () => {
  it.each(ALIASES)("getFullList() with its default batch of 1000: %s", async (name) => {
    const base = resolvePublicCollection(name)!;
    const [worker, pocketbase] = await Promise.all([
      viaWorker.collection(name).getFullList({ sort: "id" }),
      viaPocketBase.collection(base).getFullList({ sort: "id" }),
    ]);
    expect(worker.length).toBeGreaterThan(0);
    expect(worker).toEqual(pocketbase);
  });

  it("getList with page, perPage, sort, a pb.filter filter, expand, fields and skipTotal", async () => {
    const filter = viaWorker.filter("title != {:empty} && rating >= {:min}", { empty: "", min: 1 });
    const result = (await same((pb) =>
      pb
        .collection("_zdata_stores")
        .getList(2, 4, { sort: "-title", filter, expand: "category_ids", fields: "id,title,expand.category_ids.title", skipTotal: true }),
    )) as { ok: { items: unknown[]; totalItems: number } };
    expect(result.ok.items).toHaveLength(4);
    expect(result.ok.totalItems).toBe(-1);
  });

  it.each([
    [0, 0],
    [-3, -1],
    [1, 1000],
    [1, 5000],
    [3, 2],
  ])("getList(%i, %i): PocketBase's fallbacks and clamping", async (page, perPage) => {
    await same((pb) => pb.collection("_zdata_offers").getList(page, perPage, { fields: "id", sort: "id" }));
  });

  it("getOne with expand, and getFirstListItem with a parameterised filter", async () => {
    const [store] = await viaPocketBase.collection("_zdata_stores").getFullList({ sort: "title", batch: 1 });
    const one = (await same((pb) => pb.collection("_zdata_stores").getOne(store!.id, { expand: "category_ids" }))) as { ok: { id: string } };
    expect(one.ok.id).toBe(store!.id);
    await same((pb) => pb.collection("_zdata_stores").getFirstListItem(pb.filter("title = {:title}", { title: store!.title as string })));
  });

  it("errors: unknown record, first item without a match, malformed filter and sort, unknown collection, bad page", async () => {
    const cases: ((pb: PocketBase) => Promise<unknown>)[] = [
      (pb) => pb.collection("_zdata_stores").getOne("zzzzzzzzzzzzzzz"),
      (pb) => pb.collection("_zdata_stores").getFirstListItem(pb.filter("title = {:t}", { t: "no such store" })),
      (pb) => pb.collection("_zdata_stores").getList(1, 5, { filter: "title ~~ (" }),
      (pb) => pb.collection("_zdata_stores").getList(1, 5, { sort: "no_such_field" }),
      (pb) => pb.collection("no_such_collection").getList(),
      (pb) => pb.collection("_zdata_stores").getList(1, 5, { query: { page: "abc" } }),
    ];
    for (const call of cases) {
      const result = (await same(call)) as { status?: number };
      expect(result.status).toBeGreaterThanOrEqual(400);
    }
  });

  it("health.check(): PocketBase's liveness answer, briefly cached, naming no origin", async () => {
    const result = (await same((pb) => pb.health.check())) as { ok: { code: number } };
    expect(result.ok.code).toBe(200);
    const first = await visit("/api/health");
    const second = await visit("/api/health");
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(second.headers.get("Cache-Control")).toBe("public, max-age=5");
    const text = await first.text();
    expect(text).not.toContain(new URL(testEnv.POCKETBASE_URL).host);
  });
});

describe("files.getURL builds /api/files/{collectionId}/… and the Worker serves it", () => {
  /** One record with a file for every collection that has one. */
  async function recordsWithFiles(): Promise<{ name: CollectionName; record: Record<string, unknown> & { id: string; collectionId: string }; file: string }[]> {
    const found = [];
    for (const name of new Set(Object.values(PUBLIC_COLLECTIONS).concat("websites"))) {
      const records = await viaPocketBase.collection(name).getFullList({ batch: 50 });
      for (const record of records) {
        const file = Object.values(record).find((value): value is string => typeof value === "string" && /^[\w-]+\.(svg|png|jpe?g|webp|gif)$/.test(value));
        if (file) {
          found.push({ name, record: record as Record<string, unknown> & { id: string; collectionId: string }, file });
          break;
        }
      }
    }
    return found;
  }

  it("derives every collection's id as PocketBase does", async () => {
    for (const name of new Set([...Object.values(PUBLIC_COLLECTIONS), "websites" as const])) {
      const [record] = (await viaPocketBase.collection(name).getList(1, 1, { fields: "collectionId" })).items;
      expect(record?.collectionId, name).toBe(collectionId(name));
    }
  });

  it("answers the same bytes and headers as PocketBase, with thumb and download", async () => {
    const found = await recordsWithFiles();
    expect(found.length).toBeGreaterThanOrEqual(5);
    for (const { record, file } of found) {
      for (const options of [{}, { thumb: "100x100" }, { download: true }]) {
        const workerUrl = viaWorker.files.getURL(record, file, options);
        expect(workerUrl).toContain(`/api/files/${record.collectionId}/`);
        const [worker, pocketbase] = await Promise.all([workerFetch(workerUrl), fetch(viaPocketBase.files.getURL(record, file, options))]);
        expect(worker.status, workerUrl).toBe(200);
        expect(worker.headers.get("Content-Type")).toBe(pocketbase.headers.get("Content-Type"));
        expect(worker.headers.get("Content-Disposition")).toBe(pocketbase.headers.get("Content-Disposition"));
        expect(new Uint8Array(await worker.arrayBuffer())).toEqual(new Uint8Array(await pocketbase.arrayBuffer()));
      }
    }
  });

  it("shares one cache entry between the collection's name and its id", async () => {
    const { name, record, file } = (await recordsWithFiles())[0]!;
    const query = `?thumb=${1 + Math.floor(Math.random() * 999)}x1`;
    const byName = await visit(`/api/files/${name}/${record.id}/${file}${query}`);
    expect(byName.headers.get("X-Edge-Cache")).toBe("MISS");
    const byId = await visit(`/api/files/${record.collectionId}/${record.id}/${file}${query}`);
    expect(byId.headers.get("X-Edge-Cache")).toBe("HIT");
  });
});

describe("CORS on the public API, as PocketBase answers it, for reads only", () => {
  const ORIGIN = "https://app.partner.example";
  const paths = [
    "/api/collections/_zdata_stores/records?perPage=1",
    "/api/collections/Stores/records/zzzzzzzzzzzzzzz",
    "/api/health",
    "/api/websites/9?populate=*",
  ];

  it.each(paths)("preflight of %s: 204 granting GET and HEAD to any origin", async (path) => {
    const response = await visit(path, {
      method: "OPTIONS",
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "content-type,accept-language" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(response.headers.get("Access-Control-Allow-Methods")).toBe("GET,HEAD");
    expect(response.headers.get("Access-Control-Allow-Headers")).toBe("content-type,accept-language");
    expect(response.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it.each(paths)("GET %s carries Access-Control-Allow-Origin: *, errors included", async (path) => {
    const response = await visit(path, { headers: { Origin: ORIGIN, "Content-Type": "application/json" } });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("a file carries it too, and PocketBase answers the same origin", async () => {
    const [store] = await viaPocketBase.collection("_zdata_stores").getFullList({ batch: 1 });
    const url = viaWorker.files.getURL(store!, store!.logo as string);
    const response = await workerFetch(url, { headers: { Origin: ORIGIN } });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const direct = await fetch(viaPocketBase.files.getURL(store!, store!.logo as string), { headers: { Origin: ORIGIN } });
    expect(direct.headers.get("Access-Control-Allow-Origin")).toBe("*");
  });

  it("writes stay refused: the preflight grants no write method and the write itself is a 405", async () => {
    const preflight = await visit("/api/collections/_zdata_stores/records", {
      method: "OPTIONS",
      headers: { Origin: ORIGIN, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Methods")).not.toMatch(/POST|PUT|PATCH|DELETE/);
    const write = await viaWorker
      .collection("_zdata_stores")
      .create({ title: "x" })
      .catch((err: ClientResponseError) => err);
    expect(write).toBeInstanceOf(ClientResponseError);
    expect((write as ClientResponseError).status).toBe(405);
  });

  it("the first-party ping endpoint grants no other origin", async () => {
    const response = await visit("/api/status/ping", { method: "POST", headers: { Origin: ORIGIN } });
    expect(response.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});
