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

  it("reads CMS HTML as text, entities decoded once", () => {
    expect(htmlToText("<p>Fast&nbsp;&amp; <b>safe</b></p>\n<p>&lt;3 &quot;VPN&quot; it&#39;s &amp;lt;</p>")).toBe(`Fast & safe <3 "VPN" it's &lt;`);
  });
});
