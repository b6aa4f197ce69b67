/** Rebuilds a query string with its parameters sorted by name then value, so that the
 * same request always yields the same cache key whatever order the caller used. */
export function sortedSearch(params: URLSearchParams): string {
  const entries = [...params.entries()].sort(([ak, av], [bk, bv]) =>
    ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1,
  );
  const out = new URLSearchParams(entries).toString();
  return out ? `?${out}` : "";
}

/** Parses a positive integer query value; undefined when absent, null when invalid. */
export function positiveInt(value: string | null, max = Number.MAX_SAFE_INTEGER): number | null | undefined {
  if (value === null || value === "") return undefined;
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/**
 * PocketBase's reading of a `page` / `perPage` value (0.40, checked against the server in
 * test/worker/pocketbase-sdk.test.ts): absent, empty, zero or negative falls back to
 * `fallback`, above `max` is clamped to `max`. Anything that is not a plain integer is
 * returned as it came, for PocketBase to refuse with its own 400. Normalising here gives
 * equal reads one cache entry (perPage=5000 and perPage=1000 are the same read).
 */
export function pocketbasePaging(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): string {
  if (value === null || value === "") return String(fallback);
  if (!/^-?\d+$/.test(value)) return value;
  const digits = value.replace(/^-?0*/, "");
  if (value.startsWith("-") || digits === "") return String(fallback);
  // Past 15 digits a Number loses precision: such a value goes as it came (PocketBase decides).
  if (digits.length > 15) return value;
  return String(Math.min(Number(digits), max));
}
