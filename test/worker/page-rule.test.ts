import { describe, expect, it } from "vitest";
import type { ListResult, Offer, Store } from "../../src/data/types";
import { pocketbase, visit } from "./helpers";

const NOT_FOUND_TEXT = "The page you are looking for was moved, removed or might never have existed.";

/** One rule for every paged list: page 1 always answers (empty state included), a page
 * past the last answers the not-found page with a 404. */
describe("out-of-range pages", () => {
  const lists = [
    "/stores",
    "/stores?catID=",
    "/offers",
    "/offers?type=deal",
    "/advertorials",
    "/comparisions",
    "/blog",
    "/search?q=vpn",
    "/search?q=vpn&type=offers",
  ];

  it.each(lists)("%s: page 2 exists, page 999 is a 404", async (path) => {
    const join = path.includes("?") ? "&" : "?";
    const second = await visit(`${path}${join}page=2`);
    expect(second.status).toBe(200);
    const past = await visit(`${path}${join}page=999`);
    expect(past.status).toBe(404);
    expect(await past.text()).toContain(NOT_FOUND_TEXT);
  });

  it("a store page's offers follow the same rule", async () => {
    // The store with the most offers (more than one page of 30 is not needed: page 2 of any store is past its last).
    const offers = await pocketbase<ListResult<Offer>>("/api/collections/_zdata_offers/records?perPage=1&fields=store");
    const store = await pocketbase<Store>(`/api/collections/_zdata_stores/records/${offers.items[0]!.store}`);
    const path = `/stores/${encodeURIComponent(store.title.toLowerCase())}/${store.id}`;
    expect((await visit(path)).status).toBe(200);
    const past = await visit(`${path}?page=999`);
    expect(past.status).toBe(404);
    expect(await past.text()).toContain(NOT_FOUND_TEXT);
  });

  it("page 1 of a list with nothing in it answers 200 with its empty state", async () => {
    const search = await visit("/search?q=qqqzzzxxx&page=1");
    expect(search.status).toBe(200);
    expect(await search.text()).toContain("Nothing matches “qqqzzzxxx” yet.");
  });
});
