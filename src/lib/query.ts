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
