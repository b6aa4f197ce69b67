import { describe, expect, it } from "vitest";
import { foldText, likePattern, looseLikePattern, matchScore, searchWords } from "../../src/lib/search-text";

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
});
