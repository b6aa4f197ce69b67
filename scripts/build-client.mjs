// @ts-check
/** Builds the browser bundle and stylesheet into public/build with content-hashed names
 * and writes public/build/manifest.json, which the Worker reads to link them. esbuild builds
 * the stylesheet, rolldown the JavaScript (docs/decisions/018). */
import { build } from "esbuild";
import { rolldown } from "rolldown";
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";
import { isMain } from "../pocketbase/cli.mjs";
import { ADMIN_CONTENT, purgeUnusedCss } from "./purge-css-plugin.mjs";
import { darkPreferenceWithoutScript, followDarkPreference } from "./dark-preference-css.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "public/build");
/** A path relative to the project root, with forward slashes. */
const fromRoot = (/** @type {string} */ file) => path.relative(root, file).split(path.sep).join("/");

/** @type {NonNullable<import("rolldown").InputOptions["onLog"]>} */
const reportLog = (level, log, report) => {
  // React Router marks its modules "use client" for server-component bundlers; a browser
  // bundle has no use for the directive, and dropping it is what we want.
  if (log.code === "MODULE_LEVEL_DIRECTIVE") return;
  // rolldown leaves an import it cannot resolve as it is, with a warning; here that is a broken build.
  report(log.code === "UNRESOLVED_IMPORT" ? "error" : level, log);
};

