import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    include: ["test/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./test/support/e2e-global-setup.mjs"],
    fileParallelism: false,
    testTimeout: 45_000,
    // Polls wait for the browser; CI machines are slow and share two cores.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
