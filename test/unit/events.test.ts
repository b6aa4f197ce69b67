import { describe, expect, it } from "vitest";
import { isClickId, newClickId } from "../../src/lib/click-id";
import { deviceClass } from "../../src/lib/device";

describe("click ids", () => {
  it("are UUIDv7s carrying their time in milliseconds, so they sort by time", () => {
    const at = Date.UTC(2026, 10, 26, 0, 35, 0, 123);
    const id = newClickId(at);
    expect(isClickId(id)).toBe(true);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(at);
    expect(newClickId(at) < newClickId(at + 1)).toBe(true);
    expect(newClickId(at)).not.toBe(id);
  });
  it("refuse anything else", () => {
    for (const value of ["", crypto.randomUUID(), "seed-abc", 7, null]) expect(isClickId(value)).toBe(false);
  });
});

describe("device classes", () => {
  it.each([
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "mobile"],
    ["Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36", "mobile"],
    ["Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/130.0 Safari/537.36", "tablet"],
    ["Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", "tablet"],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36", "desktop"],
  ])("%s is %s", (userAgent, device) => {
    expect(deviceClass(userAgent)).toBe(device);
  });
  it("takes the mobile client hint", () => {
    expect(deviceClass("Mozilla/5.0 (X11; Linux x86_64)", "?1")).toBe("mobile");
  });
});
