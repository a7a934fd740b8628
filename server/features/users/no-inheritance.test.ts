// Ownership is recorded as e-mail text, so a new account with a former user's e-mail would
// inherit their notes, channels and files. A deactivated user's e-mail can start no new account,
// by any path, and nobody else reads what was theirs.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import crypto from "node:crypto";
import { ENGINES, startTestApp, makeUser, api, countRows, makeChannel, makeNote, type TestApp, type TestUser } from "../../test/harness";
import { uploadFile, download } from "../files/factories";

describe.each(ENGINES)("users: a deactivated user's e-mail and rows are never inherited (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", team_role: "admin" });
    member = await makeUser(app);
  }, 240_000);
  afterAll(() => app?.stop(), 60_000);

  it("refuses the e-mail on admin create, invitation and invitation acceptance; nobody reads the old rows", async () => {
    const email = `leaver.${crypto.randomBytes(3).toString("hex")}@example.test`;
    // An invitation sent before the account existed, still unaccepted when the user leaves.
    const inv = await api(app, member.token).post("/api/invitations", { email });
    expect(inv.status).toBe(201);
    const leaver = await makeUser(app, { email });
    const L = api(app, leaver.token);
    const note = await L.post("/api/entities/notes", { topic: "Private", content: "salary thoughts" });
    expect(note.status).toBe(201);
    const channel = await makeChannel(app, { type: "private", members: [email, admin.email] });
    const up = await uploadFile(app, leaver.token, crypto.randomBytes(512), { filename: "cv.txt", type: "text/plain" });
    expect(up.status).toBe(201);
    const shared = await L.post("/api/entities/shared_files", { name: "cv.txt", file_url: up.body.file_url, stored_file_id: up.body.id });
    expect(shared.status).toBe(201);
    // A note of someone else, to show the list is not simply empty.
    await makeNote(app, member.email, { topic: "Mine" });

    expect((await api(app, admin.token).delete(`/api/entities/users/${leaver.user.id}`)).status).toBe(200);
    const users = await countRows(app, "users");

    const taken = "This email belongs to a deactivated account; an admin can reactivate it";
    for (const variant of [email, email.toUpperCase(), ` ${email} `]) {
      const created = await api(app, admin.token).post("/api/entities/users", { email: variant, password: "long-password" });
      expect(created).toMatchObject({ status: 409, body: { error: `Insert failed: ${taken.charAt(0).toLowerCase()}${taken.slice(1)}` } });
      const invited = await api(app, member.token).post("/api/invitations", { email: variant });
      expect(invited).toMatchObject({ status: 409, body: { error: taken } });
    }
    const accepted = await api(app).post("/api/auth/accept-invite", { token: inv.body.token, full_name: "Impostor", password: "long-password" });
    expect(accepted.status).toBe(409);
    expect(accepted.body.error).toBe(taken);
    expect(await countRows(app, "users")).toBe(users);
    // An active account's e-mail is refused the same way.
    expect((await api(app, member.token).post("/api/invitations", { email: member.email })).body).toEqual({ error: "A user with this email already exists" });

    // Nobody else reads the deactivated user's rows: not their notes, files or private channel.
    for (const reader of [member, admin]) {
      const R = api(app, reader.token);
      const notes = await R.get<{ id: number }[]>("/api/entities/notes");
      expect(notes.body.map((n) => n.id)).not.toContain(note.body.id);
      expect((await R.get(`/api/entities/notes/${note.body.id}`)).status).toBe(404);
      expect((await download(app, reader.token, up.body.file_url)).status).toBe(404);
      expect((await R.get(`/api/entities/shared_files/${shared.body.id}`)).status).toBe(404);
    }
    expect((await api(app, member.token).get(`/api/entities/channels/${channel.id}`)).status).toBe(404);
    // The rows are still theirs, untouched.
    const stored = await app.ctx.db.selectFrom("notes").select("created_by").where("id", "=", note.body.id).executeTakeFirstOrThrow();
    expect(stored.created_by).toBe(email);
    // And the old token opens nothing.
    expect((await L.get("/api/entities/notes")).status).toBe(401);
  });
});
