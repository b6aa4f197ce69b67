/**
 * Text matching for the site search: what counts as a match and how well it matches.
 * PocketBase has no full-text rank, so the content reads fetch a bounded set of candidates
 * with LIKE patterns and these functions decide, in the Worker, which candidates match and
 * in what order.
 */

/** Most words a query is matched on; the rest are ignored (each word adds a filter clause). */
export const MAX_SEARCH_WORDS = 6;

/** Lowercase, accents removed (NFD, combining marks dropped), so "Café" and "cafe" are equal. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}+/gu, "").toLowerCase();
}

/** The distinct words of a query, folded, in the order typed. */
export function searchWords(text: string): string[] {
  const words = foldText(text).split(/[^\p{L}\p{N}%&+#@.'-]+/u).map((word) => word.replace(/^[.'-]+|[.'-]+$/g, ""));
  return [...new Set(words.filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
}

/** Letters that often carry an accent in the content (é, ñ, ç, ü, ÿ…). */
const ACCENTABLE = /[aeiouycn]/g;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern (with its own `%` wrapping, so PocketBase passes it as written) that finds
 * `word` anywhere, `%`, `_` and `\` in it taken literally. */
export function likePattern(word: string): string {
  return `%${escapeLike(word)}%`;
}

/**
 * The loose form of `likePattern`: each letter that is often accented becomes `_` (any one
 * character), because SQLite's LIKE folds ASCII case only and "cafe" must still find
 * "Café". Null when the word has no such letter. It also finds non-matches ("cafe" →
 * "cafa"); `matchScore` drops those.
 */
export function looseLikePattern(word: string): string | null {
  const escaped = escapeLike(word);
  const loose = escaped.replace(ACCENTABLE, "_");
  return loose === escaped ? null : `%${loose}%`;
}

/** Points per word, by where and how it matches. A title hit outranks any body hit. */
const POINTS = { titleWord: 12, titlePrefix: 8, titlePart: 5, bodyWord: 3, bodyPart: 1 } as const;
const PHRASE_POINTS = { titleEquals: 40, titleStarts: 20, titleContains: 10, bodyContains: 2 } as const;

function wordPoints(word: string, text: string, [whole, prefix, part]: readonly [number, number, number]): number {
  let best = 0;
  for (const token of text.split(/[^\p{L}\p{N}%&+#@]+/u)) {
    if (token === word) return whole;
    if (token.startsWith(word)) best = Math.max(best, prefix);
  }
  if (best) return best;
  return text.includes(word) ? part : 0;
}

/**
 * How well a record matches: 0 when some word is in neither the title nor the body (every
 * word must match, in any order), else a score where title beats body and a whole word
 * beats a word's start, which beats a part of a word; the whole phrase adds a bonus.
 */
export function matchScore(words: readonly string[], title: string, body: string): number {
  if (!words.length) return 0;
  const t = foldText(title);
  const b = foldText(body);
  let score = 0;
  for (const word of words) {
    const points = Math.max(
      wordPoints(word, t, [POINTS.titleWord, POINTS.titlePrefix, POINTS.titlePart]),
      wordPoints(word, b, [POINTS.bodyWord, POINTS.bodyPart, POINTS.bodyPart]),
    );
    if (!points) return 0;
    score += points;
  }
  const phrase = words.join(" ");
  const titleWords = t.split(/[^\p{L}\p{N}%&+#@]+/u).filter(Boolean).join(" ");
  if (titleWords === phrase) score += PHRASE_POINTS.titleEquals;
  else if (titleWords.startsWith(phrase)) score += PHRASE_POINTS.titleStarts;
  else if (words.length > 1 && titleWords.includes(phrase)) score += PHRASE_POINTS.titleContains;
  else if (words.length > 1 && b.includes(phrase)) score += PHRASE_POINTS.bodyContains;
  return score;
}

/** Plain text of CMS HTML, for matching and snippets (the HTML is never shown from here). */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
