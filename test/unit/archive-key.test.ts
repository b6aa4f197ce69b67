import { describe, expect, it } from "vitest";
import { archiveKeyAt } from "../../scripts/lib/event-archive.mjs";
import { archiveKey } from "../../src/lib/archive-key";

/** The Worker names archive objects; the operator's scripts list them from a time on: one format. */
describe("archive keys", () => {
  it("the scripts' first key of a time sorts just before the objects the Worker writes at that time, and after those written before", () => {
    for (const iso of ["2026-01-01T00:00:00.000Z", "2026-11-26T14:15:03.123Z", "2027-12-31T23:59:59.999Z"]) {
      const at = new Date(iso);
      const written = archiveKey(at, crypto.randomUUID());
      expect(written.startsWith(archiveKeyAt(at))).toBe(true);
      expect(archiveKey(new Date(at.getTime() - 1), crypto.randomUUID()) < archiveKeyAt(at)).toBe(true);
      expect(archiveKey(new Date(at.getTime() + 1), crypto.randomUUID()) > written).toBe(true);
    }
    expect(archiveKey(new Date("2026-11-26T14:15:03.123Z"), "u")).toBe("events/2026-11-26/14/20261126T141503123Z-u.ndjson.gz");
  });
});
