import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { createContentClient } from "../../src/data/client";
import type { Store } from "../../src/data/types";
import { createContentOrigin } from "../../src/edge/cache/content-origin";
import { PageReads } from "../../src/edge/cache/page-cache";
import { readConfig } from "../../src/env";
import { uniqueFilter, workerFetch, testEnv } from "./helpers";

const SITE = "http://127.0.0.1:8787";
/** The browser's content client: reads through the Worker's /api. */
const pb = createContentClient({ baseUrl: SITE, fetch: workerFetch });

async function failure(read: Promise<unknown>): Promise<ClientResponseError> {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ClientResponseError);
  return error as ClientResponseError;
}

describe("content client errors (spec section 8)", () => {
  it("a missing record id: 404 'Missing required record id.'", async () => {
    const error = await failure(pb.collection("Stores").getOne(""));
    expect(error.status).toBe(404);
    expect(error.message).toBe("Missing required record id.");
    expect(error.url).toContain("/api/collections/Stores/records/");
  });

  it("an unknown record carries url, status and response", async () => {
    const error = await failure(pb.collection("Stores").getOne("zzzzzzzzzzzzzzz"));
    expect(error.status).toBe(404);
    expect(error.url).toBe(`${SITE}/api/collections/Stores/records/zzzzzzzzzzzzzzz`);
    expect(error.response).toEqual({ status: 404, message: "The requested resource wasn't found.", data: {} });
    expect(error.message).toBe("The requested resource wasn't found.");
  });

  it("a first-item lookup with no match: 404 'The requested resource wasn't found.'", async () => {
    const error = await failure(pb.collection("_zdata_categories").getFirstListItem(pb.filter("title = {:t}", { t: uniqueFilter().token })));
    expect(error.status).toBe(404);
    expect(error.message).toBe("The requested resource wasn't found.");
  });

  it("status 400 and above keeps PocketBase's message", async () => {
    const error = await failure(pb.collection("Stores").getList(1, 30, { filter: "title ~~ (" }));
    expect(error.status).toBe(400);
    expect(error.response.status).toBe(400);
    expect(error.url).toContain("/api/collections/Stores/records?");
  });

  it("an answer without a message defaults to 'Something went wrong.'", async () => {
    const offline = createContentClient({
      baseUrl: SITE,
      fetch: (async () => new Response("", { status: 502 })) as typeof fetch,
    });
    const error = await failure(offline.collection("Stores").getList(1, 1));
    expect(error.status).toBe(502);
    expect(error.message).toBe("Something went wrong.");
  });

  it("sends the spec's request headers", async () => {
    const seen: Headers[] = [];
    const spy = createContentClient({
      baseUrl: SITE,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Headers(init?.headers));
        return workerFetch(input, init);
      }) as typeof fetch,
    });
    await spy.collection("_zdata_badges").getList(1, 1);
    expect(seen[0]!.get("Accept")).toBe("application/json");
    expect(seen[0]!.get("Content-Type")).toBe("application/json");
    expect(seen[0]!.get("Cache-Control")).toBe("no-cache");
    expect(seen[0]!.get("Authorization")).toBe("Bearer");
  });
});

describe("the server's content client (edge cache, answers parsed from the held copy)", () => {
  const config = readConfig(testEnv);
  const origin = (originFetch?: typeof fetch) =>
    createContentOrigin(config, { cache: caches.default, waitUntil: () => {}, version: async () => 7 }, originFetch);

  it("reads what the browser's client reads through the Worker, and the render's watch sees it", async () => {
    const { filter } = uniqueFilter();
    const reads = new PageReads();
    const server = await origin().client(reads).collection("_zdata_stores").getList<Store>(1, 3, { filter, sort: "title" });
    const browser = await pb.collection("_zdata_stores").getList<Store>(1, 3, { filter, sort: "title" });
    expect(server.items.map((s) => s.id)).toEqual(browser.items.map((s) => s.id));
    expect(server.items.length).toBe(3);
    expect([...reads.paths]).toEqual([expect.stringMatching(/^\/api\/collections\/_zdata_stores\/records\?/)]);
    expect(reads.tags).toContain(`_zdata_stores:${server.items[0]!.id}`);
    expect([reads.oldestVersion, reads.failed]).toEqual([7, false]);
  });

  it("an unknown record: PocketBase's 404, with the url asked", async () => {
    const error = await failure(origin().client().collection("_zdata_stores").getOne("zzzzzzzzzzzzzzz"));
    expect(error.status).toBe(404);
    expect(error.url).toBe(`${config.pocketbaseUrl}/api/collections/_zdata_stores/records/zzzzzzzzzzzzzzz`);
    expect(error.message).toBe("The requested resource wasn't found.");
  });

  it("an answer that is not JSON fails with its status, and a 5xx marks the render degraded", async () => {
    const reads = new PageReads();
    const broken = origin((async () => new Response("<h1>Bad gateway</h1>", { status: 502 })) as typeof fetch);
    const error = await failure(broken.client(reads).collection("_zdata_stores").getList(1, 1, { filter: uniqueFilter().filter }));
    expect([error.status, error.message]).toEqual([502, "Something went wrong."]);
    expect(reads.failed).toBe(true);
  });

  it("PocketBase unreachable with no copy: status 0, and the render is marked failed", async () => {
    const reads = new PageReads();
    const down = origin((async () => Promise.reject(new TypeError("connection refused"))) as typeof fetch);
    const error = await failure(down.client(reads).collection("_zdata_stores").getList(1, 1, { filter: uniqueFilter().filter }));
    expect(error.status).toBe(0);
    expect(reads.failed).toBe(true);
  });
});
