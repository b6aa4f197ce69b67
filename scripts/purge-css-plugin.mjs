// @ts-check
/**
 * esbuild plugin for the stylesheet build: Bootstrap's CSS reaches the bundle without the
 * selectors no source file uses (the whole of Bootstrap is ~30 KB gzip, over the page CSS
 * budget on its own). Purging happens when esbuild loads the file, so the content hash of
 * the built stylesheet covers the purged result: a class newly used in the code changes
 * the file name, and browsers holding the immutable old copy fetch the new one.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PurgeCSS } from "purgecss";

/** Where class names, element names and attributes that Bootstrap styles can appear. The
 * sanitizer (src/data/sanitize.ts) names the elements CMS rich text may contain. The
 * reports' pages (src/admin, client/admin) have a stylesheet of their own. */
export const SITE_CONTENT = { content: ["src/**/*.{ts,tsx}", "client/**/*.{ts,tsx}"], skip: ["src/admin/**", "client/admin/**"] };
export const ADMIN_CONTENT = { content: ["src/admin/**/*.{ts,tsx}", "client/admin/**/*.ts"], skip: [] };

/** Classes assembled at run time from data, which no source file spells out. */
const SAFELIST = {
  // OfferBadges: `text-bg-${badge.style}`, the style chosen by editors in the CMS.
  standard: [/^text-bg-/],
};

/** A glob relative to the project, made absolute. */
const absolute = (/** @type {string} */ root, /** @type {string} */ glob) => path.join(root, glob).split(path.sep).join("/");

/**
 * @param {{ root: string, sources?: { content: string[], skip: string[] }, filter?: RegExp, rewrite?: (css: string) => string }} options
 * `sources` are the files whose selectors are kept (the site's by default); `filter` picks
 * the stylesheets to purge (Bootstrap's by default; our own CSS is written for what the pages
 * use); `rewrite` changes what is left.
 * @returns {import("esbuild").Plugin}
 */
export function purgeUnusedCss({
  root,
  sources = SITE_CONTENT,
  filter = /[\\/]bootstrap[\\/]dist[\\/]css[\\/]bootstrap(\.min)?\.css$/,
  rewrite = (css) => css,
}) {
  return {
    name: "purge-unused-css",
    setup(build) {
      build.onLoad({ filter }, async ({ path: file }) => {
        const raw = await readFile(file, "utf8");
        const [result] = await new PurgeCSS().purge({
          content: sources.content.map((glob) => absolute(root, glob)),
          skippedContentGlobs: sources.skip.map((glob) => absolute(root, glob)),
          css: [{ raw }],
          safelist: SAFELIST,
        });
        if (!result) throw new Error(`PurgeCSS returned nothing for ${file}`);
        return { contents: rewrite(result.css), loader: "css" };
      });
    },
  };
}
