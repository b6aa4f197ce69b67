// @ts-check
/**
 * What edge rendering buys: Lighthouse (mobile) on the server-rendered site beside a
 * client-rendered build of the same app, as a single-page app would ship it: an empty HTML
 * shell, the same routes, loaders and components rendered in the browser with createRoot,
 * and every content read fetched by the browser through the same Worker API and edge cache.
 *
 *   npm run bench:spa [-- --runs 3] [--out bench-results/spa-baseline.json]
 *
 * The shell is served by a small loopback server that hands everything else (stylesheets,
 * /api, files, /goto) to the Worker untouched, compressed as the Worker sent it.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { cliOptions, isMain, positiveIntOption } from "../pocketbase/cli.mjs";
import { freePort } from "../pocketbase/run.mjs";
import { samplePages, startThrowawayStack, stopOnSignals } from "./bench-stack.mjs";
import { bundleBrowserJs } from "./build-client.mjs";
import { auditPages, printTable } from "./lighthouse.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "node_modules/.cache/spa-baseline");
const PREFIX = "/spa-build/";

/** The browser entry of the client-rendered build: no server HTML, no hydration data. */
const SPA_ENTRY = `
import { createRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { createLoadContext } from "${root}/src/app/load-context";
import { routes } from "${root}/src/app/routes";
import { createContentClient } from "${root}/src/data/client";
const content = createContentClient({ baseUrl: window.location.origin });
const router = createBrowserRouter(routes, { getContext: () => createLoadContext({ content, siteOrigin: window.location.origin }) });
createRoot(document.getElementById("root")).render(<RouterProvider router={router} />);
`;

/** Builds the client-rendered bundle with the client build's settings; returns its entry URL. */
async function buildSpa() {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const source = path.join(outdir, "spa-entry.tsx");
  await writeFile(source, SPA_ENTRY);
  const chunks = await bundleBrowserJs({ input: { spa: source }, dir: outdir });
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("the SPA build produced no entry");
  return PREFIX + entry.fileName;
}

/**
 * @param {{ siteUrl: string, entryUrl: string, stylesheet: string }} options
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
async function serveSpa({ siteUrl, entryUrl, stylesheet }) {
  const shell = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${stylesheet}"><script type="module" src="${entryUrl}"></script></head><body><div id="root"></div></body></html>`;
  const gzippedShell = gzipSync(shell);
  const worker = new URL(siteUrl);
  const server = http.createServer(async (request, response) => {
    const url = request.url ?? "/";
    if (url.startsWith(PREFIX)) {
      const file = path.join(outdir, path.basename(url.split("?")[0] ?? ""));
      const body = await readFile(file).catch(() => null);
      if (!body) return void response.writeHead(404).end();
      response.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Content-Encoding": "gzip", "Cache-Control": "public, max-age=31536000, immutable" });
      return void response.end(gzipSync(body));
    }
    const forWorker = /^\/(build|api|goto|favicon\.svg|sitemap|robots\.txt|newsletter|privacy)/.test(url);
    if (!forWorker) {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip", "Cache-Control": "no-cache", ETag: `"${createHash("sha1").update(shell).digest("hex")}"` });
      return void response.end(gzippedShell);
    }
    const upstream = http.request({ host: worker.hostname, port: worker.port, path: url, method: request.method, headers: { ...request.headers, host: worker.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    upstream.on("error", () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

async function main() {
  const options = cliOptions(["runs", "out"], "Usage: npm run bench:spa [-- --runs 3] [--out bench-results/spa-baseline.json]");
  const runs = positiveIntOption(options.runs, 3, "runs");
  const out = options.out ?? "bench-results/spa-baseline.json";
  const stack = await startThrowawayStack({ log: console.log });
  stopOnSignals(stack.stop);
  try {
    const entryUrl = await buildSpa();
    const manifest = JSON.parse(await readFile(path.join(root, "public/build/manifest.json"), "utf8"));
    const spa = await serveSpa({ siteUrl: stack.siteUrl, entryUrl, stylesheet: manifest.css });
    try {
      const { store, article } = await samplePages(stack.siteUrl);
      const pages = { home: "/", store, article };
      console.log(`Auditing ${runs} run(s) per page, server-rendered then client-rendered…`);
      const ssr = await auditPages(stack.siteUrl, pages, runs);
      const csr = await auditPages(spa.url, pages, runs);
      printTable(ssr, "Server-rendered at the edge (this site)");
      printTable(csr, "Client-rendered baseline (empty shell, data fetched by the browser)");
      await mkdir(path.dirname(path.resolve(out)), { recursive: true });
      await writeFile(out, JSON.stringify({ measuredAt: new Date().toISOString(), runs, serverRendered: ssr, clientRendered: csr }, null, 2) + "\n");
      console.log(`\nWritten to ${out}`);
    } finally {
      await spa.close();
    }
  } finally {
    await stack.stop();
  }
}

if (isMain(import.meta.url)) await main();
