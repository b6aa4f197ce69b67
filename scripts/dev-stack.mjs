// @ts-check
/**
 * Starts the local stack: PocketBase (schema applied, superuser ensured, seeded when
 * empty), the client build, and `wrangler dev` on loopback. Used by `npm start` and by
 * the browser tests. `stop()` ends every process it started: wrangler runs several
 * processes, so it gets its own process group and SIGINT goes to the whole group.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { MailDev } from "maildev";
import {
  configureMailer,
  DEFAULT_SERVICE_EMAIL,
  DEFAULT_SERVICE_PASSWORD,
  ensureServiceAccount,
  ensureSuperuser,
  startPocketBase,
} from "../pocketbase/run.mjs";
import { isSeeded, seed } from "../pocketbase/seed.mjs";
import PocketBase from "pocketbase";
import { buildClient } from "./build-client.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WRANGLER_BIN = path.join(root, "node_modules/.bin/wrangler");
/** The count key's HMAC key on a local stack (a deployment sets its own secret, docs/events.md). */
const LOCAL_EVENTS_KEY = "local-events-key";
/** The key of the links in emails, and the relay notifications' password, on a local stack (docs/email.md). */
const LOCAL_MAIL_TOKEN_KEY = "local-mail-token-key";
const LOCAL_MAIL_NOTIFICATIONS_SECRET = "local-mail-notifications";
/** wrangler dev fires no Cron Trigger by itself: the stack calls Miniflare's scheduled handler each minute, as Cloudflare would. */
const CRON = "* * * * *";
const CRON_EVERY_MS = 60_000;
/** The session cookie's HMAC key on a local stack (a deployment sets its own secret, docs/reports.md). */
const LOCAL_SESSION_KEY = "local-session-key";

/**
 * `service` is the Worker's PocketBase service account (newsletter writes), ensured here
 * and handed to wrangler dev as the PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD secrets;
 * defaults: the PB_SERVICE_* environment variables, else the local defaults of run.mjs.
 * EVENTS_KEY_SECRET (the events' count key) and SESSION_SECRET (the sign-in cookie's key) come
 * from the environment, else local values.
 * `production` bundles the Worker as a deployment does (React's production build);
 * wrangler dev's default is the development build, whose hydration warnings the browser
 * tests check for.
 * `inspectorPort` fixes the port of the Worker's V8 inspector (wrangler's default, 9229, is
 * shared by every stack on the machine; the soak reads the Worker's heap through it).
 * `mail` runs the local mail catcher (maildev: SMTP and a web inbox with its REST API, both on
 * loopback) and points PocketBase's mailer at it (without `uiPort`, at an SMTP server the caller
 * runs, as the mail benchmark does); MAIL_TOKEN_SECRET and
 * MAIL_NOTIFICATIONS_SECRET come from the environment, else local values. Every minute the
 * stack fires the Worker's Cron Trigger (the mail job), which wrangler dev does not do itself.
 * `persistTo` is wrangler dev's state directory (queues, the events archive): the checkout's
 * `.wrangler/state` unless given.
 * @param {{ dataDir: string, pbPort: number, port: number, email: string, password: string, quiet?: boolean, production?: boolean, inspectorPort?: number, persistTo?: string, vars?: Record<string, string>, service?: { email: string, password: string }, mail?: { smtpPort: number, uiPort?: number } }} options
 */
