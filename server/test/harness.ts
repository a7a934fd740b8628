// Integration-test harness: a real app on an ephemeral port over a real database,
// either embedded PGlite (in memory) or a fresh database on the Postgres at TEST_DATABASE_URL.
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { Writable } from "node:stream";
import pg from "pg";
import { pino } from "pino";
import { loadConfig, type Config } from "../config";
import { openDb, type DbHandle } from "../db";
import { startApp, type RunningApp } from "../app";
import { hashPassword } from "../auth/passwords";
import type { User } from "../db/schema";
import type { AppContext } from "../context";
import type { EntityTable } from "@shared/entities";
import { ChangeLog, publishChanges } from "../feed/changelog";
import { pgliteTemplate } from "./pglite-template";

export type Engine = "pglite" | "postgres";

/** The engines integration tests run against: PGlite always, Postgres when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** Creates an empty database on the test server and returns its URL. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp extends RunningApp {
  engine: Engine;
  config: Config;
  dataDir: string;
  stop: () => Promise<void>;
}

/** `logTo` receives the app's log lines (pass `LOG_LEVEL` in `env` too); without it the app logs nothing. */
export async function startTestApp(engine: Engine, overrides: Partial<Config> = {}, env: Record<string, string> = {}, logTo?: Writable): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ts-test-"));
  let handle: DbHandle;
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (engine === "postgres") {
    const t = await createTestDatabase();
    databaseUrl = t.url;
    drop = t.drop;
    handle = await openDb({ databaseUrl, poolSize: 5 });
  } else {
    handle = await openDb({ pgliteDump: await pgliteTemplate() });
  }
  const config = loadConfig(
    { LOG_LEVEL: "silent", DATA_DIR: dataDir, PORT: "0", HOST: "127.0.0.1", JWT_SECRET: "test-secret-test-secret-123456", ...env },
    { seedDemo: false, databaseUrl, ...overrides },
  );
  const logger = logTo ? pino({ level: config.logLevel }, logTo) : pino({ level: "silent" });
  const app = await startApp({ config, dbHandle: handle, logger });
  return {
    ...app,
    engine,
    config,
    dataDir,
    stop: async () => {
      await app.close();
      await handle.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface LoggedTestApp extends TestApp {
  /** Every log line written so far, as JSON text. */
  lines: string[];
  /** Resolves with the first line (already written or still to come) that passes `match`. */
  waitForLine: (match: (line: string) => boolean, timeoutMs?: number) => Promise<string>;
}

/** A real app at LOG_LEVEL info whose log lines (the real pino output) are captured. */
export async function startLoggedApp(engine: Engine): Promise<LoggedTestApp> {
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(chunk.toString());
      for (const w of waiters) w();
      cb();
    },
  });
  const app = await startTestApp(engine, {}, { LOG_LEVEL: "info" }, stream);
  const waitForLine = (match: (line: string) => boolean, timeoutMs = 5000) =>
    new Promise<string>((resolve, reject) => {
      const check = () => {
        const hit = lines.find(match);
        if (hit === undefined) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error("no such log line"));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  return { ...app, lines, waitForLine };
}

export interface TestUser {
  user: User;
  token: string;
  email: string;
  password: string;
}

let counter = 0;

/** Factory: a user row plus a signed-in token. */
export async function makeUser(
  app: TestApp,
  fields: Partial<Pick<User, "role" | "team_role" | "full_name" | "user_status" | "show_online_status" | "job_title">> & { email?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const email = fields.email ?? `user${counter}.${crypto.randomBytes(3).toString("hex")}@example.test`;
  const password = "password-123";
  const user = await app.ctx.db
    .insertInto("users")
    .values({ full_name: `Test User ${counter}`, ...fields, email, password_hash: await hashPassword(password) })
    .returningAll()
    .executeTakeFirstOrThrow();
  const res = await fetch(`${app.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { accessToken: string };
  return { user, token: body.accessToken, email, password };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small JSON client for tests: `api(app, token).get("/api/...")`. */
export function api(app: { url: string }, token?: string) {
  const call = async <T = any>(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> => {
    const h: Record<string, string> = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (typeof body === "string" || body instanceof Uint8Array || body instanceof FormData || body instanceof URLSearchParams) {
      payload = body as BodyInit;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      h["content-type"] ??= "application/json";
    }
    const res = await fetch(`${app.url}${p}`, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
  return {
    get: <T = any>(p: string, headers?: Record<string, string>) => call<T>("GET", p, undefined, headers),
    post: <T = any>(p: string, body?: unknown, headers?: Record<string, string>) => call<T>("POST", p, body, headers),
    patch: <T = any>(p: string, body?: unknown, headers?: Record<string, string>) => call<T>("PATCH", p, body, headers),
    delete: <T = any>(p: string, headers?: Record<string, string>) => call<T>("DELETE", p, undefined, headers),
  };
}

// ---- Entity factories (rows inserted directly, bypassing the API and its policies) ----

type EntityTableName = "users" | "messages" | "notes" | "tasks" | "resources" | "channels" | "shared_files" | "calendar_events" | "approval_requests" | "org_storage_config";

/** How many rows a table holds: for asserting that a refused write wrote nothing. */
export async function countRows(app: TestApp, table: EntityTableName): Promise<number> {
  const r = await app.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}

type Fields = Record<string, any>;
const insertRow = async (app: TestApp, table: EntityTableName, values: Fields): Promise<any> =>
  (app.ctx.db as any).insertInto(table).values(values).returningAll().executeTakeFirstOrThrow();

export function makeChannel(app: TestApp, fields: Fields = {}) {
  counter += 1;
  return insertRow(app, "channels", { name: `channel-${counter}`, type: "public", members: [], ...fields });
}

export function makeMessage(app: TestApp, channelId: number, sender: TestUser, fields: Fields = {}) {
  return insertRow(app, "messages", {
    channel_id: channelId,
    content: "hello",
    sender_id: sender.user.id,
    sender_name: sender.user.full_name,
    sender_email: sender.email,
    ...fields,
  });
}

export function makeTask(app: TestApp, fields: Fields = {}) {
  counter += 1;
  return insertRow(app, "tasks", { title: `Task ${counter}`, ...fields });
}

export function makeEvent(app: TestApp, createdBy: string, fields: Fields = {}) {
  return insertRow(app, "calendar_events", {
    title: "Event",
    start_datetime: "2030-01-01 09:00:00",
    end_datetime: "2030-01-01 10:00:00",
    created_by: createdBy,
    ...fields,
  });
}

export function makeNote(app: TestApp, createdBy: string, fields: Fields = {}) {
  return insertRow(app, "notes", { topic: "Topic", content: "Content", created_by: createdBy, ...fields });
}

export function makeApproval(app: TestApp, createdBy: string, fields: Fields = {}) {
  return insertRow(app, "approval_requests", { title: "Request", description: "Please", created_by: createdBy, ...fields });
}

export function makeSharedFile(app: TestApp, createdBy: string | null, fields: Fields = {}) {
  return insertRow(app, "shared_files", { name: "file.txt", created_by: createdBy, ...fields });
}

export function makeResource(app: TestApp, fields: Fields = {}) {
  return insertRow(app, "resources", { title: "Wiki", url: "https://example.com/wiki", ...fields });
}

export function makeStorageConfig(app: TestApp, fields: Fields = {}) {
  return insertRow(app, "org_storage_config", { storage_provider: "local", storage_config: JSON.stringify({ local: { base_path: "/tmp/rec" } }), is_active: true, ...fields });
}

/**
 * What a command does after writing rows itself: stores the change record and publishes it (for
 * tests that set up rows directly and then need the change pushed).
 */
export async function publishChange(
  ctx: AppContext,
  table: EntityTable,
  op: "create" | "update" | "delete",
  id: number,
  row: object | null,
  before: object | null = null,
): Promise<void> {
  const log = new ChangeLog();
  log.add(table, op, id, row, before);
  await log.write(ctx.db);
  publishChanges(ctx, log.changes);
}
