// @ts-check
/**
 * The dark theme without JavaScript (issue 51). Bootstrap's dark colours apply under
 * `[data-bs-theme=dark]`, which the pre-paint script sets from the visitor's choice or
 * their system's preference; without scripts no attribute is set and every page was light.
 * Each rule for `[data-bs-theme=dark] …` gets a copy for `:root:not([data-bs-theme]) …`
 * inside `@media (prefers-color-scheme: dark)`: with scripts the attribute is always set
 * and the copies never apply.
 */
import { readFile } from "node:fs/promises";
import postcss from "postcss";

/** A selector that starts at the dark theme's root. */
const DARK_ROOT = /^\[data-bs-theme=(["']?)dark\1\]/;
const NO_THEME_YET = ":root:not([data-bs-theme])";

/** @param {string} css @returns {string} */
export function followDarkPreference(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test(/** @type {import("postcss").AtRule} */ (rule.parent).name)) return;
    const dark = rule.selectors.filter((selector) => DARK_ROOT.test(selector)).map((selector) => selector.replace(DARK_ROOT, NO_THEME_YET));
    if (!dark.length) return;
    const media = postcss.atRule({ name: "media", params: "(prefers-color-scheme: dark)" });
    media.append(rule.clone({ selectors: dark }));
    rule.after(media);
  });
  return root.toString();
}

/** The esbuild plugin for our own stylesheets (Bootstrap's is followed after its purge). @returns {import("esbuild").Plugin} */
export function darkPreferenceWithoutScript() {
  return {
    name: "dark-preference-without-script",
    setup(build) {
      build.onLoad({ filter: /[\\/]client[\\/][^\\/]+\.css$/ }, async ({ path }) => ({
        contents: followDarkPreference(await readFile(path, "utf8")),
        loader: "css",
      }));
    },
  };
}
