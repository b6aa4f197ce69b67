import { afterEach, describe, expect, it } from "vitest";
import { isoDay, mediumDate, parseContentDate } from "../../src/lib/dates";

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe("mediumDate", () => {
  it("formats PocketBase and ISO dates as the spec's medium date", () => {
    expect(mediumDate("2025-03-04 10:20:30.000Z")).toBe("Mar 4, 2025");
    expect(mediumDate("2026-10-31T23:59:59.999Z")).toBe("Oct 31, 2026");
    expect(mediumDate("2025-12-01 00:00:00.000Z")).toBe("Dec 1, 2025");
  });

  it("uses UTC, so a date near midnight reads the same in every time zone", () => {
    for (const tz of ["Pacific/Kiritimati", "America/Los_Angeles", "Asia/Kolkata", "UTC"]) {
      process.env.TZ = tz;
      expect(mediumDate("2025-06-30 23:30:00.000Z"), tz).toBe("Jun 30, 2025");
      expect(mediumDate("2025-07-01 00:30:00.000Z"), tz).toBe("Jul 1, 2025");
    }
  });

  it("gives an empty text for a missing or invalid date", () => {
    expect(mediumDate("")).toBe("");
    expect(mediumDate(null)).toBe("");
    expect(mediumDate(undefined)).toBe("");
    expect(mediumDate("not a date")).toBe("");
    expect(parseContentDate("2025-13-45 00:00:00Z")).toBeNull();
  });
});

describe("isoDay", () => {
  it("is the UTC calendar day for <time dateTime>", () => {
    expect(isoDay("2025-03-04 10:20:30.000Z")).toBe("2025-03-04");
    expect(isoDay("2025-06-30T23:30:00Z")).toBe("2025-06-30");
    expect(isoDay("")).toBe("");
  });
});
