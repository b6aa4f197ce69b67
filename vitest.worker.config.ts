import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { freePort } from "./pocketbase/run.mjs";

// Ports are chosen when the config loads so they can be handed to the Worker as bindings;
// the global setup (same Node process) reads them from the environment.
process.env.TEST_PB_PORT ??= String(await freePort());
process.env.TEST_PROXY_PORT ??= String(await freePort());
process.env.TEST_PB_EMAIL ??= "worker-tests@dealpilot.local";
process.env.TEST_PB_PASSWORD ??= "worker-tests-password";
// The Worker's PocketBase service account (newsletter writes), ensured by the global setup.
process.env.TEST_PB_SERVICE_EMAIL ??= "edge-tests@dealpilot.local";
process.env.TEST_PB_SERVICE_PASSWORD ??= "edge-tests-password";
const proxyUrl = `http://127.0.0.1:${process.env.TEST_PROXY_PORT}`;

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./src/worker.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          POCKETBASE_URL: proxyUrl,
          TEST_CONTROL_URL: proxyUrl,
          TEST_PB_EMAIL: process.env.TEST_PB_EMAIL,
          TEST_PB_PASSWORD: process.env.TEST_PB_PASSWORD,
          PB_SERVICE_EMAIL: process.env.TEST_PB_SERVICE_EMAIL,
          PB_SERVICE_PASSWORD: process.env.TEST_PB_SERVICE_PASSWORD,
          EVENTS_KEY_SECRET: "worker-tests-events-key",
          SESSION_SECRET: "worker-tests-session-key",
          // The key of the links in emails, and the relay notifications' password (docs/email.md).
          MAIL_TOKEN_SECRET: "worker-tests-mail-token-key",
          MAIL_NOTIFICATIONS_SECRET: "worker-tests-mail-notifications",
          // The operator's secret: the purge endpoint, and the internal headers (test/worker/helpers.ts OPERATOR).
          CACHE_PURGE_SECRET: "worker-tests-operator-secret",
          // Short freshness so stale-while-revalidate is observable within a test.
          CACHE_FRESH_S: "2",
          CACHE_STALE_S: "3600",
          // The page cache is off here, so tests that change or stop PocketBase see the render;
          // test/worker/page-cache.test.ts turns it on through the Worker's env.
          PAGE_CACHE_FRESH_S: "0",
          PAGE_CACHE_STALE_S: "0",
          // A partner host that appears nowhere in the content, and a listed IP address.
          ALLOWED_REDIRECT_HOSTS: "clicks.network.example, 203.0.113.7",
        },
      },
    }),
  ],
  test: {
    name: "worker",
    include: ["test/worker/**/*.test.ts"],
    globalSetup: ["./test/support/worker-global-setup.mjs"],
    // The files share one PocketBase, which some of them stop and restart.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
