/**
 * Typos in a search (issue 51: "vpnn" found nothing). PocketBase's SQLite keeps the words
 * of the published content (an FTS5 index and its vocabulary, pb_migrations/
 * 1767227400_search_terms.js); these functions say which of its words a typed word may
 * mean, as the patterns SQLite looks them up with, and which queries the search then also
 * runs. A word may mean:
 *
 * - a word within one edit of it (a letter missing, extra, wrong, or two swapped), when it
 *   has four or more letters and is itself no word of the content;
 * - two words, when a space is missing ("fenravpn": "fenra vpn");
 * - with the next word, one word, when a space is extra ("dun wick": "dunwick").
 */

/** Shorter words are not corrected: one edit of three letters reaches most of the vocabulary. */
export const MIN_TYPO_LETTERS = 4;
/** Longer words are not corrected (their patterns would not fit a read's address). */
export const MAX_TYPO_LETTERS = 20;
/** The words a typo may mean, at most: the ones most records hold. */
export const MAX_CORRECTIONS = 3;
/** Queries run for the typos of one search, at most (each is a clause of the reads). */
export const MAX_VARIANTS = 6;
/** A missing space is looked for between parts of at least this many letters. */
const MIN_PART = 2;

/** Only words of letters and digits are corrected: the patterns must hold no LIKE wildcard of their own. */
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

export function isCorrectable(word: string): boolean {
  const letters = Array.from(word).length;
  return letters >= MIN_TYPO_LETTERS && letters <= MAX_TYPO_LETTERS && PLAIN_WORD.test(word);
}

/** The vocabulary's words one edit from `word`, as a lookup finds them: the exact words
 * (one letter left out, two neighbours swapped) and, with their length, the LIKE patterns
 * of a letter wrong or added (`_` is any one letter; a pattern of the word's length can only
 * match a word of that length whole). */
export interface EditLookup {
  exact: string[];
  like: { pattern: string; chars: number }[];
}

export function oneEditLookup(word: string): EditLookup {
  const letters = Array.from(word);
  const n = letters.length;
  const join = (parts: string[]) => parts.join("");
  const exact = new Set<string>();
  const like: EditLookup["like"] = [];
  for (let i = 0; i < n; i++) {
    exact.add(join([...letters.slice(0, i), ...letters.slice(i + 1)]));
    if (i < n - 1) exact.add(join([...letters.slice(0, i), letters[i + 1] ?? "", letters[i] ?? "", ...letters.slice(i + 2)]));
    like.push({ pattern: join([...letters.slice(0, i), "_", ...letters.slice(i + 1)]), chars: n });
  }
  for (let i = 0; i <= n; i++) like.push({ pattern: join([...letters.slice(0, i), "_", ...letters.slice(i)]), chars: n + 1 });
  exact.delete(word);
  return { exact: [...exact], like };
}

/** The ways `word` splits into two parts of two letters or more, for a missing space. */
export function splitsOf(word: string): [string, string][] {
  const letters = Array.from(word);
  const splits: [string, string][] = [];
  for (let i = MIN_PART; i <= letters.length - MIN_PART; i++) splits.push([letters.slice(0, i).join(""), letters.slice(i).join("")]);
  return splits;
}

/** A word of the vocabulary and how many published records hold it. */
export interface Term {
  id: string;
  records: number;
}

/** What the lookup of one typed word (wordLookup) found: the vocabulary's words among those it asked for. */
export type WordLookups = ReadonlyMap<string, readonly Term[]>;

/** A query a search also runs for typos: its words, and what replaced what in the typed words. */
export interface TypoVariant {
  words: string[];
  /** Each replacement: one typed word or two neighbours (`from`) by one word or two (`to`). */
  changes: { from: string[]; to: string[] }[];
}

/**
 * The queries a search runs besides the one typed, best guesses first: each word the
 * content does not hold replaced by the words within one edit of it (the most common
 * first) or split in two, and a pair of words joined when together they are one word of
 * the content. `found`: each correctable word's lookup (wordLookup); `joined`: the pairs
 * joined that the vocabulary holds (joinLookup). Empty when nothing typed looks like a typo.
 */
