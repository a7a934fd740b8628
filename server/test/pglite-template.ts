// A migrated, empty PGlite database to start test databases from. A fresh in-memory PGlite runs
// initdb and then every migration: 3-7 s on a small machine, paid by every test file. Loaded
// from a dump of one already migrated, it opens in about a second. The dump is made once per
// set of migrations and PGlite version (its name carries their hash) and kept in the system's
// temporary directory; test files running side by side may each make it, the last rename wins.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { migrate, migrationsDir, openDb } from "../db";

let cached: Promise<Blob> | null = null;

function templatePath(): string {
  const hash = crypto.createHash("sha256");
  // The package's own version (its package.json is not among its exports: found from its entry).
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve("@electric-sql/pglite"));
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  hash.update(fs.readFileSync(path.join(dir, "package.json")));
  for (const f of fs.readdirSync(migrationsDir).sort()) hash.update(f).update(fs.readFileSync(path.join(migrationsDir, f)));
  return path.join(os.tmpdir(), `teamspace-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
}

async function make(file: string): Promise<void> {
  const h = await openDb({});
  try {
    await migrate(h.db);
    const blob = await h.dump!();
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  } finally {
    await h.close();
  }
}

/** The dump of a migrated empty database, made on first use. */
export function pgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = templatePath();
    if (!fs.existsSync(file)) await make(file);
    return new Blob([fs.readFileSync(file)]);
  })();
  return cached;
}
