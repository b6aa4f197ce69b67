// @ts-check
/**
 * How often the search's first result is the one a visitor means: every query of
 * test/search/queries.json, over a seeded PocketBase data directory
 * (`npx node pocketbase/run.mjs --dir <dir> --scale 50`, stopped before this runs).
 *
 *   npx node scripts/search-hit-rate.mjs --dir <seeded data dir> [--queries test/search/queries.json] [--out file.json]
 *
 * Starts PocketBase on a free port over that directory (the checkout's migrations apply),
 * runs the site's own search (src/data/search.ts, bundled as the Worker's) for each query
 * with the worldwide view, and prints each query's first result, whether it is the expected
 * one, and the hit rate per kind of query (exact, typo, space) and in all. The Worker is left
 * out on purpose: on a busy host a cold read of thousands of records can outlast its wait
 * for PocketBase (10 s) and the page then shows nothing, which measures the host, not the
 * search; render cost is `npm run bench:render`'s to measure.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cliOptions, isMain } from "../pocketbase/cli.mjs";
import { freePort, startPocketBase } from "../pocketbase/run.mjs";
import { importWorkerBundle } from "./lib/worker-bundle.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** @typedef {{ kind: string, title: string }} Result */
/** @typedef {{ q: string, expect: Result, how: string }} Query */

/** The search module as the Worker bundles it. */
async function loadSearch() {
  const outfile = path.join(root, "node_modules/.cache/search-hit-rate/search.mjs");
  return importWorkerBundle({
    root,
    outfile,
    name: "search-hit-rate",
    exports: [
      'export { search } from "./src/data/search";',
      'export { SEARCH_KIND_LABELS } from "./src/data/search-kinds";',
      'export { createContentClient } from "./src/data/client";',
      'export { WORLDWIDE } from "./src/data/offer-countries";',
    ],
  });
}

/**
 * @param {{ pocketbaseUrl: string, queries: Query[] }} options
 * @returns {Promise<{ rows: { q: string, how: string, expected: Result, first: Result | null, hit: boolean }[], rates: Record<string, { hits: number, total: number }> }>}
 */
export async function measureHitRate({ pocketbaseUrl, queries }) {
  const { search, SEARCH_KIND_LABELS, createContentClient, WORLDWIDE } = await loadSearch();
  const pb = createContentClient({ baseUrl: pocketbaseUrl });
  const rows = [];
  for (const { q, expect, how } of queries) {
    const { hits } = await search(pb, { text: q, category: null }, { kind: null, page: 1, scope: WORLDWIDE });
    const [hit] = hits;
    const first = hit ? { kind: SEARCH_KIND_LABELS[hit.kind], title: hit.title } : null;
    rows.push({ q, how, expected: expect, first, hit: first?.kind === expect.kind && first.title === expect.title });
  }
  /** @type {Record<string, { hits: number, total: number }>} */
  const rates = {};
  for (const row of rows)
    for (const group of [row.how, "all"]) {
      rates[group] ??= { hits: 0, total: 0 };
      rates[group].total++;
      if (row.hit) rates[group].hits++;
    }
  return { rows, rates };
}

async function main() {
  const usage = "usage: npx node scripts/search-hit-rate.mjs --dir <seeded PocketBase data dir> [--queries test/search/queries.json] [--out file.json]";
  const options = cliOptions(["dir", "queries", "out"], usage);
  if (!options.dir) throw new Error(usage);
  const { queries } = /** @type {{ queries: Query[] }} */ (JSON.parse(await readFile(options.queries ?? path.join(root, "test/search/queries.json"), "utf8")));
  const pocketbase = await startPocketBase({ dataDir: path.resolve(options.dir), port: await freePort(), quiet: true });
  try {
    const { rows, rates } = await measureHitRate({ pocketbaseUrl: pocketbase.url, queries });
    for (const row of rows) {
      const first = row.first ? `${row.first.kind}: ${row.first.title}` : "(nothing)";
      console.log(
        `${row.hit ? "hit " : "MISS"}  ${row.how.padEnd(5)}  ${JSON.stringify(row.q).padEnd(50)} ${row.hit ? first : `${first}  (expected ${row.expected.kind}: ${row.expected.title})`}`,
      );
    }
    for (const [group, { hits, total }] of Object.entries(rates)) console.log(`${group}: ${hits}/${total} (${Math.round((hits / total) * 100)}%)`);
    if (options.out) await writeFile(options.out, `${JSON.stringify({ measuredAt: new Date().toISOString(), rates, rows }, null, 2)}\n`);
  } finally {
    await pocketbase.stop();
  }
}

if (isMain(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
