import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { BADGE_ICONS } from "../../src/app/components/BadgeIcon";

const read = (file: string) => readFile(new URL(`../../${file}`, import.meta.url), "utf8");

describe("badge icons", () => {
  it("have a symbol in the source sprite for every icon class BadgeIcon draws, and none other", async () => {
    const sprite = await read("client/badge-icons.svg");
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 16 16">/g)].map((m) => m[1]);
    expect(symbols.sort()).toEqual([...BADGE_ICONS].sort());
  });

  it("are drawn by the stylesheet from a PNG rendered for each class, and for no other", async () => {
    const stylesheet = await read("client/styles.css");
    const rules = [...stylesheet.matchAll(/^\.(bi-[a-z-]+) \{\n {2}--badge-icon: url\("\.\/icons\/([a-z-]+)\.png"\);\n\}$/gm)];
    expect(rules.map((m) => m[1]).sort()).toEqual([...BADGE_ICONS].sort());
    for (const [, iconClass, file] of rules) {
      expect(file).toBe(iconClass);
      const png = await readFile(new URL(`../../client/icons/${file}.png`, import.meta.url));
      expect(png.subarray(1, 4).toString(), file).toBe("PNG");
    }
  });
});
