/**
 * Numbers as visitors read them, in the site's one locale (en-US: "5,567", "4.9"), written
 * by hand rather than through Intl: the first Intl.NumberFormat a page makes loads ICU's
 * number data, about 30 ms of a phone's main thread in the middle of hydration (home's
 * blocking time, issue 17), and `toLocaleString` with options builds a formatter per call
 * on the server too. The unit test holds both to Intl's output.
 */

/** A whole number with thousands separators: 5567 → "5,567". */
export function formatCount(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A rating with one decimal, so ratings side by side read alike: 4 → "4.0", 4.56 → "4.6"
 * (issue 51: "★ 4" beside "4.6"). */
export function formatRating(value: number): string {
  // Rounded as written ("0.15" up to "0.2", as Intl does), not as the binary double below it.
  return (Math.round(Number(`${value}e1`)) / 10).toFixed(1);
}
