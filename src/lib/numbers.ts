/**
 * Numbers as visitors read them, in the site's one locale (en-US: "5,567", "4.85"), written
 * by hand rather than through Intl: the first Intl.NumberFormat a page makes loads ICU's
 * number data, about 30 ms of a phone's main thread in the middle of hydration (home's
 * blocking time, issue 17), and `toLocaleString` with options builds a formatter per call
 * on the server too. The unit test holds both to Intl's output.
 */

/** A whole number with thousands separators: 5567 → "5,567". */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A rating with at most two decimals: 4.9 → "4.9", 4.856 → "4.86". */
export function formatRating(value: number): string {
  return String(Math.round(value * 100) / 100);
}
