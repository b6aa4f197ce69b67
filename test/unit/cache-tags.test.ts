import { describe, expect, it } from "vitest";
import { formatCacheTags, parseCacheTags, readCollection, recordTags, withRecordTags } from "../../src/edge/cache/cache-tags";

describe("cache tags of content reads", () => {
  it("name the collection and every record of a list, expanded relations included", () => {
    const body = {
      items: [
        {
          id: "store1",
          collectionName: "_zdata_stores",
          expand: { badge: { id: "badge1", collectionName: "_zdata_badges" }, category_ids: [{ id: "cat1", collectionName: "_zdata_categories" }] },
        },
        // `fields` left collectionName out: the read's own collection stands in.
        { id: "store2" },
      ],
    };
    expect(recordTags("_zdata_stores", body).sort()).toEqual(
      [
        "dp-read",
        "_zdata_stores",
        "_zdata_stores:store1",
        "_zdata_stores:store2",
        "_zdata_badges",
        "_zdata_badges:badge1",
        "_zdata_categories",
        "_zdata_categories:cat1",
      ].sort(),
    );
  });

  it("tag a single record, and never guess the collection of an expanded record that does not name it", () => {
    expect(recordTags("websites", { id: "9", collectionName: "websites", expand: { featured_stores: [{ id: "s1" }] } }).sort()).toEqual(
      ["dp-read", "websites", "websites:9"].sort(),
    );
  });

  it("skip values that could not be tags (spaces, commas, odd characters)", () => {
    expect(recordTags("_zdata_stores", { items: [{ id: "a b" }, { id: "a,b" }, { id: 7 }] })).toEqual(["dp-read", "_zdata_stores"]);
  });

  it("come from records paths only", () => {
    expect(readCollection("/api/collections/_zdata_stores/records")).toBe("_zdata_stores");
    expect(readCollection("/api/collections/Products/records/abc")).toBe("Products");
    expect(readCollection("/api/files/_zdata_stores/abc/logo.svg")).toBeNull();
    expect(readCollection("/api/collections/bad%2Cname/records")).toBeNull();
  });

  it("are sorted, unique, and fall back to collection tags past the header limit", () => {
    expect(formatCacheTags(["b", "a", "b"])).toBe("a,b");
    const many = Array.from({ length: 1000 }, (_, i) => `_zdata_offers:offer${String(i).padStart(10, "0")}`);
    expect(formatCacheTags(["dp-page", "_zdata_offers", ...many])).toBe("_zdata_offers,dp-page");
    expect(parseCacheTags(" a, b ,,c")).toEqual(["a", "b", "c"]);
    expect(parseCacheTags(null)).toEqual([]);
  });

  it("are added to a records answer without changing its body or status", async () => {
    const answer = await withRecordTags(
      Response.json({ items: [{ id: "x1", collectionName: "_zdata_offers" }] }),
      readCollection("/api/collections/_zdata_offers/records"),
    );
    expect(answer.headers.get("Cache-Tag")).toBe("_zdata_offers,_zdata_offers:x1,dp-read");
    expect(await answer.json()).toEqual({ items: [{ id: "x1", collectionName: "_zdata_offers" }] });
    const error = new Response("{}", { status: 404 });
    expect(await withRecordTags(error, readCollection("/api/collections/_zdata_offers/records/x"))).toBe(error);
    const notJson = await withRecordTags(new Response("<html>"), readCollection("/api/collections/_zdata_offers/records"));
    expect(notJson.headers.has("Cache-Tag")).toBe(false);
    expect(await notJson.text()).toBe("<html>");
  });
});