export async function startStack({
  dataDir,
  pbPort,
  port,
  email,
  password,
  quiet = false,
  production = false,
  inspectorPort,
  persistTo,
  vars = {},
  service = { email: process.env.PB_SERVICE_EMAIL || DEFAULT_SERVICE_EMAIL, password: process.env.PB_SERVICE_PASSWORD || DEFAULT_SERVICE_PASSWORD },
  mail,
}) {
  const log = quiet ? () => {} : (/** @type {string} */ line) => console.log(line);
  await ensureSuperuser({ dataDir, email, password });
  const pocketbase = await startPocketBase({ dataDir, port: pbPort, quiet });
  /** @type {import("node:child_process").ChildProcess | undefined} */
  let wrangler;
  /** @type {MailDev | undefined} */
  let mailCatcher;
  /** @type {NodeJS.Timeout | undefined} */
  let cronTimer;
  const stop = async () => {
    clearInterval(cronTimer);
    if (wrangler && wrangler.exitCode === null && wrangler.pid) {
      const exited = new Promise((resolve) => wrangler?.once("exit", resolve));
      signalGroup(wrangler.pid, "SIGINT");
      const timer = setTimeout(() => wrangler?.pid && signalGroup(wrangler.pid, "SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await pocketbase.stop();
    await mailCatcher?.stop();
  };
  try {
    const pb = new PocketBase(pocketbase.url);
    await pb.collection("_superusers").authWithPassword(email, password);
    if (!(await isSeeded(pb))) {
      log("Seeding demo content…");
      await seed({ url: pocketbase.url, email, password, scale: 1, log });
    }
    await ensureServiceAccount({ url: pocketbase.url, superuserEmail: email, superuserPassword: password, ...service });
    if (mail) {
      if (mail.uiPort) {
        mailCatcher = new MailDev({ smtp: mail.smtpPort, web: mail.uiPort, ip: "127.0.0.1", webIp: "127.0.0.1", silent: true });
        await mailCatcher.start();
      }
      await configureMailer({ url: pocketbase.url, superuserEmail: email, superuserPassword: password, smtpPort: mail.smtpPort });
    }
    await buildClient({ quiet });
    const secrets = {
      PB_SERVICE_EMAIL: service.email,
      PB_SERVICE_PASSWORD: service.password,
      EVENTS_KEY_SECRET: process.env.EVENTS_KEY_SECRET || LOCAL_EVENTS_KEY,
      MAIL_TOKEN_SECRET: process.env.MAIL_TOKEN_SECRET || LOCAL_MAIL_TOKEN_KEY,
      MAIL_NOTIFICATIONS_SECRET: process.env.MAIL_NOTIFICATIONS_SECRET || LOCAL_MAIL_NOTIFICATIONS_SECRET,
      SESSION_SECRET: process.env.SESSION_SECRET || LOCAL_SESSION_KEY,
    };
    const varArgs = Object.entries({ POCKETBASE_URL: pocketbase.url, SITE_ORIGIN: `http://127.0.0.1:${port}`, ...secrets, ...vars }).flatMap(([k, v]) => [
      "--var",
      `${k}:${v}`,
    ]);
    wrangler = spawn(
      WRANGLER_BIN,
      [
        "dev",
        "--ip",
        "127.0.0.1",
        "--port",
        String(port),
        "--show-interactive-dev-session=false",
        ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
        ...(persistTo ? ["--persist-to", persistTo] : []),
        ...varArgs,
      ],
      {
        cwd: root,
        detached: true,
        stdio: quiet ? "ignore" : ["ignore", "inherit", "inherit"],
        env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", ...(production && { NODE_ENV: "production" }) },
      },
    );
    const wranglerProcess = wrangler;
    process.once("exit", () => wranglerProcess.pid && wranglerProcess.exitCode === null && signalGroup(wranglerProcess.pid, "SIGKILL"));
    await waitForSite(`http://127.0.0.1:${port}/favicon.svg`, wranglerProcess);
    const cronUrl = `http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}`;
    cronTimer = setInterval(() => {
      fetch(cronUrl).then(
        (response) => response.body?.cancel(),
        () => {},
      );
    }, CRON_EVERY_MS);
    cronTimer.unref();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    siteUrl: `http://127.0.0.1:${port}`,
    adminUrl: `${pocketbase.url}/_/`,
    mailUrl: mail?.uiPort ? `http://127.0.0.1:${mail.uiPort}` : undefined,
    cronUrl: `http://127.0.0.1:${port}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}`,
    pocketbase,
    wrangler,
    stop,
  };
}

/** @param {number} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/** @param {string} url @param {import("node:child_process").ChildProcess} child */
async function waitForSite(url, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the site did not answer at ${url} within 60 s`);
}
