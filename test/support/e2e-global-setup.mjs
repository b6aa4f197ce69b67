// @ts-check
/**
 * Runs in Node before the browser tests: the whole local stack (seeded PocketBase and
 * wrangler dev) on free loopback ports, stopped in the returned teardown.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, prepareSeededDataDir } from "../../pocketbase/run.mjs";
import { startStack } from "../../scripts/dev-stack.mjs";

export const CHROMIUM = "/usr/bin/chromium";

/** @param {{ provide: (key: string, value: unknown) => void }} project */
export default async function setup(project) {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does this)`);
  const email = "e2e@dealpilot.local";
  const password = "e2e-tests-password";
  const dataDir = await mkdtemp(path.join(tmpdir(), "pb-e2e-"));
  await prepareSeededDataDir({ targetDir: dataDir, email, password });
  const mail = { smtpPort: await freePort(), uiPort: await freePort() };
  const stack = await startStack({ dataDir, pbPort: await freePort(), port: await freePort(), email, password, quiet: !process.env.STACK_LOGS, mail });
  project.provide("siteUrl", stack.siteUrl);
  project.provide("pocketbaseUrl", stack.adminUrl.replace(/\/_\/$/, ""));
  // For tests that edit content as an editor would (publishing.test.ts), restoring it after.
  project.provide("pocketbaseSuperuser", { email, password });
  // The local inbox every email goes to (test/e2e/mail.test.ts), and the mail job's trigger.
  project.provide("mailUrl", stack.mailUrl ?? "");
  project.provide("cronUrl", stack.cronUrl);
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
