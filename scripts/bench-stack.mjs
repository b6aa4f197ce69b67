// @ts-check
/**
 * A throwaway copy of the whole site for measurements (npm run bench, npm run lighthouse):
 * PocketBase on a copy of the seeded data (at a given --scale) and wrangler dev, both on
 * free loopback ports, torn down with the data copy by `stop()`. The seeded template is
 * built once per scale and cached (pocketbase/run.mjs), so later runs start in seconds.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_SERVICE_EMAIL, DEFAULT_SERVICE_PASSWORD, ensureServiceAccount, freePort, prepareSeededDataDir } from "../pocketbase/run.mjs";
import { startStack } from "./dev-stack.mjs";

/** The measurement scripts' PocketBase superuser: one seeded template per scale for all of them. */
export const BENCH_SUPERUSER = { email: "bench@dealpilot.local", password: "bench-password-1234" };

/**
 * The Worker's service account on a measurement PocketBase (made when missing) and its
 * token: the scripts write events as the queue consumer does.
 * @param {string} url
 */
export async function benchServiceToken(url) {
  await ensureServiceAccount({ url, superuserEmail: BENCH_SUPERUSER.email, superuserPassword: BENCH_SUPERUSER.password });
  const auth = await fetch(`${url}/api/collections/edge_services/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: DEFAULT_SERVICE_EMAIL, password: DEFAULT_SERVICE_PASSWORD }),
  });
  if (!auth.ok) throw new Error(`service account sign-in: ${auth.status}`);
  return /** @type {{ token: string }} */ (await auth.json()).token;
}

/**
 * @param {{ scale?: number, vars?: Record<string, string>, log?: (line: string) => void }} [options]
 * `vars` override the Worker's [vars] (wrangler dev --var).
 */
export async function startThrowawayStack({ scale = 1, vars = {}, log = () => {} } = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `pb-bench-${scale}-`));
  try {
    log(`Preparing PocketBase data (scale ${scale})…`);
    await prepareSeededDataDir({ targetDir: dataDir, scale, ...BENCH_SUPERUSER });
    const pbPort = await freePort();
    log("Starting PocketBase and wrangler dev…");
    // wrangler dev bundles the Worker with NODE_ENV "development" unless told otherwise,
    // which would measure React's development build; a deployment runs the production one.
    process.env.NODE_ENV = "production";
    const stack = await startStack({ dataDir, pbPort, port: await freePort(), ...BENCH_SUPERUSER, quiet: true, vars });
    return {
      siteUrl: stack.siteUrl,
      pocketbaseUrl: `http://127.0.0.1:${pbPort}`,
      async stop() {
        await stack.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** What Ctrl-C and SIGTERM must stop; handlers installed once for every stack of the run. */
const stopsOnSignal = new Set();

/**
 * Stops the stack on Ctrl-C and SIGTERM too, then exits with the signal's conventional
 * code. The handlers stay registered (`on`, not `once`): pocketbase/run.mjs re-raises a
 * signal that nobody else listens to, which would end this process before `stop` is done
 * and leave wrangler's process group running. A second signal while stopping is ignored.
 * @param {() => Promise<void>} stop
 */
export function stopOnSignals(stop) {
  if (stopsOnSignal.size === 0) {
    let stopping = false;
    for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        console.error(`\n${signal}: stopping the stack`);
        Promise.allSettled([...stopsOnSignal].map((stopOne) => stopOne())).finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
      });
    }
  }
  stopsOnSignal.add(stop);
}

/**
 * Addresses of a store page and a blog article, taken from the site's own lists, so the
 * measurements follow whatever the seed produced.
 * @param {string} siteUrl
 */
export async function samplePages(siteUrl) {
  /** @param {string} list @param {RegExp} pattern */
  const first = async (list, pattern) => {
    const html = await (await fetch(siteUrl + list)).text();
    const match = html.match(pattern);
    if (!match) throw new Error(`no link matching ${pattern} on ${list}`);
    return match[1] ?? match[0];
  };
  return {
    store: await first("/stores", /href="(\/stores\/[^"/?]+\/[a-z0-9]+)"/),
    article: await first("/blog", /href="(\/blog\/[^"/?]+\/[a-z0-9]+)"/),
  };
}
