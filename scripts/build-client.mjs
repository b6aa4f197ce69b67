// @ts-check
/** Builds the browser bundle and stylesheet into public/build with content-hashed names
 * and writes public/build/manifest.json, which the Worker reads to link them. esbuild builds
 * the stylesheet, rolldown the JavaScript (docs/decisions/018). */
import { build } from "esbuild";
import { rolldown } from "rolldown";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { isMain } from "../pocketbase/cli.mjs";
import { purgeUnusedCss } from "./purge-css-plugin.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "public/build");

/**
 * Bundles the browser's JavaScript with rolldown into `dir`; returns the emitted chunks.
 * The client-rendered baseline (bench-spa-baseline.mjs) is built by this function too.
 *
 * Chunking (docs/decisions/018): everything the entry imports statically (React, React
 * Router, the frame) is one chunk, each lazy route module is a chunk of its own, and common
 * chunks under 30 KB are inlined into the chunks that use them rather than emitted as
 * dozens of tiny files, each gzipped without the others' dictionary and each one more
 * request. The inlining needs strict execution order, which rolldown turns on for it.
 *
 * @param {{ input: Record<string, string>, dir: string }} options
 * @returns {Promise<import("rolldown").OutputChunk[]>}
 */
export async function bundleBrowserJs({ input, dir }) {
  const bundle = await rolldown({
    cwd: root,
    input,
    platform: "browser",
    tsconfig: path.join(root, "client/tsconfig.json"),
    // No module's exports need to survive as they are: the lazy routes read them by name.
    preserveEntrySignatures: false,
    resolve: {
      // react-router's package exports only name its development build; use the production one.
      alias: {
        "react-router/dom": path.join(root, "node_modules/react-router/dist/production/dom-export.mjs"),
        "react-router": path.join(root, "node_modules/react-router/dist/production/index.mjs"),
      },
    },
    transform: { target: ["es2022", "chrome111", "firefox115", "safari16"], define: { "process.env.NODE_ENV": '"production"' } },
    onLog(level, log, report) {
      // React Router marks its modules "use client" for server-component bundlers; a browser
      // bundle has no use for the directive, and dropping it is what we want.
      if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
      // rolldown leaves an import it cannot resolve to the browser with a warning; here that is a broken build.
      report(log.code === "UNRESOLVED_IMPORT" ? "error" : level, log);
    },
  });
  try {
    const { output } = await bundle.write({
      dir,
      format: "es",
      minify: true,
      entryFileNames: "[name]-[hash].js",
      chunkFileNames: "[name]-[hash].js",
      // Lowercase letters and digits only: safe in any URL and any file system.
      hashCharacters: "base36",
      codeSplitting: {
        groups: [{ name: "runtime", tags: ["$initial"] }],
        experimentalInlineCommonChunks: { maxSize: 30_000 },
      },
    });
    return output.filter((file) => file.type === "chunk");
  } finally {
    await bundle.close();
  }
}

/**
 * One file of the browser bundle, paths relative to the project root: what it imports
 * statically (loaded with it), and the source module it is the entry of, if any.
 * @typedef {{ file: string, imports: string[], module: string | null }} BundleChunk
 */
