import { afterAll, describe, expect, it } from "vitest";
import { originRequests, setPocketBase, sleep, uniqueFilter, visit } from "./helpers";

/** vitest.worker.config.ts sets CACHE_FRESH_S to 2 seconds for these tests. */
const PAST_FRESH_MS = 2_300;

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

  it("coalesces concurrent misses into one origin request", async () => {
    const { filter, token } = uniqueFilter();
    const responses = await Promise.all(Array.from({ length: 12 }, () => visit(listPath(filter))));
    expect(responses.map((r) => r.status)).toEqual(Array(12).fill(200));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(bodies).size).toBe(1);
    expect(await originRequests(token)).toBe(1);
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
