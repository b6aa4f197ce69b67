import { describe, expect, it } from "vitest";
import { formatCount, formatRating } from "../../src/lib/numbers";
import { formatPrice } from "../../src/lib/price";

describe("number formatting", () => {
  it("writes counts with thousands separators and ratings with one decimal", () => {
    expect(formatCount(5567)).toBe("5,567");
    expect(formatCount(1)).toBe("1");
    expect(formatRating(4.9)).toBe("4.9");
    expect(formatRating(4.856)).toBe("4.9");
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(5)).toBe("5.0");
  });

  // The hand-written formatters stand in for Intl (see src/lib/numbers.ts): same output.
  it("writes what Intl.NumberFormat writes for en-US", () => {
    const counts = new Intl.NumberFormat("en-US");
    const ratings = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    for (const value of [0, 7, 12, 999, 1000, 5567, 12_345, 999_999, 1_000_000, 123_456_789]) expect(formatCount(value)).toBe(counts.format(value));
    for (let hundredths = 0; hundredths <= 500; hundredths++) {
      const value = hundredths / 100;
      expect(formatRating(value)).toBe(ratings.format(value));
      expect(formatRating(value + 0.004)).toBe(ratings.format(value + 0.004));
    }
  });

  it("writes prices as Intl.NumberFormat's currency style writes them for en-US", () => {
    for (const currency of ["USD", "EUR", "GBP", "INR", "CAD", "AUD", "CHF", "AED", "SEK"]) {
      const money = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
      for (const amount of [0.5, 1, 9.99, 12, 19.995, 1234.5, 99_999.99])
        expect(formatPrice({ amount, currency }), `${amount} ${currency}`).toBe(money.format(amount));
    }
  });
});
