// Backup and restore round trips (docs/operations.md, "Backup and restore"): an install with the demo data,
// uploads and a generated secret is backed up (the Admin Database tab's download on PGlite,
// `npm run backup` on Postgres) and restored with `npm run restore` into a fresh install; every
// table, every sequence, every stored file and every secret must come back identical.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { ENGINES, api, createTestDatabase, makeUser, startTestApp, type TestApp, type TestUser } from "../../test/harness";
import { openDb, type Db, type DbHandle } from "../../db";
import { seed } from "../../seed/index";
import { sha256, uploadFile } from "../../features/files/factories";
import { root } from "../../test/net";
import { LocalStorage } from "../../storage/local";
import { restoreBackupArchive } from "./archive";
import { localDay } from "../../features/presence/time-off";

const run = promisify(execFile);
const SECRET = "backup-test-secret-0123456789";

/** `npm run backup|restore` as an admin runs it, with the server's configuration in the environment. */
function cli(args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", "server/ops/backup/cli.ts", ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "silent", JWT_SECRET: SECRET, ...env },
  });
}

async function tables(db: Db): Promise<string[]> {
  const r = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db);
  return r.rows.map((x) => x.name);
}

// Migrations are run, not copied, by a restore: their names must match, their run times cannot.
const BOOKKEEPING = new Set(["kysely_migration", "kysely_migration_lock"]);

/** Every row of a table in Postgres' JSON form, in a fixed order. */
async function rowsOf(db: Db, table: string): Promise<string[]> {
  const r = await sql<{ r: string }>`select to_jsonb(t)::text as r from ${sql.table(table)} t order by 1`.execute(db);
  return r.rows.map((x) => x.r);
}

async function sequencesOf(db: Db) {
  return (await sql<{ name: string; value: string | null }>`select sequencename as name, last_value::text as value from pg_sequences where schemaname = current_schema() order by 1`.execute(db)).rows;
}

async function expectSameInstall(src: { db: Db; dataDir: string }, dst: { db: Db; dataDir: string }) {
  const names = await tables(src.db);
  expect(await tables(dst.db)).toEqual(names);
  let compared = 0;
  const migrationNames = (db: Db) => db.selectFrom("kysely_migration" as never).select("name" as never).orderBy("name" as never).execute();
  expect(await migrationNames(dst.db)).toEqual(await migrationNames(src.db));
  for (const t of names.filter((n) => !BOOKKEEPING.has(n))) {
    const [a, b] = await Promise.all([rowsOf(src.db, t), rowsOf(dst.db, t)]);
    expect(b, `table ${t}`).toEqual(a);
    compared += a.length;
  }
  expect(compared).toBeGreaterThan(50);
  expect(await sequencesOf(dst.db)).toEqual(await sequencesOf(src.db));
  const keys = (await src.db.selectFrom("stored_files").select("storage_key").execute()).map((r) => r.storage_key);
  expect(keys.length).toBeGreaterThan(1);
  for (const key of keys) {
    expect(sha256(fs.readFileSync(path.join(dst.dataDir, "files", key))), key).toBe(sha256(fs.readFileSync(path.join(src.dataDir, "files", key))));
  }
  expect(fs.readFileSync(path.join(dst.dataDir, "jwt-secret"), "utf8")).toBe(fs.readFileSync(path.join(src.dataDir, "jwt-secret"), "utf8"));
}

describe.each(ENGINES)("backup and restore round trip (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "ts-backup-test-"));
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    app = await startTestApp(engine);
    await seed({ ...app.ctx, config: { ...app.ctx.config, seedDemo: true } });
    admin = await makeUser(app, { role: "admin" });
    for (const [name, bytes] of [
      ["notes.txt", Buffer.from("meeting notes\n")],
      ["photo.bin", crypto.randomBytes(200_000)],
    ] as const) {
      expect((await uploadFile(app, admin.token, bytes, { filename: name })).status).toBe(201);
    }
    // The presence service takes the day's Time Off turn a grace period after start, writing
    // app_settings: let it, so the install is at rest when it is backed up and compared.
    const deadline = Date.now() + 60_000;
    while ((await sql<{ day: string }>`select value #>> '{}' as day from app_settings where key = 'time_off_presence_day'`.execute(app.ctx.db)).rows[0]?.day !== localDay()) {
      if (Date.now() > deadline) throw new Error("the day's Time Off turn was never taken");
      await new Promise((r) => setTimeout(r, 100));
    }
    // The secret the embedded mode generates beside its data.
    fs.writeFileSync(path.join(app.dataDir, "jwt-secret"), crypto.randomBytes(48).toString("base64url"), { mode: 0o600 });
  }, 120_000);

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await app?.stop();
    fs.rmSync(temp, { recursive: true, force: true });
  });

  it("restores every table, sequence, file and secret into a fresh install", async () => {
    const archive = path.join(temp, "backup.tar.gz");
    const targetDir = path.join(temp, "restored");
    let target: DbHandle;
    if (engine === "pglite") {
      // The Admin Database tab's download...
      const res = await fetch(`${app.url}/api/admin/database/backup`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/gzip");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="teamspace-backup-.*\.tar\.gz"$/);
      fs.writeFileSync(archive, Buffer.from(await res.arrayBuffer()));
      // ...restored by `npm run restore` into a fresh embedded install.
      const { stdout } = await cli(["restore", archive], { DATA_DIR: targetDir });
      expect(stdout).toMatch(/^Restored /);
      target = await openDb({ pgliteDir: path.join(targetDir, "db") });
    } else {
      const src = app.config.databaseUrl!;
      const { stdout } = await cli(["backup", "--out", archive], { DATABASE_URL: src, DATA_DIR: app.dataDir });
      expect(stdout).toMatch(/^Backup written to /);
      const fresh = await createTestDatabase();
      cleanups.push(fresh.drop);
      await cli(["restore", archive], { DATABASE_URL: fresh.url, DATA_DIR: targetDir });
      target = await openDb({ databaseUrl: fresh.url, poolSize: 2 });
    }
    cleanups.push(() => target.close());
    await expectSameInstall({ db: app.ctx.db, dataDir: app.dataDir }, { db: target.db, dataDir: targetDir });

    // An install that already has accounts (the one just restored) is not overwritten by mistake.
    const again = restoreBackupArchive({ db: target.db, engine, storage: new LocalStorage(path.join(targetDir, "files")), dataDir: targetDir }, archive);
    await expect(again).rejects.toThrow(/already has accounts/);
  }, 300_000);

  it("refuses a backup download to members", async () => {
    const member = await makeUser(app);
    expect((await api(app, member.token).get("/api/admin/database/backup")).status).toBe(403);
  });
});
