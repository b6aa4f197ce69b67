/**
 * Shuffles that a seed makes repeatable: the server picks a seed per render and sends it
 * with the data, so the browser, given the same seed and items, gets the same order and
 * hydration matches the streamed HTML.
 */

/** A seed for {@link seededShuffle}: 32 random bits from the platform's CSPRNG
 * (available in Workers and browsers alike). */
export function randomSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

/** mulberry32: a small, fast 32-bit generator; plenty for ordering cards. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Fisher–Yates shuffled copy of `items`; the same seed always gives the same order. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const next = mulberry32(seed);
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    // i and j are in range, so both are Ts (undefined only where T allows it).
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
