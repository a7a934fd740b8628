import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../../test/harness";
import { makeChannel, makeCall, uploadFile, download } from "./factories";

describe.each(ENGINES)("files: who may read (%s)", (engine) => {
  let app: TestApp;
  let owner: TestUser;
  let friend: TestUser;
  let stranger: TestUser;
  const bytes = crypto.randomBytes(2048);

  beforeAll(async () => {
    app = await startTestApp(engine);
    owner = await makeUser(app);
    friend = await makeUser(app);
    stranger = await makeUser(app, { role: "admin", team_role: "admin" });
  });
  afterAll(() => app?.stop());

  const status = async (u: TestUser, url: string) => (await download(app, u.token, url)).status;

  it("library file: the owner and the people a shared_files row names; 404 for the rest, admins included", async () => {
    const up = await uploadFile(app, owner.token, bytes, { filename: "plan.txt", type: "text/plain" });
    expect(await status(friend, up.body.file_url)).toBe(404);
    await app.ctx.db
      .insertInto("shared_files")
      .values({ name: "plan.txt", file_url: up.body.file_url, created_by: owner.email, shared_with_emails: [friend.email.toUpperCase()] })
      .execute();
    expect(await status(owner, up.body.file_url)).toBe(200);
    expect(await status(friend, up.body.file_url)).toBe(200);
    expect(await status(stranger, up.body.file_url)).toBe(404);
  });

  it("library file: matched by stored_file_id and by a /phpapi link too", async () => {
    const a = await uploadFile(app, owner.token, bytes);
    await app.ctx.db.insertInto("shared_files").values({ name: "a", stored_file_id: a.body.id, created_by: owner.email, shared_with_emails: [friend.email] }).execute();
    expect(await status(friend, a.body.file_url)).toBe(200);
    const b = await uploadFile(app, owner.token, bytes);
    await app.ctx.db.insertInto("shared_files").values({ name: "b", file_url: `/phpapi/files/${b.body.id}?x=1`, created_by: owner.email, shared_with_emails: [friend.email] }).execute();
    expect(await status(friend, b.body.file_url)).toBe(200);
    expect(await status(stranger, b.body.file_url)).toBe(404);
  });

  it("library file: a link made by someone else than the owner grants nothing", async () => {
    const up = await uploadFile(app, owner.token, bytes);
    await app.ctx.db.insertInto("shared_files").values({ name: "mine now", file_url: up.body.file_url, created_by: stranger.email }).execute();
    await app.ctx.db.insertInto("shared_files").values({ name: "also", stored_file_id: up.body.id, created_by: friend.email, shared_with_emails: [stranger.email] }).execute();
    expect(await status(stranger, up.body.file_url)).toBe(404);
    expect(await status(friend, up.body.file_url)).toBe(404);
  });

  it("a file without an owner (owner row gone) cannot be claimed by linking it", async () => {
    const lib = await uploadFile(app, owner.token, bytes);
    const posted = await uploadFile(app, owner.token, bytes, { fields: { upload_type: "messages" } });
    // As a file whose owner was deleted before users were only deactivated.
    await app.ctx.db.updateTable("stored_files").set({ owner_id: null }).where("id", "in", [lib.body.id, posted.body.id]).execute();
    // Through the API, as anyone may: a shared_files row of their own pointing at the file.
    const link = await api(app, stranger.token).post("/api/entities/shared_files", { name: "mine now", file_url: lib.body.file_url, shared_with_emails: [friend.email] });
    expect(link.status).toBe(201);
    await app.ctx.db.insertInto("shared_files").values({ name: "also", stored_file_id: lib.body.id, created_by: friend.email }).execute();
    const pub = await makeChannel(app, { type: "public" });
    await app.ctx.db.insertInto("messages").values({ channel_id: pub.id, sender_id: stranger.user.id, file_url: posted.body.file_url }).execute();
    for (const u of [stranger, friend]) {
      expect(await status(u, lib.body.file_url)).toBe(404);
      expect(await status(u, posted.body.file_url)).toBe(404);
    }
  });

  it("message attachment in a private channel: members yes, others 404", async () => {
    const ch = await makeChannel(app, { type: "private", members: [owner.email, friend.email] });
    const up = await uploadFile(app, owner.token, bytes, { fields: { upload_type: "messages", item_id: String(ch.id) } });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({ upload_type: "messages", item_id: String(ch.id) });
    expect(await status(friend, up.body.file_url)).toBe(200);
    expect(await status(stranger, up.body.file_url)).toBe(404);
  });

  it("message attachment: everyone in a public channel; and via the message that links it", async () => {
    const pub = await makeChannel(app, { type: "public" });
    const up = await uploadFile(app, owner.token, bytes, { fields: { upload_type: "messages", item_id: String(pub.id) } });
    expect(await status(stranger, up.body.file_url)).toBe(200);

    const loose = await uploadFile(app, owner.token, bytes, { fields: { upload_type: "messages" } });
    expect(await status(friend, loose.body.file_url)).toBe(404);
    const priv = await makeChannel(app, { type: "private", members: [owner.email, friend.email] });
    await app.ctx.db
      .insertInto("messages")
      .values({ channel_id: priv.id, sender_id: owner.user.id, message_type: "file", file_url: loose.body.file_url, file_name: "x" })
      .execute();
    expect(await status(friend, loose.body.file_url)).toBe(200);
    expect(await status(stranger, loose.body.file_url)).toBe(404);
    // Re-posting someone else's link in a public channel does not open it up.
    await app.ctx.db.insertInto("messages").values({ channel_id: pub.id, sender_id: stranger.user.id, file_url: loose.body.file_url }).execute();
    expect(await status(stranger, loose.body.file_url)).toBe(404);
  });

  it("refuses to attach to a channel the uploader cannot read (404) and stores nothing", async () => {
    const ch = await makeChannel(app, { type: "private", members: [owner.email] });
    const before = await app.ctx.db.selectFrom("stored_files").select("id").execute();
    const res = await uploadFile(app, friend.token, bytes, { fields: { upload_type: "messages", item_id: String(ch.id) } });
    expect(res.status).toBe(404);
    expect(await app.ctx.db.selectFrom("stored_files").select("id").execute()).toHaveLength(before.length);
    const bad = await uploadFile(app, friend.token, bytes, { fields: { upload_type: "messages", item_id: "general" } });
    expect(bad.status).toBe(404);
  });

  it("profile photo: any signed-in user; must be an image", async () => {
    const up = await uploadFile(app, owner.token, bytes, { filename: "me.png", type: "image/png", fields: { upload_type: "profile_photo" } });
    expect(up.status).toBe(201);
    expect(await status(stranger, up.body.file_url)).toBe(200);
    const cookie = await download(app, undefined, up.body.file_url, { cookie: `ts_token=${friend.token}` });
    expect(cookie.status).toBe(200);
    const notImage = await uploadFile(app, owner.token, bytes, { filename: "me.txt", type: "text/plain", fields: { upload_type: "profile_photo" } });
    expect(notImage).toMatchObject({ status: 400, body: { error: "Please select an image file" } });
  });

  it("recording upload through /files: only for a call one took part in, read by its participants", async () => {
    const call = await makeCall(app, [owner, friend]);
    const up = await uploadFile(app, owner.token, bytes, { filename: "r.webm", type: "video/webm", fields: { upload_type: "recording", item_id: call.call_id } });
    expect(up.status).toBe(201);
    expect(await status(friend, up.body.file_url)).toBe(200);
    expect(await status(stranger, up.body.file_url)).toBe(404);
    const notMine = await uploadFile(app, stranger.token, bytes, { fields: { upload_type: "recording", item_id: call.call_id } });
    expect(notMine.status).toBe(404);
    const noCall = await uploadFile(app, owner.token, bytes, { fields: { upload_type: "recording" } });
    expect(noCall.status).toBe(400);
  });
});
