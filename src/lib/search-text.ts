/**
 * Text matching for the site search: what counts as a match and how well it matches.
 * PocketBase has no full-text rank, so the content reads fetch a bounded set of candidates
 * with LIKE patterns and these functions decide, in the Worker, which candidates match and
 * in what order.
 */

/** Most words a query is matched on; the rest are ignored (each word adds a filter clause). */
export const MAX_SEARCH_WORDS = 6;

const NON_ASCII = /[\u0080-\uffff]/;

/** Lowercase, accents removed (NFD, combining marks dropped), so "Café" and "cafe" are equal.
 * Plain ASCII, most of the content, has nothing to decompose: lowercasing is all it needs. */
export function foldText(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The distinct words of a query, folded, in the order typed. */
export function searchWords(text: string): string[] {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}%&+#@.'-]+/u)
    .map((word) => word.replace(/^[.'-]+|[.'-]+$/g, ""));
  return [...new Set(words.filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
}

/** The whole query, folded, its tokens joined by single spaces: the phrase a title that
 * equals, starts with or contains it is ranked higher for (every word, repeats and words
 * past MAX_SEARCH_WORDS included: a pasted title must equal itself). */
export function searchPhrase(text: string): string {
  return foldText(text).split(TOKEN_SEPARATOR).filter(Boolean).join(" ");
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

/** Tokens are runs of these characters; anything else separates them. */
const TOKEN_SEPARATOR = /[^\p{L}\p{N}%&+#@]+/u;
const TOKEN = /^[\p{L}\p{N}%&+#@]+$/u;
const ENDS_IN_TOKEN = /[\p{L}\p{N}%&+#@]$/u;
const STARTS_TOKEN = /^[\p{L}\p{N}%&+#@]/u;

/**
 * `whole` when the word is one of the text's tokens, `prefix` when it starts one, `part`
 * when it is only inside the text, 0 when not. Found by looking at the characters around
 * each occurrence, not by splitting the text: a body is long and most words occur in it
 * once or not at all. (The two characters either side are read so that a letter outside
 * the Basic Multilingual Plane counts as one.) `isToken`: whether the word could be a token
 * at all (TOKEN), known once per word by the caller; a word with a separator inside
 * ("wi-fi") is never a whole token nor a token's start.
 */
function wordPoints(word: string, isToken: boolean, text: string, [whole, prefix, part]: readonly [number, number, number]): number {
  let at = text.indexOf(word);
  if (at < 0) return 0;
  if (!isToken) return part;
  let best = part;
  for (; at >= 0; at = text.indexOf(word, at + 1)) {
    if (at > 0 && ENDS_IN_TOKEN.test(text.slice(Math.max(0, at - 2), at))) continue;
    const end = at + word.length;
    if (!STARTS_TOKEN.test(text.slice(end, end + 2))) return whole;
    best = prefix;
  }
  return best;
}

/** A piece of a record's body text, or a function giving it (a description to convert
 * from HTML), called only when the pieces before it did not settle the score. */
export type BodyPart = string | (() => string);

const bodyText = (part: BodyPart | undefined) => (typeof part === "string" ? part : (part?.() ?? ""));

/**
 * How well a record matches: 0 when some word is in neither the title nor the body (every
 * word must match, in any order), else a score where title beats body and a whole word
 * beats a word's start, which beats a part of a word; the whole phrase adds a bonus.
 * The body is given in parts, cheap ones first; it scores as the parts joined by
 * separators would, reading a part only when needed: any title hit outscores any body
 * hit, and a whole word in one part needs no look at the next. `phrase`: the words as
 * typed (searchPhrase), when the bonus should be for more than `words`.
 */
export function matchScore(words: readonly string[], title: string, body: string | readonly BodyPart[], phrase = words.join(" ")): number {
  if (!words.length) return 0;
  const titleText = foldText(title);
  const parts = typeof body === "string" ? [body] : body;
  const folded: (string | undefined)[] = [];
  const part = (i: number) => (folded[i] ??= foldText(bodyText(parts[i])));
  const bodyPoints = (word: string, isToken: boolean) => {
    let best = 0;
    for (let i = 0; i < parts.length && best < POINTS.bodyWord; i++)
      best = Math.max(best, wordPoints(word, isToken, part(i), [POINTS.bodyWord, POINTS.bodyPart, POINTS.bodyPart]));
    return best;
  };
  let score = 0;
  for (const word of words) {
    const isToken = TOKEN.test(word);
    const points = wordPoints(word, isToken, titleText, [POINTS.titleWord, POINTS.titlePrefix, POINTS.titlePart]) || bodyPoints(word, isToken);
    if (!points) return 0;
    score += points;
  }
  const titleWords = titleText.split(TOKEN_SEPARATOR).filter(Boolean).join(" ");
  if (titleWords === phrase) score += PHRASE_POINTS.titleEquals;
  else if (titleWords.startsWith(phrase)) score += PHRASE_POINTS.titleStarts;
  else if (words.length > 1 && titleWords.includes(phrase)) score += PHRASE_POINTS.titleContains;
  else if (words.length > 1 && parts.some((_, i) => part(i).includes(phrase))) score += PHRASE_POINTS.bodyContains;
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
