// @ts-check
/**
 * Modules of the site's source bundled as wrangler bundles them for workerd (its export
 * conditions, neutral platform, ES2022), into one ES module the script then imports: for the
 * scripts that time or measure the Worker's own code in Node (bench-render, search-hit-rate).
 */
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * @param {{ root: string, outfile: string, exports: string[], name: string, options?: import("esbuild").BuildOptions }} bundle
 *   `exports`: the entry's lines (`export { x } from "./src/…";`), resolved from `root`;
 *   `options`: more esbuild options (JSX, defines).
 */
export async function importWorkerBundle({ root, outfile, exports, name, options = {} }) {
  await build({
    stdin: { contents: exports.join("\n"), resolveDir: root, loader: "ts", sourcefile: `${name}-entry.ts` },
    absWorkingDir: root,
    bundle: true,
    outfile,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "import"],
    target: "es2022",
    logLevel: "warning",
    ...options,
  });
  return import(`${pathToFileURL(outfile).href}?t=${Date.now()}`);
}
