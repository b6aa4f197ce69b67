import { describe, expect, it } from "vitest";
import { outboundHref } from "../../src/lib/outbound";
import { visit } from "./helpers";
import {
  admin,
  advertiserOf,
  createNetwork,
  createStore,
  finished,
  importNow,
  list,
  mapAdvertiser,
  offersOf,
  promotion,
  servedRequests,
  setFaults,
  setFeed,
  startRun,
  unique,
} from "./feed-helpers";

/**
 * Issue 48's rules of an import, shown through the Worker's real queue and cron against the
 * fake networks (test/support/fake-networks.mjs) and a real PocketBase: identity, stores held
 * until mapped, dates, vanishing, editors' edits, duplicates across networks, time zones and
 * hostile feed content. Each test makes its own feed, network and stores.
 */

describe("feed imports: identity and stores", () => {
  it("imports an Awin feed page by page, one offer per promotion; a re-import updates and never duplicates", async () => {
    const key = `awin-${unique()}`;
    const host = `${key}.example`;
    const store = await createStore(host);
    const promotions = [1, 2, 3, 4, 5].map((n) =>
      promotion({ id: `${key}-${n}`, advertiserId: "A1", site: `https://shop.${host}/`, code: n % 2 ? `SAVE${n}` : "", end: "2031-01-31T23:59:00+00:00" }),
    );
    await setFeed(key, { kind: "awin", account: "4711", credentials: `secret-${key}`, pageSize: 2, promotions });
    const network = await createNetwork(key, "awin");

    const first = await importNow(network.id, "awin");
    expect(first).toMatchObject({ status: "complete", pages: 3, fetched: 5, held: 5, created: 0 });
    const advertiser = await advertiserOf(network.id, "A1");
    // Suggested by the host of its site, never by name.
    expect(advertiser.suggested_store).toBe(store.id);
    expect(advertiser.store).toBe("");
    expect(advertiser.waiting).toBe(5);
    expect(await offersOf(network.id)).toHaveLength(0);

    // Mapping releases the held promotions at once, with no fetch.
    const served = await servedRequests(key);
    await mapAdvertiser(network.id, "A1", store.id);
    const offers = await offersOf(network.id);
    expect(offers.map((o) => o.promotion_id)).toEqual(promotions.map((p) => p.id).sort());
    expect(await servedRequests(key)).toBe(served);
    expect((await advertiserOf(network.id, "A1")).waiting).toBe(0);
    const coupon = offers.find((o) => o.promotion_id === `${key}-1`);
    expect(coupon).toMatchObject({ type: "coupon", coupon_code: "SAVE1", store: store.id, status: "published" });
    expect(offers.find((o) => o.promotion_id === `${key}-2`)).toMatchObject({ type: "deal", coupon_code: "" });

    const again = await importNow(network.id, "awin");
    expect(again).toMatchObject({ status: "complete", fetched: 5, created: 0, updated: 0, unchanged: 5 });
    expect(await offersOf(network.id)).toHaveLength(5);
  });
});
