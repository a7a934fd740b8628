import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { sha256, uploadFile, download, filesOnDisk } from "./factories";

describe.each(ENGINES)("files: upload and download (%s)", (engine) => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const bytes = crypto.randomBytes(50_000);
  let file: { id: string; file_url: string; checksum_sha256: string; size_bytes: number };

  beforeAll(async () => {
    app = await startTestApp(engine);
    owner = await makeUser(app);
    other = await makeUser(app);
    const res = await uploadFile(app, owner.token, bytes, { filename: "report.bin" });
    expect(res.status).toBe(201);
    file = res.body;
  });
  afterAll(() => app?.stop());

  it("answers an upload with the stored metadata and the SHA-256 of the bytes", async () => {
    expect(file).toMatchObject({
      file_url: `/api/files/${file.id}`,
      original_filename: "report.bin",
      mime_type: "application/octet-stream",
      size_bytes: bytes.length,
      checksum_sha256: sha256(bytes),
      upload_type: "file_library",
      item_id: null,
    });
    expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
    const row = await app.ctx.db.selectFrom("stored_files").selectAll().where("id", "=", file.id).executeTakeFirstOrThrow();
    expect(row.owner_id).toBe(owner.user.id);
    expect(row.storage_backend).toBe("local");
    expect(row.storage_key).toMatch(new RegExp(`^\\d{4}/\\d{2}/${file.id}$`));
  });

  it("downloads the same bytes, with the file headers", async () => {
    for (const base of ["/api", "/phpapi"]) {
      const res = await download(app, owner.token, `${base}/files/${file.id}`);
      expect(res.status).toBe(200);
      expect(sha256(res.bytes)).toBe(file.checksum_sha256);
      expect(sha256(res.bytes)).toBe(sha256(bytes));
      expect(res.headers.get("content-type")).toBe("application/octet-stream");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="report.bin"/);
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("etag")).toBe(`"${file.checksum_sha256}"`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-length")).toBe(String(bytes.length));
    }
  });

  it("serves ranges: a-b, a-, suffix; 416 when unsatisfiable; several ranges get the whole file", async () => {
    const size = bytes.length;
    const mid = await download(app, owner.token, file.file_url, { range: "bytes=100-199" });
    expect(mid.status).toBe(206);
    expect(mid.headers.get("content-range")).toBe(`bytes 100-199/${size}`);
    expect(Buffer.from(mid.bytes).equals(bytes.subarray(100, 200))).toBe(true);

    const open = await download(app, owner.token, file.file_url, { range: `bytes=${size - 10}-` });
    expect(open.status).toBe(206);
    expect(Buffer.from(open.bytes).equals(bytes.subarray(size - 10))).toBe(true);

    const suffix = await download(app, owner.token, file.file_url, { range: "bytes=-25" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 25}-${size - 1}/${size}`);
    expect(Buffer.from(suffix.bytes).equals(bytes.subarray(size - 25))).toBe(true);

    const clipped = await download(app, owner.token, file.file_url, { range: `bytes=${size - 5}-${size + 1000}` });
    expect(clipped.status).toBe(206);
    expect(clipped.bytes.length).toBe(5);

    const beyond = await download(app, owner.token, file.file_url, { range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);

    const many = await download(app, owner.token, file.file_url, { range: "bytes=0-1,5-9" });
    expect(many.status).toBe(200);
    expect(many.bytes.length).toBe(size);
  });

  it("answers HEAD with the headers only, and 304 for a matching ETag", async () => {
    const head = await download(app, owner.token, file.file_url, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(bytes.length));
    expect(head.bytes.length).toBe(0);
    const again = await download(app, owner.token, file.file_url, { "if-none-match": `"${file.checksum_sha256}"` });
    expect(again.status).toBe(304);
  });

  it("requires sign-in: 401 without a token for upload and download", async () => {
    expect((await uploadFile(app, undefined, bytes)).status).toBe(401);
    const res = await api(app).get(file.file_url);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Not authenticated" });
  });

  it("accepts the ts_token cookie for GET but not for POST", async () => {
    const cookie = { cookie: `ts_token=${encodeURIComponent(owner.token)}` };
    const res = await download(app, undefined, file.file_url, cookie);
    expect(res.status).toBe(200);
    expect(sha256(res.bytes)).toBe(file.checksum_sha256);
    expect((await uploadFile(app, undefined, bytes, { headers: cookie })).status).toBe(401);
    const b64 = await api(app).post("/api/files", { original_filename: "a.txt", data_base64: "aGk=" }, cookie);
    expect(b64.status).toBe(401);
  });

  it("is 404, never 403, for someone it is not shared with and for unknown ids", async () => {
    expect((await download(app, other.token, file.file_url)).status).toBe(404);
    expect((await download(app, other.token, `/api/files/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await download(app, owner.token, "/api/files/not-a-uuid")).status).toBe(404);
  });

  it("derives the type from the extension, shows images inline, forces download with ?download=1", async () => {
    const pdf = await uploadFile(app, owner.token, Buffer.from("%PDF-1.4"), { filename: "notes.PDF", type: "" });
    expect(pdf.body.mime_type).toBe("application/pdf");
    const png = await uploadFile(app, owner.token, Buffer.from([0x89, 0x50, 0x4e, 0x47]), { filename: "pic.png", type: "image/png" });
    const shown = await download(app, owner.token, png.body.file_url);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("content-disposition")).toMatch(/^inline;/);
    const forced = await download(app, owner.token, `${png.body.file_url}?download=1`);
    expect(forced.headers.get("content-disposition")).toMatch(/^attachment;/);
    const unknown = await uploadFile(app, owner.token, Buffer.from("x"), { filename: "thing.qqq", type: "" });
    expect(unknown.body.mime_type).toBe("application/octet-stream");
  });

  it("never serves uploaded HTML or SVG as a page of the app", async () => {
    const html = await uploadFile(app, owner.token, Buffer.from("<script>alert(1)</script>"), { filename: "x.html", type: "text/html" });
    const res = await download(app, owner.token, html.body.file_url);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(res.headers.get("content-security-policy")).toMatch(/sandbox/);
    const svg = await uploadFile(app, owner.token, Buffer.from("<svg/>"), { filename: "x.svg", type: "image/svg+xml" });
    expect((await download(app, owner.token, svg.body.file_url)).headers.get("content-disposition")).toMatch(/^attachment;/);
  });

  it("keeps a non-ASCII file name, safely encoded, and strips directories", async () => {
    const res = await uploadFile(app, owner.token, Buffer.from("hello"), { filename: "Bericht über \"Q3\".txt", type: "text/plain" });
    expect(res.status).toBe(201);
    expect(res.body.original_filename).toBe('Bericht über "Q3".txt');
    const dl = await download(app, owner.token, res.body.file_url);
    const cd = dl.headers.get("content-disposition")!;
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent('Bericht über "Q3".txt')}`);
    expect(cd).toMatch(/filename="Bericht _ber _Q3_.txt"/);
    const nested = await uploadFile(app, owner.token, Buffer.from("x"), { filename: "../../etc/passwd" });
    expect(nested.body.original_filename).toBe("passwd");
  });

  it("stores an empty file", async () => {
    const res = await uploadFile(app, owner.token, new Uint8Array(0), { filename: "empty.txt", type: "text/plain" });
    expect(res.status).toBe(201);
    expect(res.body.size_bytes).toBe(0);
    expect(res.body.checksum_sha256).toBe(sha256(new Uint8Array(0)));
    const dl = await download(app, owner.token, res.body.file_url);
    expect(dl.status).toBe(200);
    expect(dl.bytes.length).toBe(0);
    expect((await download(app, owner.token, res.body.file_url, { range: "bytes=0-" })).status).toBe(416);
  });

  it("round-trips the documented base64 body", async () => {
    const data = crypto.randomBytes(3000);
    const res = await api(app, owner.token).post("/api/files", {
      upload_type: "file_library",
      original_filename: "blob.dat",
      data_base64: data.toString("base64"),
    });
    expect(res.status).toBe(201);
    expect(res.body.checksum_sha256).toBe(sha256(data));
    expect(res.body.mime_type).toBe("application/octet-stream");
    const dl = await download(app, owner.token, res.body.file_url);
    expect(Buffer.from(dl.bytes).equals(data)).toBe(true);
    const dataUrl = await api(app, owner.token).post("/phpapi/files", { original_filename: "x", data_base64: `data:image/gif;base64,${data.toString("base64")}` });
    expect(dataUrl.body.mime_type).toBe("image/gif");
  });

  it("refuses bad base64, a missing file and a bad upload_type with 400, storing nothing", async () => {
    const before = filesOnDisk(app).length;
    const bad = await api(app, owner.token).post("/api/files", { original_filename: "a.txt", data_base64: "not base64!!" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/base64/);
    const none = await api(app, owner.token).post("/api/files", { original_filename: "a.txt" });
    expect(none).toMatchObject({ status: 400, body: { error: "file is required" } });
    const form = new FormData();
    form.append("upload_type", "file_library");
    const noFile = await api(app, owner.token).post("/api/files", form);
    expect(noFile).toMatchObject({ status: 400, body: { error: "file is required" } });
    const wrongType = await uploadFile(app, owner.token, Buffer.from("x"), { fields: { upload_type: "bogus" } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatch(/upload_type/);
    const wrongField = await uploadFile(app, owner.token, Buffer.from("x"), { field: "upload" });
    expect(wrongField.status).toBe(400);
    expect(filesOnDisk(app).length).toBe(before);
  });
});

describe.each(ENGINES)("files: size limit (%s)", (engine) => {
  let app: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    app = await startTestApp(engine, { maxUploadBytes: 1024 });
    user = await makeUser(app);
  });
  afterAll(() => app?.stop());

  it("accepts exactly the limit", async () => {
    const res = await uploadFile(app, user.token, crypto.randomBytes(1024));
    expect(res.status).toBe(201);
    expect(res.body.size_bytes).toBe(1024);
  });

  it("answers 413 above it and leaves no row and no bytes behind", async () => {
    const rowsBefore = await app.ctx.db.selectFrom("stored_files").select("id").execute();
    const diskBefore = filesOnDisk(app);
    for (const size of [1025, 200_000]) {
      const res = await uploadFile(app, user.token, crypto.randomBytes(size));
      expect(res.status).toBe(413);
      expect(res.body.error).toBe("File too large (max 1 KB)");
    }
    const b64 = await api(app, user.token).post("/api/files", { original_filename: "a", data_base64: crypto.randomBytes(1025).toString("base64") });
    expect(b64.status).toBe(413);
    expect(b64.body.error).toMatch(/^File too large/);
    expect(await app.ctx.db.selectFrom("stored_files").select("id").execute()).toEqual(rowsBefore);
    expect(filesOnDisk(app)).toEqual(diskBefore);
  });
});
