// Factories and helpers for the file tests: rows the file routes depend on, and uploads.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { TestApp, TestUser } from "../../test/harness";

export const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

export async function makeChannel(app: TestApp, fields: { type?: "public" | "private" | "dm"; members?: string[]; name?: string } = {}) {
  return app.ctx.db
    .insertInto("channels")
    .values({ name: fields.name ?? `ch-${crypto.randomBytes(3).toString("hex")}`, type: fields.type ?? "public", members: fields.members ?? [] })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A call between `participants` (the first is the initiator). */
export async function makeCall(app: TestApp, participants: TestUser[]) {
  const call_id = `call_${crypto.randomBytes(6).toString("hex")}`;
  const call = await app.ctx.db
    .insertInto("call_history")
    .values({ call_id, initiator_id: participants[0]?.user.id ?? null, status: "ended" })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (participants.length) {
    await app.ctx.db
      .insertInto("call_participants")
      .values(participants.map((p) => ({ call_id, user_id: p.user.id, status: "joined" as const })))
      .execute();
  }
  return call;
}

export async function makeStorageConfig(app: TestApp, provider: "local" | "aws_s3" | null = "local") {
  return app.ctx.db
    .insertInto("org_storage_config")
    .values({ storage_provider: provider, storage_config: JSON.stringify({ local: { base_path: app.dataDir } }) as unknown as Record<string, unknown>, is_active: provider !== null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface UploadOptions {
  filename?: string;
  type?: string;
  fields?: Record<string, string>;
  field?: string;
  path?: string;
  headers?: Record<string, string>;
}

/** Multipart upload through the real HTTP stack. */
export async function uploadFile(app: TestApp, token: string | undefined, bytes: Uint8Array, opts: UploadOptions = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  form.append(opts.field ?? "file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type: opts.type ?? "application/octet-stream" }), opts.filename ?? "data.bin");
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${app.url}${opts.path ?? "/api/files"}`, { method: "POST", headers, body: form });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** Raw GET returning bytes, for downloads. */
export async function download(app: TestApp, token: string | undefined, p: string, headers: Record<string, string> = {}, method = "GET") {
  const h: Record<string, string> = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  const res = await fetch(`${app.url}${p}`, { method, headers: h });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Every regular file under dataDir/files (temp files included). */
export function filesOnDisk(app: TestApp): string[] {
  const root = path.join(app.dataDir, "files");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}
