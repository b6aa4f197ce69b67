import { defineConfig } from "vitest/config";

// The operator's commands against a whole local stack (PocketBase, wrangler dev, a local S3
// server), in Node: the restore with a replay, and the backup drill (test/ops, issue 49).
export default defineConfig({
  test: {
    name: "ops",
    include: ["test/ops/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
