import { describe, expect, it } from "vitest";
import { createContentClient } from "../../src/data/client";
import { termFilter } from "../../src/data/search";
import { MAX_PARAM_LENGTH } from "../../src/edge/cache/content-params";
import {
  isCorrectable,
  joinLookup,
  MAX_TYPO_LETTERS,
  oneEditLookup,
  splitsOf,
  type Term,
  typoVariants,
  variantPhrase,
  wordLookup,
} from "../../src/lib/search-typos";

/** Whether a `_` pattern of the lookup stands for `term` (as SQLite's LIKE on a whole word of that length). */
const likeFinds = (lookup: ReturnType<typeof oneEditLookup>, term: string) =>
  lookup.like.some(({ pattern, chars }) => chars === term.length && [...pattern].every((c, i) => c === "_" || c === term[i]));

/** Every word one edit from `word` over a small alphabet, by the definition (delete, swap, replace, insert one letter). */
function oneEditNeighbours(word: string, alphabet: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    out.add(word.slice(0, i) + word.slice(i + 1));
    if (i < word.length - 1) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const c of alphabet) out.add(word.slice(0, i) + c + word.slice(i + 1));
  }
  for (let i = 0; i <= word.length; i++) for (const c of alphabet) out.add(word.slice(0, i) + c + word.slice(i));
  out.delete(word);
  return out;
}

const terms = (...pairs: [string, number][]): Term[] => pairs.map(([id, records]) => ({ id, records }));

describe("search typos (issue 51)", () => {
  it("corrects words of four letters or more, of letters and digits only", () => {
    expect(isCorrectable("vpn")).toBe(false);
    expect(isCorrectable("vpnn")).toBe(true);
    expect(isCorrectable("wi-fi")).toBe(false);
    expect(isCorrectable("20%")).toBe(false);
    expect(isCorrectable("sécurité")).toBe(true);
    expect(isCorrectable("a".repeat(MAX_TYPO_LETTERS + 1))).toBe(false);
  });

  it("looks up exactly the words one edit away: every one of them, and no other", () => {
    const alphabet = "abnpv";
    for (const word of ["vpnn", "vnpn", "banana"]) {
      const lookup = oneEditLookup(word);
      const expected = oneEditNeighbours(word, alphabet);
      for (const term of expected) expect(lookup.exact.includes(term) || likeFinds(lookup, term), `${word} → ${term}`).toBe(true);
      // Any other word of the alphabet, up to two letters longer, is not found.
      const others = [...oneEditNeighbours(word, alphabet)]
        .flatMap((near) => [...oneEditNeighbours(near, alphabet)])
        .filter((t) => t !== word && !expected.has(t));
      for (const term of others) expect(lookup.exact.includes(term) || likeFinds(lookup, term), `${word} ↛ ${term}`).toBe(false);
    }
  });

  it("splits a word where a space is missing, into parts of two letters or more", () => {
    expect(splitsOf("fenravpn")).toContainEqual(["fenra", "vpn"]);
    expect(splitsOf("wifi")).toEqual([["wi", "fi"]]);
    expect(splitsOf("abc")).toEqual([]);
  });

  it("runs the words one edit away, the most common first, after nothing as typed", () => {
    const found = new Map([["vpnn", terms(["vpns", 3], ["vpn", 842])]]);
    expect(typoVariants(["vpnn"], found, new Set()).map((v) => v.words)).toEqual([["vpn"], ["vpns"]]);
    const variants = typoVariants(["fenra", "vpnn"], new Map([...found, ["fenra", terms(["fenra", 7])]]), new Set());
    expect(variants.map((v) => v.words)).toEqual([
      ["fenra", "vpn"],
      ["fenra", "vpns"],
    ]);
    // The phrase a title must equal keeps every word typed, the typo corrected.
    expect(variantPhrase("fenra vpnn deals for you fenra", variants[0]!)).toBe("fenra vpn deals for you fenra");
  });

  it("leaves a word the content holds as it is, and a word nothing is near", () => {
    expect(typoVariants(["fibre"], new Map([["fibre", terms(["fibre", 2], ["fiber", 40])]]), new Set())).toEqual([]);
    expect(typoVariants(["zzzz"], new Map([["zzzz", []]]), new Set())).toEqual([]);
  });

  it("splits a word missing a space, and joins two words an extra space parted", () => {
    const found = new Map([["fenravpn", terms(["fenra", 7], ["vpn", 842], ["fen", 1])]]);
    const split = typoVariants(["fenravpn"], found, new Set());
    expect(split.map((v) => v.words)).toEqual([["fenra", "vpn"]]);
    expect(variantPhrase("fenravpn", split[0]!)).toBe("fenra vpn");
    const join = typoVariants(
      ["dun", "wick", "vault"],
      new Map([
        ["wick", []],
        ["vault", terms(["vault", 9])],
      ]),
      new Set(["dunwick"]),
    );
    expect(join.map((v) => v.words)).toEqual([["dunwick", "vault"]]);
    expect(variantPhrase("dun wick vault", join[0]!)).toBe("dunwick vault");
    expect(joinLookup(["dun", "wick", "vault"])).toEqual({ exact: ["dunwick", "wickvault"], like: [] });
    expect(joinLookup(["vpn"])).toBeNull();
  });

  it("asks for a word, its neighbours and its split parts in one lookup, short enough for the Worker's content API", () => {
    const lookup = wordLookup("fenravpn");
    expect(lookup.exact).toEqual(expect.arrayContaining(["fenravpn", "fenrvpn", "efnravpn", "fenra", "vpn"]));
    const pb = createContentClient({ baseUrl: "http://127.0.0.1:8090" });
    const longest = termFilter(pb, wordLookup(`${"ä".repeat(MAX_TYPO_LETTERS - 1)}b`));
    expect(longest.length).toBeLessThanOrEqual(MAX_PARAM_LENGTH);
    expect(termFilter(pb, { exact: ['x" || id != "'], like: [] })).toBe('id="x\\" || id != \\""');
  });
});
