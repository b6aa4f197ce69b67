import { describe, expect, it } from "vitest";
import { cpuSlowdownFor } from "../../scripts/cpu-slowdown.mjs";

describe("cpuSlowdownFor (Lighthouse's CPU-throttling calculator)", () => {
  it.each([
    [100, 1],
    [150, 1],
    [475, 1.5],
    [800, 2],
    [1050, 2.5],
    [1300, 3],
    [1533, 4],
    [2000, 6],
  ])("index %d → %dx", (index, slowdown) => {
    expect(cpuSlowdownFor(index)).toBe(slowdown);
  });

  it("slows a slower or busier host less", () => {
    expect(cpuSlowdownFor(1200)).toBeLessThan(cpuSlowdownFor(1800));
  });
});
