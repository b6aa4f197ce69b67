// @ts-check
/**
 * Runs in Node before the Worker tests: a real PocketBase on a free loopback port with
 * the seeded demo content (copied from a cached template), behind the fault proxy, and a
 * real SMTP server (test/support/mail-catcher.mjs) that PocketBase's mailer sends to.
 * Everything it starts is stopped in the returned teardown.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { configureMailer, ensureServiceAccount, freePort, prepareSeededDataDir, startPocketBase } from "../../pocketbase/run.mjs";
import { startFaultProxy } from "./fault-proxy.mjs";
import { startMailCatcher } from "./mail-catcher.mjs";

export default async function setup() {
  const pbPort = Number(process.env.TEST_PB_PORT);
  const proxyPort = Number(process.env.TEST_PROXY_PORT);
  const email = process.env.TEST_PB_EMAIL;
  const password = process.env.TEST_PB_PASSWORD;
  const dataDir = await mkdtemp(path.join(tmpdir(), "pb-worker-test-"));
  await prepareSeededDataDir({ targetDir: dataDir, email, password });

  /** @type {{ stop: () => Promise<void> } | undefined} */
  let pocketbase = await startPocketBase({ dataDir, port: pbPort, quiet: true });
  // The account the Worker stores newsletter sign-ups as (its credentials are bindings).
  await ensureServiceAccount({
    url: `http://127.0.0.1:${pbPort}`,
    superuserEmail: email,
    superuserPassword: password,
    email: process.env.TEST_PB_SERVICE_EMAIL,
    password: process.env.TEST_PB_SERVICE_PASSWORD,
  });
  // PocketBase's mail (sign-in codes, subscribers' email) goes to a real SMTP server in this process.
  const mail = await startMailCatcher({ port: await freePort() });
  await configureMailer({ url: `http://127.0.0.1:${pbPort}`, superuserEmail: String(email), superuserPassword: String(password), smtpPort: mail.port });
  const proxy = await startFaultProxy({
    mail,
    port: proxyPort,
    upstreamPort: pbPort,
    stopUpstream: async () => {
      await pocketbase?.stop();
      pocketbase = undefined;
    },
    startUpstream: async () => {
      pocketbase ??= await startPocketBase({ dataDir, port: pbPort, quiet: true });
    },
  });

  return async () => {
    await proxy.close();
    await pocketbase?.stop();
    await mail.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}
