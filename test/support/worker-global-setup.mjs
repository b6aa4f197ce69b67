// @ts-check
/**
 * Runs in Node before the Worker tests: a real PocketBase on a free loopback port with
 * the seeded demo content (copied from a cached template), behind the fault proxy.
 * Everything it starts is stopped in the returned teardown.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureServiceAccount, freePort, prepareSeededDataDir, startPocketBase } from "../../pocketbase/run.mjs";
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
  // PocketBase's mail (sign-in codes) goes to a real SMTP server in this process.
  const mail = await startMailCatcher({ port: await freePort() });
  await pointMailerAt(`http://127.0.0.1:${pbPort}`, email, password, mail.port);
  const proxy = await startFaultProxy({
    mailTo: mail.to,
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

/**
 * Points PocketBase's mailer at the tests' SMTP server.
 * @param {string} url @param {string | undefined} email @param {string | undefined} password @param {number} port
 */
async function pointMailerAt(url, email, password, port) {
  const auth = await fetch(`${url}/api/collections/_superusers/auth-with-password`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ identity: email, password }),
  });
  const { token } = /** @type {{ token: string }} */ (await auth.json());
  const saved = await fetch(`${url}/api/settings`, {
    method: "PATCH",
    headers: { "Content-Type": "application/json", Authorization: token },
    body: JSON.stringify({
      meta: { senderName: "DealPilot", senderAddress: "no-reply@dealpilot.local" },
      smtp: { enabled: true, host: "127.0.0.1", port, tls: false, authMethod: "PLAIN", username: "", password: "" },
    }),
  });
  if (!saved.ok) throw new Error(`PocketBase's SMTP settings: ${saved.status} ${await saved.text()}`);
}
