// The failure tests (npm run test:chaos): real Postgres, Redis, nginx and app processes of their
// own, stopped and killed on purpose. One file at a time: each starts its own cluster.
import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "@shared": fileURLToPath(new URL("./shared", import.meta.url)) } },
  test: {
    root: ".",
    include: ["server/**/*.chaos.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
    maxWorkers: 1,
    fileParallelism: false,
  },
});
