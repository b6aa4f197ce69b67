import { describe, expect, it } from "vitest";
import { resolveStoreId } from "../../src/lib/store-id";

describe("resolveStoreId (spec: navigation state, else session storage, else route id or query id)", () => {
  const all = { navigationState: { storeId: "fromstate1" }, remembered: "remembered1", routeId: "fromroute1", queryId: "fromquery1" };

  it("takes the sources in the spec's order", () => {
    expect(resolveStoreId(all)).toBe("fromstate1");
    expect(resolveStoreId({ ...all, navigationState: undefined })).toBe("remembered1");
    expect(resolveStoreId({ ...all, navigationState: null, remembered: null })).toBe("fromroute1");
    expect(resolveStoreId({ queryId: "fromquery1" })).toBe("fromquery1");
    expect(resolveStoreId({})).toBeUndefined();
  });

  it("skips a source that does not hold a record id, whatever its shape", () => {
    for (const navigationState of ["fromstate1", { storeId: 42 }, { storeId: "" }, { storeId: "Bad Id" }, { other: "x1" }, [], 7]) {
      expect(resolveStoreId({ ...all, navigationState })).toBe("remembered1");
    }
    for (const remembered of ["", "a'||1", "x".repeat(33), "UPPER"]) {
      expect(resolveStoreId({ routeId: "fromroute1", remembered })).toBe("fromroute1");
    }
    expect(resolveStoreId({ routeId: "not an id", queryId: "fromquery1" })).toBe("fromquery1");
    expect(resolveStoreId({ routeId: "%2e%2e", queryId: "../x" })).toBeUndefined();
  });
});
