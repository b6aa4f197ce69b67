// @ts-check
/** Builds the browser bundle and stylesheet into public/build with content-hashed names
 * and writes public/build/manifest.json, which the Worker reads to link them. */
import { build } from "esbuild";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { isMain } from "../pocketbase/cli.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "public/build");

export async function buildClient({ quiet = false } = {}) {
  // No wipe first: file names are content-hashed, so a build never overwrites what a
  // running server (a test run, `npm start`) still links to. Old files are pruned below.
  await mkdir(outdir, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: { client: "client/entry.tsx", app: "client/styles.css" },
    bundle: true,
    minify: true,
    format: "esm",
    // Lazy routes become their own chunks.
    splitting: true,
    chunkNames: "chunk-[hash]",
    target: ["es2022", "chrome111", "firefox115", "safari16"],
    jsx: "automatic",
    entryNames: "[name]-[hash]",
    outdir,
    metafile: true,
    define: { "process.env.NODE_ENV": '"production"' },
    // react-router's package exports only name its development build; use the production one.
    alias: {
      "react-router/dom": path.join(root, "node_modules/react-router/dist/production/dom-export.mjs"),
      "react-router": path.join(root, "node_modules/react-router/dist/production/index.mjs"),
    },
    logLevel: "warning",
  });
  const outputs = Object.entries(result.metafile.outputs);
  const publicUrl = (/** @type {string} */ file) => "/" + path.relative(path.join(root, "public"), path.join(root, file)).split(path.sep).join("/");
  const find = (/** @type {string} */ ext) => {
    const hit = outputs.find(([file, meta]) => file.endsWith(ext) && meta.entryPoint);
    if (!hit) throw new Error(`build produced no ${ext} entry`);
    return publicUrl(hit[0]);
  };
  const entry = outputs.find(([file, meta]) => file.endsWith(".js") && meta.entryPoint);
  // Chunks the entry imports statically: preloaded with it, so they don't load in a second round trip.
  const preload = (entry?.[1].imports ?? []).filter((i) => i.kind === "import-statement").map((i) => publicUrl(i.path));
  const manifest = { js: find(".js"), css: find(".css"), preload };
  const manifestPath = path.join(outdir, "manifest.json");
  await writeFile(`${manifestPath}.${process.pid}`, JSON.stringify(manifest, null, 2) + "\n");
  await rename(`${manifestPath}.${process.pid}`, manifestPath);
  await pruneStale(new Set(outputs.map(([file]) => path.basename(file))));
  if (!quiet) {
    for (const url of [manifest.js, ...manifest.preload, manifest.css]) {
      const bytes = await readFile(path.join(root, "public", url));
      console.log(`${url}  ${(bytes.length / 1024).toFixed(1)} KiB, ${(gzipSync(bytes).length / 1024).toFixed(1)} KiB gzip`);
    }
  }
  return manifest;
}

/** Files from earlier builds older than an hour: no server started since still links to them. */
const STALE_MS = 60 * 60 * 1000;

async function pruneStale(/** @type {Set<string>} */ current) {
  for (const name of await readdir(outdir)) {
    if (current.has(name) || name.startsWith("manifest.json")) continue;
    const file = path.join(outdir, name);
    const { mtimeMs } = await stat(file);
    if (Date.now() - mtimeMs > STALE_MS) await rm(file, { force: true });
  }
}

if (isMain(import.meta.url)) {
  await buildClient();
}
