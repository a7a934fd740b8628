/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { VitePWA } from "vite-plugin-pwa";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

const shared = fileURLToPath(new URL("./shared", import.meta.url));
// rrule's ESM build (its "module" field) cannot run on Node (its imports have no file extensions),
// so Node loads its CommonJS build. The client bundles that same build, so `import rrule from
// "rrule"` (shared/recurrence.ts) means one module everywhere.
const rruleCommonJs = createRequire(import.meta.url).resolve("rrule");

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text file of the build, compressed once at their best
 * levels, which the server sends as they are (server/app.ts; docs/benchmarks.md, "Cold load") instead of
 * compressing each script again for every request.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "teamspace-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (f) => {
          const file = path.join(outDir, f);
          const body = await fs.readFile(file);
          if (body.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
            gzip(body, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The build's id: a hash of everything the bundle is made from (the client's and shared/'s
 * sources, the locked dependencies, this file), so two builds of the same sources on two nodes
 * agree and any change to them gives a new id. It is compiled into the client as __BUILD_ID__
 * and written to build.json, which the server announces in `session.ready`: a tab whose id
 * differs was loaded before a deploy and reloads itself (docs/protocol.md, "Connect and authenticate").
 * Tests do not change the bundle and so do not count. A dev server's client is "dev".
 */
function buildId(): Plugin {
  let id = "dev";
  return {
    name: "teamspace-build-id",
    config(_config, { command }) {
      if (command === "build") {
        const root = path.dirname(fileURLToPath(import.meta.url));
        const files = ["client", "shared"]
          .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)))
          .filter((f) => !/\.test\.tsx?$/.test(f))
          .concat(["package.json", "package-lock.json", "vite.config.ts"].map((f) => path.join(root, f)))
          .map((f) => path.relative(root, f).split(path.sep).join("/"))
          .sort();
        const hash = createHash("sha256");
        for (const f of files) hash.update(`${f}\0`).update(readFileSync(path.join(root, f))).update("\0");
        const version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
        id = `${version}+${hash.digest("hex").slice(0, 16)}`;
      }
      return { define: { __BUILD_ID__: JSON.stringify(id) } };
    },
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "build.json", source: `${JSON.stringify({ id })}\n` });
    },
  };
}

/**
 * The entry (client/src/main.tsx) imports the app (client/src/app/start.tsx) dynamically, so that
 * it can start the first screen's requests before the app's JavaScript has been compiled and run.
 * The app's chunks are still fetched from the start, in parallel with the entry's: index.html
 * names them as modulepreloads, as it names the entry's own static imports (docs/benchmarks.md, "Cold load").
 */
function preloadApp(): Plugin {
  return {
    name: "teamspace-preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === "chunk");
        const app = chunks.find((c) => c.moduleIds.some((id) => id.endsWith("/client/src/app/start.tsx")));
        if (!app) throw new Error("preloadApp: no chunk holds client/src/app/start.tsx");
        const files = new Set<string>();
        const visit = (name: string) => {
          const chunk = bundle[name];
          if (files.has(name) || !chunk || chunk.type !== "chunk") return;
          files.add(name);
          chunk.imports.forEach(visit);
        };
        visit(app.fileName);
        const named = new Set([...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
        return [...files]
          .filter((f) => !named.has(f))
          .map((f) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: true, href: `/${f}` }, injectTo: "head" as const }));
      },
    },
  };
}

export default defineConfig({
  root: "client",
  plugins: [
    react(),
    tailwindcss(),
    buildId(),
    preloadApp(),
    // The installable app (docs/notifications.md, "The installable app"): the manifest, and the one
    // service worker (client/sw/sw.ts, also Web Push's) with the built files to precache written in.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Teamspace",
        short_name: "Teamspace",
        description: "Chat, tasks, calendar, calls and files for your team",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#ffffff",
        theme_color: "#6366f1",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        // The shell and the Chat page (its entry, the app, the shared controls, the style, the Latin
        // text face); every other built file is kept once used (sw.ts). A first install that
        // fetched every page would compete with whatever the page is doing then (a call, say).
        globPatterns: ["index.html", "manifest.webmanifest", "favicon.svg", "icons/*.png", "assets/index-*.{js,css}", "assets/app-*.js", "assets/controls-*.js", "assets/ChatPage-*.js", "assets/inter-latin-wght-*.woff2"],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: [
      { find: "@shared", replacement: shared },
      { find: /^rrule$/, replacement: rruleCommonJs },
    ],
  },
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Over HTTP/1.1 a browser sends six requests to the server at a time, and on a small
          // machine each file costs a turn (docs/benchmarks.md, "Cold load"). So the first screen waits on few:
          // - the entry with everything it imports statically is one file: it runs (and starts the
          //   first screen's requests) as soon as that one file has arrived;
          // - the app (start.tsx with all it imports statically: React, the shell, the stores) is
          //   one more, fetched beside it;
          // - a page loaded later (Chat, Tasks...) takes its icons and shared controls from one
          //   file, not from a small file for each.
          groups: [
            { name: "entry", tags: ["$initial"] },
            { name: "app", test: /client[\\/]src[\\/]app[\\/]start\.tsx$/ },
            { name: "controls", test: /node_modules[\\/]lucide-react[\\/]|client[\\/]src[\\/]ui[\\/]|node_modules[\\/]@radix-ui[\\/]/ },
          ],
        },
      },
    },
  },
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
