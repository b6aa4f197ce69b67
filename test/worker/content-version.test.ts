import { describe, expect, it } from "vitest";
import { contentVersionSource } from "../../src/edge/cache/content-version";
import { readConfig } from "../../src/env";
import { sleep, testEnv } from "./helpers";

/** How long a check under way stands for the others (CHECK_LEASE_MS), and a little more. */
const PAST_LEASE_MS = 3_200;

/** The location's cache as the version check uses it, counting lookups. While `stalled`, a
 * lookup never settles: what the isolate sees of a check whose request ended before it did
 * (workerd then settles nothing of that request's I/O). */
function locationCache() {
  const state = { lookups: 0, stalled: false };
  const cache = {
    match(request: RequestInfo) {
      state.lookups++;
      return state.stalled ? new Promise<undefined>(() => undefined) : caches.default.match(request);
    },
    put: (request: RequestInfo, response: Response) => caches.default.put(request, response),
  } as unknown as Cache;
  return { state, cache };
}

describe("the content version check (decision 070)", () => {
  it("a check that never settles stands for the others only until its lease ends; then a request checks again", async () => {
    // A version due at every request, its location copy of its own.
    const config = { ...readConfig(testEnv), siteOrigin: `https://${crypto.randomUUID()}.example`, contentVersionTtl: 0 };
    const { state, cache } = locationCache();
    const version = contentVersionSource(config, { cache, waitUntil: () => undefined });
    const known = await version();
    expect(known).toEqual(expect.any(Number));

    state.stalled = true;
    const started = Date.now();
    expect(await version()).toBe(known);
    expect(Date.now() - started).toBeLessThan(1_000);
    const lookups = state.lookups;
    // The stalled check is under way: it stands for this request's.
    expect(await version()).toBe(known);
    expect(state.lookups).toBe(lookups);

    state.stalled = false;
    await sleep(PAST_LEASE_MS);
    expect(await version()).toBe(known);
    expect(state.lookups).toBe(lookups + 1);
  });
});
