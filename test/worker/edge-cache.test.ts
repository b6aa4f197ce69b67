import { afterAll, describe, expect, it } from "vitest";
import { cachedRead, deleteCopy, type CachedRead } from "../../src/edge/cache/cache";
import { contentCacheKey, createContentOrigin } from "../../src/edge/cache/content-origin";
import { FRESH_UNTIL_HEADER } from "../../src/edge/cache/offer-schedule";
import type { ListResult, Store } from "../../src/data/types";
import { readConfig } from "../../src/env";
import { delayOrigin, originRequests, pocketbase, setPocketBase, sleep, testEnv, uniqueFilter, visit } from "./helpers";

/** vitest.worker.config.ts sets CACHE_FRESH_S to 2 seconds for these tests. */
const PAST_FRESH_MS = 2_300;
const readKey = (path: string) => contentCacheKey(testEnv.SITE_ORIGIN, new URL(path, testEnv.POCKETBASE_URL));

const listPath = (filter: string) => `/api/collections/_zdata_categories/records?filter=${encodeURIComponent(filter)}`;

describe("edge cache for reads", () => {
  afterAll(() => setPocketBase("start"));

  it("reports MISS, then HIT for a repeated read, without a second origin request", async () => {
    const { filter, token } = uniqueFilter();
    const first = await visit(listPath(filter));
    expect(first.headers.get("X-Edge-Cache")).toBe("MISS");
    const body = await first.text();
    const second = await visit(listPath(filter));
    expect(second.headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await second.text()).toBe(body);
    expect(await originRequests(token)).toBe(1);
  });

  it("keys on the normalised query: parameter order and dropped parameters do not matter", async () => {
    const { filter } = uniqueFilter();
    const a = await visit(`/api/collections/_zdata_categories/records?sort=title&filter=${encodeURIComponent(filter)}`);
    expect(a.headers.get("X-Edge-Cache")).toBe("MISS");
    const b = await visit(`/api/collections/_zdata_categories/records?utm_source=x&filter=${encodeURIComponent(filter)}&sort=title&page=1`);
    expect(b.headers.get("X-Edge-Cache")).toBe("HIT");
  });

  it("answers concurrent misses each from its own origin request: none waits on another request's (decision 070)", async () => {
    const { filter, token } = uniqueFilter();
    const responses = await Promise.all(Array.from({ length: 12 }, () => visit(listPath(filter))));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(await originRequests(token)).toBe(12);
    // The first stored copy answers every request after them.
    expect((await visit(listPath(filter))).headers.get("X-Edge-Cache")).toBe("HIT");
    expect(await originRequests(token)).toBe(12);
  });

  it("makes one origin request for a key one request reads twice at once (a render's sections)", async () => {
    const config = readConfig(testEnv);
    const aRequest = () => createContentOrigin(config, { cache: caches.default, waitUntil: () => undefined, flights: new Map() }).client();
    const read = (pb: ReturnType<typeof aRequest>, filter: string) => pb.collection("_zdata_categories").getList(1, 30, { filter });
    const once = uniqueFilter();
    await delayOrigin(once.token, 300);
    const pb = aRequest();
    const [first, second] = await Promise.all([read(pb, once.filter), read(pb, once.filter)]);
    expect(second).toEqual(first);
    expect(await originRequests(once.token)).toBe(1);
    // Two requests: two origin reads.
    const twice = uniqueFilter();
    await delayOrigin(twice.token, 300);
    await Promise.all([read(aRequest(), twice.filter), read(aRequest(), twice.filter)]);
    expect(await originRequests(twice.token)).toBe(2);
    await Promise.all([delayOrigin(once.token, 0), delayOrigin(twice.token, 0)]);
  });

  it("serves STALE after freshness while one background revalidation refreshes it", async () => {
    const { filter, token } = uniqueFilter();
    expect((await visit(listPath(filter))).headers.get("X-Edge-Cache")).toBe("MISS");
    await sleep(PAST_FRESH_MS);
    expect((await visit(listPath(filter))).headers.get("X-Edge-Cache")).toBe("STALE");
    // Reads racing the refresh get the stale copy or, once it is stored, the new one.
    const racing = await Promise.all(Array.from({ length: 5 }, () => visit(listPath(filter))));
    for (const r of racing) expect(["STALE", "HIT"]).toContain(r.headers.get("X-Edge-Cache"));
    await sleep(300);
    expect(await originRequests(token)).toBe(2);
    expect((await visit(listPath(filter))).headers.get("X-Edge-Cache")).toBe("HIT");
  });

  it("holds a fresh record read in the isolate, so another isolate's purge shows later; files are never held", async () => {
    const [store] = (await pocketbase<ListResult<Store>>("/api/collections/_zdata_stores/records?perPage=1&sort=title&filter=logo!=''")).items;
    const path = `/api/collections/_zdata_stores/records/${store!.id}`;
    await deleteCopy(caches.default, readKey(path));
    expect((await visit(path)).headers.get("X-Edge-Cache")).toBe("MISS");
    expect((await visit(path)).headers.get("X-Edge-Cache")).toBe("HIT");
    // The stored copy goes as in a purge made elsewhere: the held copy still answers (for at
    // most CONTENT_VERSION_TTL_S, on the test clock in "copies held by the isolate").
    await caches.default.delete(readKey(path));
    expect((await visit(path)).headers.get("X-Edge-Cache")).toBe("HIT");

    const file = `/api/files/_zdata_stores/${store!.id}/${store!.logo}`;
    await caches.default.delete(readKey(file));
    expect((await visit(file)).headers.get("X-Edge-Cache")).toBe("MISS");
    expect((await visit(file)).headers.get("X-Edge-Cache")).toBe("HIT");
    await caches.default.delete(readKey(file));
    expect((await visit(file)).headers.get("X-Edge-Cache")).toBe("MISS");
  });

  it("never caches an error answer", async () => {
    const path = `/api/collections/Stores/records?filter=${encodeURIComponent(`bad ~~ ( ${crypto.randomUUID()}`)}`;
    expect((await visit(path)).status).toBe(400);
    const again = await visit(path);
    expect(again.status).toBe(400);
    expect(again.headers.get("X-Edge-Cache")).toBe("MISS");
  });

  it("keeps serving cached reads and pages with PocketBase stopped; an uncached read gets a clear 503", async () => {
    const { filter } = uniqueFilter();
    expect((await visit(listPath(filter))).status).toBe(200);
    const page = `/stores?page=2`;
    expect((await visit(page)).status).toBe(200);

    await setPocketBase("stop");
    try {
      await sleep(PAST_FRESH_MS);
      const cached = await visit(listPath(filter));
      expect(cached.status).toBe(200);
      expect(cached.headers.get("X-Edge-Cache")).toBe("STALE");
      expect(((await cached.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

      const pageWhileDown = await visit(page);
      expect(pageWhileDown.status).toBe(200);
      expect(await pageWhileDown.text()).toContain("All Popular Stores");

      const uncached = await visit(listPath(uniqueFilter().filter));
      expect(uncached.status).toBe(503);
      expect(await uncached.json()).toEqual({
        status: 503,
        message: "The content service is unavailable. Please retry shortly.",
        data: {},
      });

      const uncachedPage = await visit(`/stores?catID=${uniqueFilter().token}`);
      expect(uncachedPage.status).toBe(503);
      const html = await uncachedPage.text();
      expect(html).toContain("We could not load this page just now");
      expect(html).not.toMatch(/at \w+ \(|Error:|stack/);
    } finally {
      await setPocketBase("start");
    }
    const recovered = await visit(listPath(uniqueFilter().filter));
    expect(recovered.status).toBe(200);
  });
});

describe("copies held by the isolate (decision 029)", () => {
  const TTL = { fresh: 60, stale: 3600 };
  const HOLD_MS = 2_000;
  const key = () => `${testEnv.SITE_ORIGIN}/_edge-cache/held-test/${crypto.randomUUID()}`;
  const text = (read: CachedRead) => new TextDecoder().decode(read.body);

  /** Cache dependencies on a clock the test moves, counting the Cache API's lookups. */
  function setup(options: { version?: number; holdMs?: number } = {}) {
    const clock = { now: Date.now(), version: options.version ?? 1, lookups: 0, loads: 0 };
    const pending: Promise<unknown>[] = [];
    const cache = {
      match: (k: string) => {
        clock.lookups++;
        return caches.default.match(k);
      },
      put: (k: string, r: Response) => caches.default.put(k, r),
      delete: (k: string) => caches.default.delete(k),
    } as unknown as Cache;
    const deps = {
      cache,
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      now: () => clock.now,
      version: async () => clock.version,
      holdMs: options.holdMs ?? HOLD_MS,
    };
    const read = async (k: string, body = "origin", headers: HeadersInit = {}) => {
      const answer = await cachedRead(
        k,
        async () => {
          clock.loads++;
          return new Response(body, { headers });
        },
        TTL,
        deps,
      );
      await Promise.all(pending.splice(0));
      return answer;
    };
    /** A new key whose copy is stored (a miss), then held (a hit). */
    const heldCopy = async (body: string, headers: HeadersInit = {}) => {
      const k = key();
      await read(k, body, headers);
      await read(k);
      return k;
    };
    return { clock, read, heldCopy };
  }

  it("answers a fresh read again without a lookup until the hold ends", async () => {
    const { clock, read } = setup();
    const k = key();
    expect((await read(k, "v1")).cacheStatus).toBe("MISS");
    expect((await read(k)).cacheStatus).toBe("HIT");
    expect(clock.lookups).toBe(2);
    for (let i = 0; i < 3; i++) {
      const again = await read(k);
      expect([again.cacheStatus, text(again)]).toEqual(["HIT", "v1"]);
    }
    expect(clock.lookups).toBe(2);
    clock.now += HOLD_MS;
    expect((await read(k)).cacheStatus).toBe("HIT");
    expect([clock.lookups, clock.loads]).toEqual([3, 1]);
  });

  it("never holds without a hold time (files, and reads no edit changes)", async () => {
    const { clock, read } = setup({ holdMs: 0 });
    const k = key();
    await read(k);
    for (let i = 0; i < 3; i++) expect((await read(k)).cacheStatus).toBe("HIT");
    expect(clock.lookups).toBe(4);
  });

  it("an edit ends a held copy: outdated by the version, it is read again from the origin", async () => {
    const { clock, read, heldCopy } = setup();
    const k = await heldCopy("before");
    clock.version = 2;
    const after = await read(k, "after");
    expect([after.cacheStatus, text(after), clock.loads]).toEqual(["MISS", "after", 2]);
    // The copy stored for version 2 is looked up, not the one held before.
    const next = await read(k);
    expect([next.cacheStatus, text(next)]).toEqual(["HIT", "after"]);
  });

  it("a copy this isolate stores replaces the one it held, also for a request that knows an older version", async () => {
    const { clock, read, heldCopy } = setup();
    const k = await heldCopy("old");
    clock.version = 2;
    await read(k, "new");
    clock.version = 1;
    const lagging = await read(k);
    expect([lagging.cacheStatus, text(lagging)]).toEqual(["HIT", "new"]);
  });

  it("a held copy past its offers' schedule or its freshness is not served as it is", async () => {
    const { clock, read, heldCopy } = setup();
    const scheduled = await heldCopy("live offers", { [FRESH_UNTIL_HEADER]: String(clock.now + 500) });
    clock.now += 600;
    const expired = await read(scheduled, "next offers");
    expect([expired.cacheStatus, text(expired)]).toEqual(["MISS", "next offers"]);

    const aging = await heldCopy("old");
    const lookups = clock.lookups;
    clock.now += TTL.fresh * 1000 - 1000;
    expect((await read(aging)).cacheStatus).toBe("HIT");
    expect(clock.lookups).toBe(lookups + 1);
    // Stale now, though held within the hold time: the stored copy answers, while one
    // revalidation replaces it.
    clock.now += 1500;
    const stale = await read(aging, "new");
    expect([stale.cacheStatus, text(stale), clock.lookups]).toEqual(["STALE", "old", lookups + 2]);
    expect(text(await read(aging))).toBe("new");
  });

  it("a purge drops the held copy with the stored one", async () => {
    const { clock, read, heldCopy } = setup();
    const k = await heldCopy("v1");
    expect(await deleteCopy(caches.default, k)).toBe(true);
    const after = await read(k, "v2");
    expect([after.cacheStatus, text(after), clock.loads]).toEqual(["MISS", "v2", 2]);
  });

  it("keeps at most 4 MiB: past it the oldest held copies are looked up again", async () => {
    const { clock, read } = setup();
    const megabyte = "x".repeat(1024 * 1024);
    const keys = Array.from({ length: 5 }, key);
    for (const k of keys) await read(k, megabyte);
    for (const k of keys) await read(k);
    const lookups = clock.lookups;
    for (const k of keys.slice(1)) await read(k);
    expect(clock.lookups).toBe(lookups);
    await read(keys[0]!);
    expect(clock.lookups).toBe(lookups + 1);
  });
});
