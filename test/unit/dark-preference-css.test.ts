import { readFile } from "node:fs/promises";
import postcss from "postcss";
import { describe, expect, it } from "vitest";
import { followDarkPreference } from "../../scripts/dark-preference-css.mjs";

const NO_THEME_YET = ":root:not([data-bs-theme])";

/** The declarations of the rules for `selector` inside `@media (prefers-color-scheme: dark)`. */
function underDarkPreference(css: string, selector: string): Record<string, string> {
  const found: Record<string, string> = {};
  postcss.parse(css).walkAtRules("media", (media) => {
    if (media.params !== "(prefers-color-scheme: dark)") return;
    media.walkRules((rule) => {
      if (!rule.selectors.includes(selector)) return;
      rule.walkDecls((decl) => {
        found[decl.prop] = decl.value;
      });
    });
  });
  return found;
}

describe("the dark theme without JavaScript (issue 51)", () => {
  it("copies each rule of the dark theme's root for a page no script has themed, under the system's dark preference", () => {
    const css = followDarkPreference(
      '[data-bs-theme=dark]{--bs-body-bg:#212529}[data-bs-theme="dark"] .btn-close,.x{filter:invert(1)}@keyframes k{from{opacity:0}}.light{color:red}',
    );
    expect(underDarkPreference(css, NO_THEME_YET)).toEqual({ "--bs-body-bg": "#212529" });
    expect(underDarkPreference(css, `${NO_THEME_YET} .btn-close`)).toEqual({ filter: "invert(1)" });
    // Only the dark selectors are copied; the originals stay, for pages a script has themed.
    expect(underDarkPreference(css, ".x")).toEqual({});
    expect(css).toContain('[data-bs-theme="dark"] .btn-close,.x{filter:invert(1)}');
    expect(css).toContain("@keyframes k{from{opacity:0}}.light{color:red}");
  });

  it("gives Bootstrap's dark body colours to such a page", { timeout: 30_000 }, async () => {
    const bootstrap = await readFile(new URL("../../node_modules/bootstrap/dist/css/bootstrap.css", import.meta.url), "utf8");
    expect(underDarkPreference(bootstrap, NO_THEME_YET)).toEqual({});
    const dark = underDarkPreference(followDarkPreference(bootstrap), NO_THEME_YET);
    expect(dark["color-scheme"]).toBe("dark");
    expect(dark["--bs-body-bg"]).toBe("#212529");
    expect(dark["--bs-body-color"]).toBe("#dee2e6");
  });
});
