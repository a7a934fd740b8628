/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

const shared = fileURLToPath(new URL("./shared", import.meta.url));
// rrule's ESM build (its "module" field) cannot run on Node (its imports have no file extensions),
// so Node loads its CommonJS build. The client bundles that same build, so `import rrule from
// "rrule"` (shared/recurrence.ts) means one module everywhere.
const rruleCommonJs = createRequire(import.meta.url).resolve("rrule");

export default defineConfig({
  root: "client",
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: "@shared", replacement: shared },
      { find: /^rrule$/, replacement: rruleCommonJs },
    ],
  },
  build: { outDir: "../dist/client", emptyOutDir: true, chunkSizeWarningLimit: 600 },
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/phpapi": "http://localhost:3000",
      "/socket.io": { target: "http://localhost:3000", ws: true },
    },
  },
  test: {
    root: ".",
    include: ["server/**/*.test.ts", "shared/**/*.test.ts", "client/src/**/*.test.ts", "bench/**/*.test.ts"],
    // The failure tests run on their own: npm run test:chaos (vitest.chaos.config.ts).
    exclude: ["**/node_modules/**", "**/*.chaos.test.ts"],
    testTimeout: 30000,
    hookTimeout: 180000,
    pool: "forks",
    maxWorkers: 2,
  },
});