/** The first line of every chunk of the browser bundle (decision 048). */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Bundles the browser's JavaScript with rolldown into `dir`; returns the emitted chunks.
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
async function bundleBrowserJs({ input, dir }) {
  const bundle = await rolldown({
    cwd: root,
    input,
    platform: "browser",
    tsconfig: path.join(root, "client/tsconfig.json"),
    // No module's exports need to survive as they are: the lazy routes read them by name.
    preserveEntrySignatures: false,
    transform: { target: ["es2022", "chrome111", "firefox115", "safari16"], define: { "process.env.NODE_ENV": '"production"' } },
    onLog: reportLog,
  });
  try {
    const { output } = await bundle.write({
      dir,
      format: "es",
      minify: true,
      // Licence headers stay; `/* @__PURE__ */` marks are for a bundler that runs after this
      // one, and none does: 277 of them in the runtime chunk alone (decision 026).
      comments: { legal: true, annotation: false, jsdoc: false },
      // V8's explicit compile hint (Chrome 136): compile every function of the file while it
      // streams in, off the main thread, instead of on first call, on it. Each chunk here is
      // fetched only when its code is about to run (the runtime and the screen before
      // hydration, a section when it comes into view, a modal on first use), so the hint
      // describes them all; other browsers read a comment (decision 048).
      postBanner: COMPILE_HINT,
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

const ROUTES = "src/app/routes.tsx";
/** A dynamic import of a relative path in the route table. */
const DYNAMIC_IMPORT = /\bimport\(\s*"(\.[^"]+)"\s*\)/g;

/**
 * The modules each route loads before the browser hydrates it: every property of its
 * object-form `lazy` but the loader (client/entry.tsx imports the loader on its first call,
 * a later navigation). The route table is bundled for Node with each of its dynamic imports
 * replaced by a stand-in whose every export names the imported file, then evaluated.
 * @returns {Promise<Map<string, string[]>>} route id → module paths relative to the root
 */
async function routeHydrationModules() {
  // Inside the project, so the output finds node_modules; one per process, as builds may run
  // side by side (test runs) and each removes its own.
  const dir = path.join(root, "node_modules/.cache", `route-modules-${process.pid}`);
  const bundle = await rolldown({
    cwd: root,
    input: ROUTES,
    platform: "node",
    tsconfig: path.join(root, "tsconfig.json"),
    // Packages load from node_modules when the output runs; only our sources are bundled.
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id),
    plugins: [
      {
        name: "lazy-module-stand-ins",
        async transform(code, id) {
          if (fromRoot(id) !== ROUTES) return null;
          const specifiers = [...new Set([...code.matchAll(DYNAMIC_IMPORT)].map((match) => match[1] ?? ""))];
          /** @type {Map<string, string>} */
          const files = new Map();
          for (const specifier of specifiers) {
            const resolved = await this.resolve(specifier, id);
            if (!resolved) throw new Error(`${ROUTES}: cannot resolve import("${specifier}")`);
            files.set(specifier, fromRoot(resolved.id));
          }
          const standIn = `const lazyModule = (file) => Promise.resolve(new Proxy({}, { get: (_, name) => (name === "then" ? undefined : { lazyModule: file }) }));\n`;
          return standIn + code.replace(DYNAMIC_IMPORT, (_, specifier) => `lazyModule(${JSON.stringify(files.get(specifier))})`);
        },
      },
    ],
    onLog: reportLog,
  });
  let output;
  try {
    ({ output } = await bundle.write({ dir, format: "es", entryFileNames: "routes-[hash].mjs", chunkFileNames: "[name]-[hash].mjs", codeSplitting: false }));
  } finally {
    await bundle.close();
  }
  const entry = output.find((file) => file.type === "chunk" && file.isEntry);
  if (!entry) throw new Error(`bundling ${ROUTES} for Node produced no entry`);
  try {
    const { routes } = await import(pathToFileURL(path.join(dir, entry.fileName)).href);
    /** @type {Map<string, string[]>} */
    const modules = new Map();
    const visit = (/** @type {any[]} */ list) =>
      Promise.all(
        list.map(async (route) => {
          if (route.children) await visit(route.children);
          if (!route.lazy) return;
          if (typeof route.lazy === "function") throw new Error(`route ${route.id}: function-form lazy is not traced; use the object form`);
          const values = await Promise.all(
            Object.entries(route.lazy)
              .filter(([key]) => key !== "loader")
              .map(([, load]) => load()),
          );
          modules.set(
            route.id,
            values.map((value) => value.lazyModule),
          );
        }),
      );
    await visit(routes);
    return modules;
  } finally {
    await rm(dir, { recursive: true, force: true });
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
  const publicUrl = (/** @type {string} */ file) => `/${path.relative(path.join(root, "public"), path.join(root, file)).split(path.sep).join("/")}`;
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
  // The stylesheet (Swiper's rules included), then the favicon and the header's logo, whose
  // hashed URLs go into assets.json for the app to import.
  // Bootstrap arrives without the selectors our sources never use (CSS budget, issue 10).
  // The icons' PNG (client/icons, scripts/icon-masks.mjs) are hashed files beside it: as
  // base64 in the stylesheet they would add 5 KiB gzip to what blocks every first paint.
  // Without JavaScript, the dark theme follows the system's preference (scripts/dark-preference-css.mjs).
  const css = await build({
    ...common,
    entryPoints: { app: "client/styles.css" },
    loader: { ".png": "file" },
    plugins: [purgeUnusedCss({ root, rewrite: followDarkPreference }), darkPreferenceWithoutScript()],
  });
  const cssOutputs = Object.entries(css.metafile?.outputs ?? {});
  const stylesheet = cssOutputs.find(([file]) => file.endsWith(".css"))?.[0];
  if (!stylesheet) throw new Error("build produced no stylesheet");
  const admin = await buildAdmin(common, publicUrl);
  // The document links a hashed copy of the favicon, cached for a year like the bundle;
  // /favicon.svg stays for whoever asks for it by name. The header draws the logo from its
  // PNG (scripts/icon-masks.mjs): as SVG it would be one more document on the main thread.
  const favicon = await copyHashed("public/favicon.svg");
  const logo = await copyHashed("client/icons/logo.png");
  await writeAtomically(path.join(outdir, "assets.json"), `${JSON.stringify({ favicon: publicUrl(favicon), logo: publicUrl(logo) }, null, 2)}\n`);
  const fromBuild = (/** @type {string} */ name) => fromRoot(path.join(outdir, name));
  /** @type {BundleChunk[]} */
  const chunks = (await bundleBrowserJs({ input: { client: "client/entry.tsx" }, dir: outdir })).map((chunk) => ({
    file: fromBuild(chunk.fileName),
    imports: chunk.imports.map(fromBuild),
    module: chunk.facadeModuleId ? fromRoot(chunk.facadeModuleId) : null,
  }));
  const entry = chunks.find((chunk) => chunk.module === "client/entry.tsx");
  if (!entry) throw new Error("build produced no .js entry");
  // Preloaded with the entry, so they don't load in later round trips: every chunk it imports
  // statically, and per route the chunks of what client/entry.tsx loads before hydrating it.
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const closure = (/** @type {string} */ file, into = new Set()) => {
    if (!into.has(file)) {
      into.add(file);
      for (const dependency of byFile.get(file)?.imports ?? []) closure(dependency, into);
    }
    return into;
  };
  const initial = closure(entry.file);
  const routeModules = await routeHydrationModules();
  /** @type {Record<string, string[]>} */
  const routes = {};
  for (const [id, modules] of routeModules) {
    const files = new Set();
    for (const module of modules) {
      const chunk = chunks.find((candidate) => candidate.module === module);
      if (!chunk) throw new Error(`route ${id}: ${module} has no chunk of its own`);
      for (const file of closure(chunk.file)) if (!initial.has(file)) files.add(publicUrl(file));
    }
    routes[id] = [...files];
  }
  const current = [...cssOutputs.map(([file]) => file), ...admin.files, ...chunks.map((chunk) => chunk.file), favicon, logo].map((file) => path.basename(file));
  const manifest = {
    // Names this build: pages cached under another build link files a deploy has removed
    // (src/edge/cache/page-cache.ts keys copies by it). The files' names carry their contents' hashes.
    build: createHash("sha256").update(current.toSorted().join("\n")).digest("hex").slice(0, 16),
    js: publicUrl(entry.file),
    css: publicUrl(stylesheet),
    preload: [...initial].filter((file) => file !== entry.file).map(publicUrl),
    routes,
  };
  await writeAtomically(path.join(outdir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await pruneStale(new Set(current));
  if (!quiet) {
    for (const url of [manifest.js, ...manifest.preload, manifest.css]) {
      const bytes = await readFile(path.join(root, "public", url));
      console.log(`${url}  ${(bytes.length / 1024).toFixed(1)} KiB, ${(gzipSync(bytes).length / 1024).toFixed(1)} KiB gzip`);
    }
  }
  return { manifest, chunks };
}

/**
 * The reports' stylesheet and chart script (/admin only, never on a public page), and
 * admin.json naming them for src/admin/AdminDocument.tsx.
 * @param {import("esbuild").BuildOptions} common
 * @param {(file: string) => string} publicUrl
 */
async function buildAdmin(common, publicUrl) {
  const built = await build({
    ...common,
    entryPoints: { admin: "client/admin/admin.css", "report-chart": "client/admin/report-chart.ts" },
    format: "esm",
    plugins: [purgeUnusedCss({ root, sources: ADMIN_CONTENT })],
  });
  const files = Object.keys(built.metafile?.outputs ?? {});
  const css = files.find((file) => file.endsWith(".css"));
  const js = files.find((file) => file.endsWith(".js"));
  if (!css || !js) throw new Error("the admin build produced no stylesheet or script");
  await writeAtomically(path.join(outdir, "admin.json"), `${JSON.stringify({ css: publicUrl(css), js: publicUrl(js) }, null, 2)}\n`);
  return { files };
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
