import { describe, expect, it } from "vitest";
import { foldText, htmlToText, likePattern, looseLikePattern, matchScore, searchWords } from "../../src/lib/search-text";

describe("search text", () => {
  it("folds case and accents", () => {
    expect(foldText("Café ÉTÉ Ñandú")).toBe("cafe ete nandu");
    expect(searchWords("  VPN  fénra vpn ")).toEqual(["vpn", "fenra"]);
    expect(searchWords("a b c d e f g h")).toHaveLength(6);
  });

  it("builds LIKE patterns that match the typed text literally, plus a loose one for accented content", () => {
    expect(likePattern("vpn")).toBe("%vpn%");
    expect(likePattern("50%")).toBe("%50\\%%");
    expect(likePattern("a_b\\")).toBe("%a\\_b\\\\%");
    expect(looseLikePattern("cafe")).toBe("%__f_%");
    expect(looseLikePattern("a_b")).toBe("%_\\_b%");
    expect(looseLikePattern("42")).toBeNull();
  });

  it("needs every word, in any order, in the title or the body", () => {
    expect(matchScore(["fenra", "vpn"], "Fenra VPN", "")).toBeGreaterThan(0);
    expect(matchScore(["vpn", "fenra"], "Fenra VPN", "")).toBeGreaterThan(0);
    expect(matchScore(["vpn", "hosting"], "Fenra VPN", "fast browsing")).toBe(0);
    expect(matchScore(["cafes"], "Checklist", "Airports and cafés")).toBeGreaterThan(0);
  });

  it("ranks title before body, whole words before word starts before parts, and the whole phrase first", () => {
    const title = matchScore(["vpn"], "Fenra VPN", "");
    const body = matchScore(["vpn"], "Fenra", "the best vpn");
    expect(title).toBeGreaterThan(body);
    expect(matchScore(["host"], "Host Pro", "")).toBeGreaterThan(matchScore(["host"], "Hosting Pro", ""));
    expect(matchScore(["host"], "Hosting Pro", "")).toBeGreaterThan(matchScore(["host"], "Ghosted Pro", ""));
    expect(matchScore(["fenra", "vpn"], "Fenra VPN", "")).toBeGreaterThan(matchScore(["fenra", "vpn"], "VPN by Fenra", ""));
    expect(matchScore(["fenra", "vpn"], "VPN by Fenra", "")).toBeGreaterThan(matchScore(["fenra", "vpn"], "Fenra", "vpn"));
  });

  it("scores exact figures: whole title word 12, title start 8, title part 5, body word 3, body part 1, phrase bonuses", () => {
    expect(matchScore(["vpn"], "Fenra VPN", "")).toBe(12);
    expect(matchScore(["host"], "Hosting Pro", "")).toBe(8 + 20);
    expect(matchScore(["host"], "Ghosted Pro", "")).toBe(5);
    expect(matchScore(["vpn"], "Fenra", "the best vpn")).toBe(3);
    expect(matchScore(["vpn"], "Fenra", "vpns")).toBe(1);
    expect(matchScore(["fenra", "vpn"], "Fenra VPN", "")).toBe(12 + 12 + 40);
    expect(matchScore(["fenra", "vpn"], "Fenra VPN Pro", "")).toBe(12 + 12 + 20);
    expect(matchScore(["cafe", "wifi"], "Ñandú", "Free café wifi")).toBe(3 + 3 + 2);
  });

  it("reads the body's parts in order, each only when the title and the parts before it do not settle the score", () => {
    const read: string[] = [];
    const lazy = (text: string) => () => {
      read.push(text);
      return text;
    };
    expect(matchScore(["vpn"], "Fenra VPN", ["x", lazy("the best vpn")])).toBe(12);
    expect(matchScore(["fenra", "vpn"], "Fenra VPN Pro", [lazy("fenra vpn")])).toBe(12 + 12 + 20);
    expect(read).toEqual([]);
    // A whole word in a short part: the description after it is not needed.
    expect(matchScore(["vpn"], "Fenra", ["Privacy", "VPN", lazy("the best vpn service")])).toBe(3);
    expect(read).toEqual([]);
    // Only a part of a word so far: a later part may still hold the whole word.
    expect(matchScore(["vpn"], "Fenra", ["VPNs", lazy("the best vpn")])).toBe(3);
    // The phrase bonus looks at every part until one has it.
    expect(matchScore(["fenra", "vpn"], "VPN by Fenra", ["x", lazy("fenra vpn")])).toBe(12 + 12 + 2);
    expect(matchScore(["vpn", "hosting"], "Fenra VPN", [lazy("fast browsing")])).toBe(0);
    expect(read).toEqual(["the best vpn", "fenra vpn", "fast browsing"]);
  });

  it("scores as splitting the texts into tokens would, on random titles and bodies in parts (separators, accents, letters outside the BMP)", () => {
    // The definition matchScore implements without splitting: a token is a run of letters,
    // digits and %&+#@; per word the best of title (whole 12, start 8, part 5) and body (3, 1, 1).
    const tokens = (text: string) => text.split(/[^\p{L}\p{N}%&+#@]+/u);
    const points = (word: string, text: string, [whole, start, part]: [number, number, number]) => {
      if (!text.includes(word)) return 0;
      if (tokens(text).includes(word)) return whole;
      return tokens(text).some((token) => token.startsWith(word)) ? start : part;
    };
    const reference = (words: string[], title: string, body: string) => {
      const [t, b] = [foldText(title), foldText(body)];
      let score = 0;
      for (const word of words) {
        const best = Math.max(points(word, t, [12, 8, 5]), points(word, b, [3, 1, 1]));
        if (!best) return 0;
        score += best;
      }
      const phrase = words.join(" ");
      const titleWords = tokens(t).filter(Boolean).join(" ");
      if (titleWords === phrase) return score + 40;
      if (titleWords.startsWith(phrase)) return score + 20;
      if (words.length > 1 && titleWords.includes(phrase)) return score + 10;
      return words.length > 1 && b.includes(phrase) ? score + 2 : score;
    };
    const pieces = ["vpn", "vpns", "pro", "é", "e", "-", " ", ".", "%", "𝐀", "4", "wi", "fi", "wi-fi", "\n"];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return Math.floor((seed / 2147483647) * n);
    };
    const text = (length: number) => Array.from({ length }, () => pieces[next(pieces.length)]).join("");
    const queries = ["vpn", "vpn pro", "e", "wi-fi", "𝐀", "4%", "pro vpns", "é vpn"];
    let matched = 0;
    for (let i = 0; i < 3000; i++) {
      const [title, parts] = [text(next(8)), Array.from({ length: 1 + next(4) }, () => text(next(16)))];
      const words = searchWords(queries[i % queries.length]!);
      // Parts score as their text joined by a separator, as the search's records give them.
      const expected = reference(words, title, parts.join(" \n "));
      if (expected) matched++;
      expect(matchScore(words, title, parts), `${JSON.stringify(words)} in ${JSON.stringify(title)} / ${JSON.stringify(parts)}`).toBe(expected);
    }
    expect(matched).toBeGreaterThan(1500);
  });

  it("reads CMS HTML as text, entities decoded once", () => {
    expect(htmlToText("<p>Fast&nbsp;&amp; <b>safe</b></p>\n<p>&lt;3 &quot;VPN&quot; it&#39;s &amp;lt;</p>")).toBe(`Fast & safe <3 "VPN" it's &lt;`);
  });
});
