import { describe, expect, it } from "vitest";
import { randomSeed, seededShuffle } from "../../src/lib/shuffle";

const items = Array.from({ length: 18 }, (_, i) => `item-${i}`);

describe("seeded shuffle", () => {
  it("gives the same order for the same seed, so the browser reproduces the server's order", () => {
    expect(seededShuffle(items, 12345)).toEqual(seededShuffle(items, 12345));
    expect(seededShuffle(items, 0)).toEqual(seededShuffle(items, 0));
  });

  it("returns a permutation and leaves the input untouched", () => {
    const copy = items.slice();
    const shuffled = seededShuffle(items, 987654321);
    expect(items).toEqual(copy);
    expect(shuffled.slice().sort()).toEqual(copy.slice().sort());
  });

  it("orders differently for different seeds, and every item reaches the first place", () => {
    const firsts = new Set<string>();
    const orders = new Set<string>();
    for (let seed = 0; seed < 500; seed++) {
      const order = seededShuffle(items, seed);
      firsts.add(order[0]!);
      orders.add(order.join());
    }
    expect(orders.size).toBe(500);
    expect(firsts.size).toBe(items.length);
  });

  it("handles empty and single lists", () => {
    expect(seededShuffle([], 1)).toEqual([]);
    expect(seededShuffle(["a"], 1)).toEqual(["a"]);
  });

  it("draws 32-bit seeds", () => {
    const seeds = Array.from({ length: 20 }, randomSeed);
    for (const seed of seeds) expect(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32).toBe(true);
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
