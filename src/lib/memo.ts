/**
 * A pure string function remembered for its most recent distinct inputs. One isolate
 * renders the same CMS content again and again (every render of a page, the same offer's
 * terms on the home, store and offers pages), so its sanitized HTML and parsed markdown
 * are worked out once per distinct content rather than once per render. Bounded (least
 * recently used entries go first): the memory an isolate keeps is at most `maxEntries`
 * results, whatever the content. Results are shared between requests, so they must be
 * immutable values (strings, or frozen structures).
 */
export function memoizeByInput<T>(
  fn: (input: string) => T,
  { maxEntries, maxInputLength }: { maxEntries: number; maxInputLength: number },
): (input: string) => T {
  const results = new Map<string, T>();
  return (input) => {
    if (input.length > maxInputLength) return fn(input);
    const known = results.get(input);
    if (known !== undefined || results.has(input)) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      results.delete(input);
      results.set(input, known as T);
      return known as T;
    }
    const result = fn(input);
    results.set(input, result);
    if (results.size > maxEntries) results.delete(results.keys().next().value as string);
    return result;
  };
}
