import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import app from "../../src/worker";
import { OPERATOR, sleep, testEnv, uniqueFilter } from "./helpers";

/**
 * Issue 34: the headers the Worker keeps with its stored copies (the purge tags, the content
 * version) never reach visitors, only the operator, who sends CACHE_PURGE_SECRET as a bearer
 * token (docs/decisions/039). The page cache is on here: fresh for 1 s, then stale.
 */
const CACHED_ENV = { ...testEnv, PAGE_CACHE_FRESH_S: "1", PAGE_CACHE_STALE_S: "3600" };
const PAST_FRESH_MS = 1_200;
const NONE = { tags: null, version: null };

interface Visit {
  response: Response;
  cache: string | null;
  tags: string[] | null;
  version: string | null;
}

/** A request to the Worker; returns once its background work (the stored copy) is done. */
async function cachedVisit(path: string, headers: Record<string, string> = {}, env: Record<string, unknown> = CACHED_ENV): Promise<Visit> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(path, "http://127.0.0.1:8787"), { headers }), env, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return {
    response,
    cache: response.headers.get("X-Edge-Cache"),
    tags: response.headers.get("Cache-Tag")?.split(",") ?? null,
    version: response.headers.get("X-Content-Version"),
  };
}

const internal = ({ tags, version }: Visit) => ({ tags, version });
const fresh = () => `t=${crypto.randomUUID().slice(0, 8)}`;

describe("internal headers", () => {
  it("a visitor's page carries none, rendered, HIT or STALE; the operator's request gets the stored copy's", async () => {
    const path = `/stores?${fresh()}`;
    const miss = await cachedVisit(path);
    expect([miss.response.status, miss.cache, internal(miss)]).toEqual([200, "MISS", NONE]);
    const hit = await cachedVisit(path);
    expect([hit.cache, internal(hit)]).toEqual(["HIT", NONE]);

    // The operator is answered from the same copy, not rendered apart.
    const operator = await cachedVisit(path, OPERATOR);
    expect(operator.cache).toBe("HIT");
    expect(operator.tags).toEqual(expect.arrayContaining(["dp-page", "dp-read", "_zdata_stores", "websites:9"]));
    expect(operator.version).toMatch(/^\d+$/);

    await sleep(PAST_FRESH_MS);
    const stale = await cachedVisit(path);
    expect([stale.cache, internal(stale)]).toEqual(["STALE", NONE]);
  });

  it("the operator's rendered page carries them; a visitor's HIT on the copy it left does not", async () => {
    const path = `/about-us?${fresh()}`;
    const operator = await cachedVisit(path, OPERATOR);
    expect(operator.cache).toBe("MISS");
    expect(operator.tags).toContain("dp-page");
    expect(operator.version).toMatch(/^\d+$/);
    const hit = await cachedVisit(path);
    expect([hit.cache, internal(hit)]).toEqual(["HIT", NONE]);
  });

  it.each([
    {
      what: "a JSON read",
      path: () => `/api/collections/_zdata_categories/records?filter=${encodeURIComponent(uniqueFilter().filter)}`,
      tags: ["dp-read", "_zdata_categories"],
    },
    { what: "a sitemap file", path: () => `/sitemap-stores-1.xml?${fresh()}`, tags: ["dp-sitemap", "_zdata_stores"] },
  ])("$what carries none; the operator's carries its copy's tags and version", async ({ path: pathOf, tags }) => {
    const path = pathOf();
    const miss = await cachedVisit(path);
    expect([miss.response.status, miss.cache, internal(miss)]).toEqual([200, "MISS", NONE]);
    const hit = await cachedVisit(path);
    expect([hit.cache, internal(hit)]).toEqual(["HIT", NONE]);
    const operator = await cachedVisit(path, OPERATOR);
    expect(operator.cache).toBe("HIT");
    expect(operator.tags).toEqual(expect.arrayContaining(tags));
    expect(operator.version).toMatch(/^\d+$/);
  });

  it("a wrong secret, or the right one where none is configured, gets none, and bypasses the page cache", async () => {
    const path = `/stores?${fresh()}`;
    await cachedVisit(path);
    const wrong = await cachedVisit(path, { Authorization: "Bearer worker-tests-operator-guess" });
    expect([wrong.response.status, wrong.cache, internal(wrong)]).toEqual([200, null, NONE]);
    const unconfigured = await cachedVisit(path, OPERATOR, { ...CACHED_ENV, CACHE_PURGE_SECRET: "" });
    expect([unconfigured.response.status, unconfigured.cache, internal(unconfigured)]).toEqual([200, null, NONE]);
    const read = await cachedVisit(`/api/collections/_zdata_categories/records?${fresh()}`, { Authorization: "Bearer worker-tests-operator-guess" });
    expect([read.response.status, internal(read)]).toEqual([200, NONE]);
  });
});
