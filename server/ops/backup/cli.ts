// npm run backup [-- --out FILE]      writes one archive (database, stored files, generated secrets)
// npm run restore -- FILE [--force]   brings a fresh install back to it
// Both read the same configuration as the server (DATABASE_URL or DATA_DIR's embedded database,
// FILE_STORAGE, ...). On the embedded database, stop the server first: PGlite is one process's.
// On Postgres a backup can run beside running nodes (one consistent snapshot).
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../../config";
import { openDb } from "../../db";
import { createStorage } from "../../storage";
import { RestoreRefused, backupFileName, restoreBackupArchive, writeBackupArchive, type BackupSource } from "./archive";

async function open(): Promise<BackupSource & { close: () => Promise<void> }> {
  const config = loadConfig();
  const handle = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, "db"), poolSize: 2 });
  return { db: handle.db, engine: handle.engine, storage: await createStorage(config), dataDir: config.dataDir, close: handle.close };
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { out: { type: "string", short: "o" }, force: { type: "boolean" } } });
  if (command === "backup") {
    const out = path.resolve(values.out ?? backupFileName());
    const src = await open();
    try {
      const m = await writeBackupArchive(src, fs.createWriteStream(out, { mode: 0o600 }));
      const rows = m.tables.reduce((n, t) => n + t.rows, 0);
      console.log(`Backup written to ${out}: ${m.tables.length} tables (${rows} rows), ${m.files.length} files, ${m.secrets.length} secrets`);
    } finally {
      await src.close();
    }
  } else if (command === "restore") {
    const file = positionals[0];
    if (!file || !fs.existsSync(file)) throw new RestoreRefused("Usage: npm run restore -- <backup.tar.gz> [--force]");
    const target = await open();
    try {
      const m = await restoreBackupArchive(target, path.resolve(file), { force: values.force });
      console.log(`Restored ${file} (taken ${m.created_at}): ${m.tables.length} tables, ${m.files.length} files, ${m.secrets.length} secrets`);
    } finally {
      await target.close();
    }
  } else {
    throw new RestoreRefused("Usage: backup [--out FILE] | restore FILE [--force]");
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof RestoreRefused ? err.message : err);
  process.exit(1);
});
