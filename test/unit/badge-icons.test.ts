import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { BADGE_ICONS } from "../../src/app/components/BadgeIcon";

describe("badge icon sprite", () => {
  it("has a symbol for every icon class BadgeIcon draws, and none other", async () => {
    const sprite = await readFile(new URL("../../client/badge-icons.svg", import.meta.url), "utf8");
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 16 16">/g)].map((m) => m[1]);
    expect(symbols.sort()).toEqual([...BADGE_ICONS].sort());
  });
});
