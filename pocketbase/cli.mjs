// @ts-check
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

/** True when the module at `moduleUrl` (its `import.meta.url`) is the script node was started with. */
/** @param {string} moduleUrl */
export function isMain(moduleUrl) {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Runs `main` when the module at `moduleUrl` is the script node was started with; a failure
 * is printed as its message alone and exits 1.
 * @param {string} moduleUrl @param {() => Promise<void>} main
 */
export function runMain(moduleUrl, main) {
  if (!isMain(moduleUrl)) return;
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}

/**
 * Parses `--name value` / `--name=value` string options of a script, printing `usage`
 * for --help. Unknown options throw.
 * @param {string[]} names
 * @param {string} usage
 * @returns {Record<string, string | undefined>}
 */
export function cliOptions(names, usage) {
  /** @type {import("node:util").ParseArgsConfig["options"]} */
  const options = { help: { type: "boolean", short: "h" } };
  for (const name of names) options[name] = { type: "string" };
  const values = /** @type {Record<string, string | boolean | undefined>} */ (parseArgs({ args: process.argv.slice(2), options, strict: true }).values);
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return /** @type {Record<string, string | undefined>} */ (values);
}

/** @param {string | undefined} value @param {number} fallback */
export function positiveIntOption(value, fallback, name = "value") {
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
}
