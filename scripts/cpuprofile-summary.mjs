// @ts-check
/**
 * Where a CPU profile's time went, by function and by source module: self time (the
 * function itself) and total time (itself and what it called, recursion counted once).
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/bench-render.mjs --pages home
 *   node scripts/cpuprofile-summary.mjs /tmp/prof/CPU.*.cpuprofile [--top 30] [--within renderPage] [--per-sample]
 *
 * Code in an esbuild bundle (the render bench's) is attributed to its source file by the
 * `// path` comment esbuild writes before each module of an unminified bundle, read from
 * the bundle on disk: summarise before the next bench run rebuilds it.
 *
 * `--per-sample` counts every sample as the profile's median interval instead of the time
 * since the sample before it. Use it on workerd's profiles (bench-render --cpu-prof): workerd
 * does not report its isolate idle between requests, so the first sample of each request
 * arrives after the gap and carries it (5 ms and more on the first function a request
 * runs, against a 0.2 ms interval).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { parseArgs } from "node:util";
import { isMain, positiveIntOption } from "../pocketbase/cli.mjs";

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number }} CallFrame
 * @typedef {{ id: number, callFrame: CallFrame, children?: number[] }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 * @typedef {{ name: string, ms: number, share: number }} Entry
 */

/** Module of a bundled line, from esbuild's per-module comments. @returns {(url: string, line: number) => string} */
function moduleResolver() {
  /** @type {Map<string, { lines: number[], names: string[] } | null>} */
  const bundles = new Map();
  return (url, line) => {
    if (!url) return "(native)";
    if (!bundles.has(url)) {
      let index = null;
      try {
        const text = readFileSync(url.startsWith("file:") ? fileURLToPath(url.replace(/\?.*$/, "")) : url, "utf8").split("\n");
        /** @type {number[]} */
        const lines = [];
        /** @type {string[]} */
        const names = [];
        text.forEach((source, i) => {
          const match = /^\/\/ ((?:node_modules|src|public)\/\S+)$/.exec(source);
          if (match?.[1]) {
            lines.push(i);
            names.push(match[1]);
          }
        });
        if (lines.length) index = { lines, names };
      } catch {
        index = null;
      }
      bundles.set(url, index);
    }
    const index = bundles.get(url);
    if (!index) return url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "node_modules/");
    let low = 0;
    let high = index.lines.length - 1;
    let found = -1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      if ((index.lines[mid] ?? 0) <= line) {
        found = mid;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found < 0 ? "(bundle prelude)" : (index.names[found] ?? "?");
  };
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/** @param {Profile} profile @param {{ within?: string, perSample?: boolean }} [options] */
export function summarize(profile, { within, perSample = false } = {}) {
  const moduleOf = moduleResolver();
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  /** @param {ProfileNode} node */
  const moduleKey = (node) => moduleOf(node.callFrame.url, node.callFrame.lineNumber);
  /** @param {ProfileNode} node */
  const functionKey = (node) => `${node.callFrame.functionName || "(anonymous)"}  ${moduleKey(node)}`;
  /** @type {Map<string, number>} */ const selfByFunction = new Map();
  /** @type {Map<string, number>} */ const totalByFunction = new Map();
  /** @type {Map<string, number>} */ const selfByModule = new Map();
  /** @type {Map<string, number>} */ const totalByModule = new Map();
  const add = (/** @type {Map<string, number>} */ map, /** @type {string} */ key, /** @type {number} */ ms) => map.set(key, (map.get(key) ?? 0) + ms);
  let totalMs = 0;
  const intervalMs = median(profile.timeDeltas) / 1000;
  profile.samples.forEach((id, i) => {
    const ms = perSample ? intervalMs : (profile.timeDeltas[i] ?? 0) / 1000;
    const leaf = byId.get(id);
    if (!leaf || leaf.callFrame.functionName === "(idle)") return;
    /** @type {ProfileNode[]} */
    const stack = [];
    for (let node = /** @type {ProfileNode | undefined} */ (leaf); node; node = byId.get(parent.get(node.id) ?? -1)) stack.push(node);
    if (within && !stack.some((node) => node.callFrame.functionName === within)) return;
    totalMs += ms;
    add(selfByFunction, functionKey(leaf), ms);
    add(selfByModule, moduleKey(leaf), ms);
    for (const key of new Set(stack.map(functionKey))) add(totalByFunction, key, ms);
    for (const key of new Set(stack.map(moduleKey))) add(totalByModule, key, ms);
  });
  /** @param {Map<string, number>} map @returns {Entry[]} */
  const ranked = (map) => [...map].map(([name, ms]) => ({ name, ms, share: totalMs ? ms / totalMs : 0 })).sort((a, b) => b.ms - a.ms);
  return {
    totalMs,
    selfByFunction: ranked(selfByFunction),
    totalByFunction: ranked(totalByFunction),
    selfByModule: ranked(selfByModule),
    totalByModule: ranked(totalByModule),
  };
}

async function main() {
  const { values: options, positionals } = parseArgs({
    options: { top: { type: "string" }, within: { type: "string" }, "per-sample": { type: "boolean" } },
    allowPositionals: true,
  });
  const file = positionals[0];
  if (!file) throw new Error("Usage: node scripts/cpuprofile-summary.mjs <file.cpuprofile> [--top 30] [--within functionName] [--per-sample]");
  const top = positiveIntOption(options.top, 30, "top");
  const perSample = options["per-sample"] === true;
  const summary = summarize(JSON.parse(readFileSync(file, "utf8")), { within: options.within, perSample });
  console.log(
    `${path.basename(file)}: ${summary.totalMs.toFixed(0)} ms sampled${options.within ? ` under ${options.within}` : ""} (idle excluded${perSample ? "; each sample counted as the median interval" : ""})`,
  );
  for (const [title, entries] of /** @type {const} */ ([
    ["self time by module", summary.selfByModule],
    ["total time by module", summary.totalByModule],
    ["self time by function", summary.selfByFunction],
    ["total time by function", summary.totalByFunction],
  ])) {
    console.log(`\n${title}`);
    for (const entry of entries.slice(0, top))
      console.log(`${entry.ms.toFixed(0).padStart(8)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%  ${entry.name}`);
  }
}

if (isMain(import.meta.url)) await main();
