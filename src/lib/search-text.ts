/**
 * Text matching for the site search: what counts as a match and how well it matches.
 * PocketBase has no full-text rank, so the content reads fetch a bounded set of candidates
 * with LIKE patterns and these functions decide, in the Worker, which candidates match and
 * in what order.
 */

/** Most words a query is matched on; the rest are ignored (each word adds a filter clause). */
export const MAX_SEARCH_WORDS = 6;

const NON_ASCII = /[^\x00-\x7f]/;

/** Lowercase, accents removed (NFD, combining marks dropped), so "Café" and "cafe" are equal.
 * Plain ASCII, most of the content, has nothing to decompose: lowercasing is all it needs. */
export function foldText(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
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

const TOKEN_SEPARATOR = /[^\p{L}\p{N}%&+#@]+/u;

/** A folded text and its tokens, split on first use: a word that is not even part of the
 * text (the common case among a body's words) needs no tokens. */
class Searched {
  #tokens: string[] | undefined;
  constructor(readonly text: string) {}
  get tokens(): string[] {
    return (this.#tokens ??= this.text.split(TOKEN_SEPARATOR));
  }
}

function wordPoints(word: string, searched: Searched, [whole, prefix, part]: readonly [number, number, number]): number {
  // A token is part of the text: a word the text does not contain matches no token either.
  if (!searched.text.includes(word)) return 0;
  let best = 0;
  for (const token of searched.tokens) {
    if (token === word) return whole;
    if (token.startsWith(word)) best = prefix;
  }
  return best || part;
}

/**
 * How well a record matches: 0 when some word is in neither the title nor the body (every
 * word must match, in any order), else a score where title beats body and a whole word
 * beats a word's start, which beats a part of a word; the whole phrase adds a bonus.
 */
export function matchScore(words: readonly string[], title: string, body: string): number {
  if (!words.length) return 0;
  const t = new Searched(foldText(title));
  const b = new Searched(foldText(body));
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
  const titleWords = t.tokens.filter(Boolean).join(" ");
  if (titleWords === phrase) score += PHRASE_POINTS.titleEquals;
  else if (titleWords.startsWith(phrase)) score += PHRASE_POINTS.titleStarts;
  else if (words.length > 1 && titleWords.includes(phrase)) score += PHRASE_POINTS.titleContains;
  else if (words.length > 1 && b.text.includes(phrase)) score += PHRASE_POINTS.bodyContains;
  return score;
}

const ENTITIES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** Plain text of CMS HTML, for matching and snippets (the HTML is never shown from here). */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}