export function typoVariants(words: readonly string[], found: WordLookups, joined: ReadonlySet<string>): TypoVariant[] {
  const options = words.map((word): string[][] => {
    const terms = found.get(word);
    if (!terms || terms.some((term) => term.id === word)) return [[word]];
    const length = Array.from(word).length;
    const lengthOf = (term: Term) => Array.from(term.id).length;
    // The lookup asked for one-edit neighbours (a letter more or less, or as many) and for
    // parts of a split (two letters fewer at least): the length tells them apart.
    const corrections = terms
      .filter((term) => Math.abs(lengthOf(term) - length) <= 1)
      .sort((a, b) => b.records - a.records || a.id.localeCompare(b.id))
      .slice(0, MAX_CORRECTIONS)
      .map((term) => [term.id]);
    const parts = new Set(terms.filter((term) => lengthOf(term) < length - 1).map((term) => term.id));
    const splits = splitsOf(word).filter(([a, b]) => parts.has(a) && parts.has(b));
    const alternatives = [...corrections, ...splits];
    return alternatives.length ? alternatives : [[word]];
  });
  const variants: TypoVariant[] = [];
  const add = (variant: TypoVariant) => {
    const text = variant.words.join(" ");
    if (variants.length < MAX_VARIANTS && variant.changes.length && !variants.some((v) => v.words.join(" ") === text)) variants.push(variant);
  };
  for (const choice of combinations(options)) {
    add({
      words: choice.flat(),
      changes: choice.flatMap((to, i) => (to.join(" ") === words[i] ? [] : [{ from: [words[i] ?? ""], to }])),
    });
  }
  for (let i = 0; i + 1 < words.length; i++) {
    const from = [words[i] ?? "", words[i + 1] ?? ""];
    const pair = from.join("");
    if (joined.has(pair)) add({ words: [...words.slice(0, i), pair, ...words.slice(i + 2)], changes: [{ from, to: [pair] }] });
  }
  return variants;
}

/** Every choice of one alternative per word, first alternatives first. */
function combinations(options: string[][][]): string[][][] {
  let all: string[][][] = [[]];
  for (const alternatives of options) {
    all = all.flatMap((prefix) => alternatives.map((alternative) => [...prefix, alternative])).slice(0, MAX_VARIANTS + 1);
  }
  return all;
}

/** The typed phrase (searchPhrase) with a variant's replacements made: the phrase a title
 * equal to it, or starting with it, ranks higher for. */
export function variantPhrase(phrase: string, { changes }: TypoVariant): string {
  let tokens = phrase.split(" ");
  for (const { from, to } of changes) {
    const at = tokens.findIndex((_, i) => from.every((word, j) => tokens[i + j] === word));
    if (at >= 0) tokens = [...tokens.slice(0, at), ...to, ...tokens.slice(at + from.length)];
  }
  return tokens.join(" ");
}

/** What a lookup asks the vocabulary for: words as they are, and `_` patterns of a length. */
export interface VocabularyLookup {
  exact: string[];
  like: { pattern: string; chars: number }[];
}

/** The lookup of one correctable word: the word itself (known?), its one-edit neighbours
 * and the parts of its splits. */
export function wordLookup(word: string): VocabularyLookup {
  const edits = oneEditLookup(word);
  const exact = new Set([word, ...edits.exact]);
  for (const [a, b] of splitsOf(word)) exact.add(a).add(b);
  return { exact: [...exact], like: edits.like };
}

/** The lookup of the typed words' adjacent pairs joined ("dun wick": "dunwick"); null for one word. */
export function joinLookup(words: readonly string[]): VocabularyLookup | null {
  if (words.length < 2) return null;
  return { exact: words.slice(1).map((word, i) => `${words[i]}${word}`), like: [] };
}
