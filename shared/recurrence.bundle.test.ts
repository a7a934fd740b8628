// The client gets shared/recurrence.ts through the bundler, which resolves rrule differently from
// Node: bundled with the app's own Vite config, it must build without a warning and expand rules
// exactly as the server's copy does.
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import * as onServer from "./recurrence";

const root = path.resolve(import.meta.dirname, "..");

describe("recurrence in the client bundle", () => {
  it("bundles without warnings and expands a rule like the server", async () => {
    const warnings: string[] = [];
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-recurrence-"));
    try {
      await build({
        configFile: path.join(root, "vite.config.ts"),
        logLevel: "silent",
        build: {
          outDir,
          emptyOutDir: true,
          minify: false,
          lib: { entry: path.join(root, "shared/recurrence.ts"), formats: ["es"], fileName: "recurrence" },
          rollupOptions: { onwarn: (w) => void warnings.push(`${w.code}: ${w.message}`) },
        },
      });
      expect(warnings).toEqual([]);
      const bundled = (await import(pathToFileURL(path.join(outDir, "recurrence.js")).href)) as typeof onServer;
      // 09:00 in New York every Monday, across the switch to summer time.
      const series = { start: new Date("2027-03-01T14:00:00Z"), end: new Date("2027-03-01T15:00:00Z"), rule: "FREQ=WEEKLY;BYDAY=MO;COUNT=3", exceptions: [] };
      const args = [series, new Date("2027-01-01T00:00:00Z"), new Date("2028-01-01T00:00:00Z"), "America/New_York"] as const;
      const starts = bundled.expand(...args).map((o) => o.start.toISOString());
      expect(starts).toEqual(["2027-03-01T14:00:00.000Z", "2027-03-08T14:00:00.000Z", "2027-03-15T13:00:00.000Z"]);
      expect(starts).toEqual(onServer.expand(...args).map((o) => o.start.toISOString()));
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  });
});
