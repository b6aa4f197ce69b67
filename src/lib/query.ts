/** What the form encoding writes as it is (URLSearchParams leaves `*-._` and alphanumerics). */
const PLAIN = /^[\w.*-]*$/;

function decodePart(part: string): string {
  return PLAIN.test(part) ? part : decodeURIComponent(part.replace(/\+/g, " "));
}

function encodePart(text: string): string {
  if (PLAIN.test(text)) return text;
  return encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

const byNameThenValue = ([ak, av]: [string, string], [bk, bv]: [string, string]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1);

/**
 * Rebuilds a query string (`url.search`) with its parameters sorted by name then value, so
 * that the same request always yields the same cache key whatever order the caller used.
 * The output is URLSearchParams' own serialization. Parsed and written in plain JavaScript:
 * in workerd every URLSearchParams is a native object, and this runs for each content read
 * and page lookup (about 50 µs a key that way, 20 in JavaScript). Input that plain decoding
 * refuses (a stray `%`, a lone surrogate) goes through URLSearchParams, which repairs it.
 */
export function sortedSearch(search: string): string {
  let out: string;
  try {
    const entries: [string, string][] = [];
    for (const pair of search.replace(/^\?/, "").split("&")) {
      if (!pair) continue;
      const eq = pair.indexOf("=");
      entries.push(eq < 0 ? [decodePart(pair), ""] : [decodePart(pair.slice(0, eq)), decodePart(pair.slice(eq + 1))]);
    }
    out = entries
      .sort(byNameThenValue)
      .map(([name, value]) => `${encodePart(name)}=${encodePart(value)}`)
      .join("&");
  } catch {
    out = new URLSearchParams([...new URLSearchParams(search).entries()].sort(byNameThenValue)).toString();
  }
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
