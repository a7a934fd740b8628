/// <reference types="vitest/config" />
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";

const shared = fileURLToPath(new URL("./shared", import.meta.url));

export default defineConfig({
  root: "client",
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@shared": shared } },
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
    testTimeout: 30000,
    hookTimeout: 180000,
    pool: "forks",
    maxWorkers: 2,
  },
});
