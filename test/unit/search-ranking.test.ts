import { describe, expect, it } from "vitest";
import { createContentClient } from "../../src/data/client";
import { WORLDWIDE } from "../../src/data/offer-countries";
import { search, SEARCH_KINDS } from "../../src/data/search";

/** One record that every kind's read can take: its title field is `title` whatever the
 * kind calls it, everything else empty, so every kind scores it the same. */
function recordTitled(title: string) {
  return {
    id: "r1",
    collectionId: "c1",
    collectionName: "records",
    title,
    heading: title,
    name: title,
    subheading: "",
    subtitle: "",
    summary: "",
    description: "",
    tags: "",
    brand: "",
    headline: "",
    cta_url: "https://vendor.example/deal",
    click_count: 0,
    reviewers: 0,
    rating: 0,
    logo: "",
    thumbnail: "",
    featured_image: "",
    banner_image: "",
    publish_time: "2026-11-01 00:00:00.000Z",
    starts_at: "",
    expires_at: "",
    expand: { store: { id: "s1", title: "Acme" } },
  };
}

/** A content client answering every list read with the same one record. */
function clientAnswering(record: ReturnType<typeof recordTitled>) {
  return createContentClient({
    baseUrl: "https://pb.example",
    read: async () => ({ status: 200, body: { page: 1, perPage: 100, totalItems: 1, totalPages: 1, items: [record] } }),
  });
}

describe("search ranking", () => {
  it("orders matches of equal score by kind, in the order of the result tabs, before popularity", async () => {
    // Popularity differs (the editorial kinds count their publication date, the others a
    // count of 0): ranked on it before kind, the editorial kinds would come first.
    const results = await search(clientAnswering(recordTitled("Nordvale")), { text: "nordvale", category: null }, { kind: null, page: 1, scope: WORLDWIDE });
    expect(results.hits.map((hit) => hit.kind)).toEqual([...SEARCH_KINDS]);
  });
});