export async function buildClient({ quiet = false } = {}) {
  // No wipe first: file names are content-hashed, so a build never overwrites what a
  // running server (a test run, `npm start`) still links to. Old files are pruned below.
  await mkdir(outdir, { recursive: true });
  const publicUrl = (/** @type {string} */ file) => "/" + path.relative(path.join(root, "public"), path.join(root, file)).split(path.sep).join("/");
  /** @type {import("esbuild").BuildOptions} */
  const common = {
    absWorkingDir: root,
    bundle: true,
    minify: true,
    target: ["es2022", "chrome111", "firefox115", "safari16"],
    entryNames: "[name]-[hash]",
    outdir,
    metafile: true,
    logLevel: "warning",
  };
  // The stylesheet (Swiper's rules included), then the badge icons' sprite and the favicon,
  // whose hashed URLs go into assets.json for the app to import.
  // Bootstrap arrives without the selectors our sources never use (CSS budget, issue 10).
  const css = await build({ ...common, entryPoints: { app: "client/styles.css" }, plugins: [purgeUnusedCss({ root })] });
  const cssOutputs = Object.entries(css.metafile?.outputs ?? {});
  const stylesheet = cssOutputs.find(([file]) => file.endsWith(".css"))?.[0];
  if (!stylesheet) throw new Error("build produced no stylesheet");
  const badgeIcons = await copyHashed("client/badge-icons.svg");
  // The document links a hashed copy of the favicon, cached for a year like the bundle;
  // /favicon.svg stays for whoever asks for it by name.
  const favicon = await copyHashed("public/favicon.svg");
  await writeAtomically(path.join(outdir, "assets.json"), JSON.stringify({ badgeIcons: publicUrl(badgeIcons), favicon: publicUrl(favicon) }, null, 2) + "\n");
  const relative = (/** @type {string} */ file) => path.relative(root, file).split(path.sep).join("/");
  const fromBuild = (/** @type {string} */ name) => relative(path.join(outdir, name));
  /** @type {BundleChunk[]} */
  const chunks = (await bundleBrowserJs({ input: { client: "client/entry.tsx" }, dir: outdir })).map((chunk) => ({
    file: fromBuild(chunk.fileName),
    imports: chunk.imports.map(fromBuild),
    module: chunk.facadeModuleId ? relative(chunk.facadeModuleId) : null,
  }));
  const entry = chunks.find((chunk) => chunk.module === "client/entry.tsx");
  if (!entry) throw new Error("build produced no .js entry");
  // Chunks the entry imports statically: preloaded with it, so they don't load in a second round trip.
  const manifest = { js: publicUrl(entry.file), css: publicUrl(stylesheet), preload: entry.imports.map(publicUrl) };
  await writeAtomically(path.join(outdir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  await pruneStale(new Set([...cssOutputs.map(([file]) => file), ...chunks.map((chunk) => chunk.file), badgeIcons, favicon].map((file) => path.basename(file))));
  if (!quiet) {
    for (const url of [manifest.js, ...manifest.preload, manifest.css, publicUrl(badgeIcons)]) {
      const bytes = await readFile(path.join(root, "public", url));
      console.log(`${url}  ${(bytes.length / 1024).toFixed(1)} KiB, ${(gzipSync(bytes).length / 1024).toFixed(1)} KiB gzip`);
    }
  }
  // The bundle's module graph too: the budget test (test/unit/budgets.test.ts) works out
  // from it which files each page loads before it hydrates.
  return { manifest, chunks };
}

/** Copies a static source file into the build directory under a content-hashed name
 * (served with a year's cache lifetime, as the bundle is); returns its path. */
async function copyHashed(/** @type {string} */ source) {
  const bytes = await readFile(path.join(root, source));
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 8).toUpperCase();
  const { name, ext } = path.parse(source);
  const file = path.join(outdir, `${name}-${hash}${ext}`);
  await writeAtomically(file, bytes);
  return path.relative(root, file);
}

/** Readers (a server starting up, a concurrent build) never see a half-written file. */
async function writeAtomically(/** @type {string} */ file, /** @type {string | Buffer} */ text) {
  await writeFile(`${file}.${process.pid}`, text);
  await rename(`${file}.${process.pid}`, file);
}

/** Files from earlier builds older than an hour: no server started since still links to them. */
const STALE_MS = 60 * 60 * 1000;

async function pruneStale(/** @type {Set<string>} */ current) {
  for (const name of await readdir(outdir)) {
    if (current.has(name) || name.endsWith(".json") || name.includes(".json.")) continue;
    const file = path.join(outdir, name);
    const { mtimeMs } = await stat(file);
    if (Date.now() - mtimeMs > STALE_MS) await rm(file, { force: true });
  }
}

if (isMain(import.meta.url)) {
  await buildClient();
}
