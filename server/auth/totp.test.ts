// Two-step sign-in (docs/authentication.md, "Two-step sign-in"), on both database engines.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { SignJWT } from "jose";
import { generate } from "otplib";
import { ENGINES, startTestApp, startLoggedApp, makeUser, api, type TestApp, type LoggedTestApp, type TestUser } from "../test/harness";
import { TOTP_MESSAGES } from "@shared/two-step";
import { onEntityEvents } from "../entities/events";

const STEP = 30;

/** Waits until the current 30 s step has at least 3 s left, so a code computed now is judged in the same step. */
async function safeMoment(): Promise<void> {
  const into = (Date.now() / 1000) % STEP;
  if (into > STEP - 3) await new Promise((r) => setTimeout(r, (STEP - into + 0.2) * 1000));
}

/** The code of the current step plus `offset` steps. */
function codeAt(secret: string, offset = 0): Promise<string> {
  const step = Math.floor(Date.now() / 1000 / STEP) + offset;
  return generate({ secret, epoch: step * STEP + 1 });
}

interface Enrolled {
  secret: string;
  recovery: string[];
}

/** Turns TOTP on for `u` with the previous step's code, leaving the current and next steps unused. */
async function enrol(app: TestApp, u: TestUser): Promise<Enrolled> {
  await safeMoment();
  const setup = await api(app, u.token).post("/api/auth/totp/setup", {});
  expect(setup.status).toBe(200);
  const confirm = await api(app, u.token).post("/api/auth/totp/confirm", { enrolment: setup.body.enrolment, code: await codeAt(setup.body.secret, -1) });
  expect(confirm.status).toBe(200);
  return { secret: setup.body.secret, recovery: confirm.body.recovery_codes };
}

async function passwordStep(app: TestApp, u: { email: string; password: string }) {
  return api(app).post("/api/auth/login", { email: u.email, password: u.password });
}

const stored = (app: TestApp, id: number) =>
  app.ctx.db.selectFrom("users").select(["totp_secret", "totp_last_step", "totp_recovery_hashes"]).where("id", "=", id).executeTakeFirstOrThrow();

describe.each(ENGINES)("two-step sign-in (%s)", (engine) => {
  let app: LoggedTestApp;
  beforeAll(async () => {
    app = await startLoggedApp(engine);
  });
  afterAll(() => app?.stop());

  it("enrols: a secret with its otpauth URI and QR code, a wrong code refused with nothing stored, then ten recovery codes", async () => {
    const u = await makeUser(app);
    expect((await api(app, u.token).get("/api/auth/totp")).body).toEqual({ enabled: false, recovery_codes_left: 0, required: false });
    const setup = await api(app, u.token).post("/api/auth/totp/setup", {});
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
    expect(setup.body.uri).toContain(u.email.split("@")[0]);
    expect(setup.body.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Nothing is stored before the confirmation.
    expect((await stored(app, u.user.id)).totp_secret).toBeNull();

    const wrong = await api(app, u.token).post("/api/auth/totp/confirm", { enrolment: setup.body.enrolment, code: "000000" === (await codeAt(setup.body.secret)) ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(TOTP_MESSAGES.wrongCode);
    expect(await stored(app, u.user.id)).toEqual({ totp_secret: null, totp_last_step: null, totp_recovery_hashes: null });

    // Another person's enrolment is not this person's.
    const other = await makeUser(app);
    const foreign = await api(app, other.token).post("/api/auth/totp/confirm", { enrolment: setup.body.enrolment, code: await codeAt(setup.body.secret) });
    expect(foreign.status).toBe(400);
    expect((await stored(app, other.user.id)).totp_secret).toBeNull();

    await safeMoment();
    const ok = await api(app, u.token).post("/api/auth/totp/confirm", { enrolment: setup.body.enrolment, code: await codeAt(setup.body.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_codes).toHaveLength(10);
    expect(new Set(ok.body.recovery_codes).size).toBe(10);
    const row = await stored(app, u.user.id);
    expect(row.totp_secret).toBe(setup.body.secret);
    expect(row.totp_recovery_hashes).toHaveLength(10);
    // Hashed: no code is stored as itself.
    for (const c of ok.body.recovery_codes as string[]) expect(JSON.stringify(row)).not.toContain(c.replace(/-/g, ""));
    expect((await api(app, u.token).get("/api/auth/totp")).body).toEqual({ enabled: true, recovery_codes_left: 10, required: false });
    expect((await api(app, u.token).post("/api/auth/totp/setup", {})).status).toBe(409);
  });

  it("signs in with password and code; the challenge alone is no session; a replayed or older code is refused", async () => {
    const u = await makeUser(app);
    const { secret } = await enrol(app, u);
    await safeMoment();
    const first = await passwordStep(app, u);
    expect(first.status).toBe(200);
    expect(first.body.second_factor).toBe("totp");
    expect(first.body.accessToken).toBeUndefined();
    expect(first.body.user).toBeUndefined();
    expect(first.headers.get("set-cookie")).toBeNull();
    expect((await api(app, first.body.challenge).get("/api/auth/me")).status).toBe(401);

    const code = await codeAt(secret);
    const done = await api(app).post("/api/auth/login/totp", { challenge: first.body.challenge, code });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(u.email);
    expect(done.headers.get("set-cookie")).toMatch(/ts_token=/);
    expect((await api(app, done.body.accessToken).get("/api/auth/me")).status).toBe(200);

    // The same code again (a new challenge, within its window) and the previous step's: refused alike.
    const again = await passwordStep(app, u);
    const replay = await api(app).post("/api/auth/login/totp", { challenge: again.body.challenge, code });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(TOTP_MESSAGES.wrongCode);
    const older = await api(app).post("/api/auth/login/totp", { challenge: again.body.challenge, code: await codeAt(secret, -1) });
    expect(older.status).toBe(401);
    expect(older.body.error).toBe(TOTP_MESSAGES.wrongCode);
    // The next step's code (a clock a little ahead) is still fine.
    expect((await api(app).post("/api/auth/login/totp", { challenge: again.body.challenge, code: await codeAt(secret, 1) })).status).toBe(200);
  });

  it("a recovery code works once, in any spelling", async () => {
    const u = await makeUser(app);
    const { recovery } = await enrol(app, u);
    const c = await passwordStep(app, u);
    const used = await api(app).post("/api/auth/login/totp", { challenge: c.body.challenge, code: ` ${recovery[3].toUpperCase().replace(/-/g, " ")} ` });
    expect(used.status).toBe(200);
    const twice = await api(app).post("/api/auth/login/totp", { challenge: c.body.challenge, code: recovery[3] });
    expect(twice.status).toBe(401);
    expect(twice.body.error).toBe(TOTP_MESSAGES.wrongCode);
    expect((await api(app, used.body.accessToken).get("/api/auth/totp")).body.recovery_codes_left).toBe(9);
    expect((await api(app).post("/api/auth/login/totp", { challenge: c.body.challenge, code: recovery[4] })).status).toBe(200);
  });

  it("refuses an expired, forged or foreign challenge in the same words", async () => {
    const u = await makeUser(app);
    const { secret } = await enrol(app, u);
    const code = await codeAt(secret);
    const sign = (claims: Record<string, unknown>, key: Uint8Array, exp: number) =>
      new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(String(u.user.id)).setExpirationTime(exp).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ purpose: "second-factor" }, app.config.jwtSecret, now - 1);
    const forged = await sign({ purpose: "second-factor" }, new TextEncoder().encode("another-secret-another-secret!!"), now + 300);
    const wrongPurpose = await sign({ purpose: "enrol" }, app.config.jwtSecret, now + 300);
    const real = (await passwordStep(app, u)).body.challenge as string;
    const tampered = real.slice(0, -3) + (real.endsWith("A") ? "BBB" : "AAA");
    for (const challenge of [expired, forged, wrongPurpose, u.token, tampered, "not-a-jwt"]) {
      const res = await api(app).post("/api/auth/login/totp", { challenge, code });
      expect(res.status, challenge).toBe(401);
      expect(res.body.error).toBe(TOTP_MESSAGES.expired);
    }
    // None of them used the code up.
    expect((await api(app).post("/api/auth/login/totp", { challenge: real, code })).status).toBe(200);
  });

  it("bad input on every new route: a clear 400 and nothing stored", async () => {
    const u = await makeUser(app);
    const admin = await makeUser(app, { role: "admin", team_role: "admin" });
    const cases: [string, TestUser | null, unknown][] = [
      ["/api/auth/login/totp", null, {}],
      ["/api/auth/login/totp", null, { challenge: 5, code: "123456" }],
      ["/api/auth/login/totp", null, { challenge: "x", code: ["1"] }],
      ["/api/auth/login/totp", null, { challenge: "x", code: "1".repeat(41) }],
      ["/api/auth/login/totp", null, { challenge: "x", code: "123456", extra: 1 }],
      ["/api/auth/login/totp", null, "not json"],
      ["/api/auth/totp/setup", u, { enrolment: "x" }],
      ["/api/auth/totp/setup", u, { challenge: "" }],
      ["/api/auth/totp/confirm", u, {}],
      ["/api/auth/totp/confirm", u, { enrolment: "x".repeat(5000), code: "123456" }],
      ["/api/auth/totp/confirm", u, { enrolment: "x", code: 123456 }],
      ["/api/auth/totp/confirm", u, { enrolment: "not-a-jwt", code: "123456" }],
      ["/api/auth/totp/disable", u, {}],
      ["/api/auth/totp/disable", u, { code: 1 }],
      ["/api/auth/totp/reset", admin, {}],
      ["/api/auth/totp/reset", admin, { user_id: "1" }],
      ["/api/auth/totp/reset", admin, { user_id: -1 }],
    ];
    for (const [path, who, body] of cases) {
      const res = await api(app, who?.token).post(path, body);
      expect([400, 409, 415], `${path} ${JSON.stringify(body)}`).toContain(res.status);
      expect(typeof res.body.error, path).toBe("string");
    }
    // An unknown user to reset is a 404, a member resetting a 403.
    expect((await api(app, admin.token).post("/api/auth/totp/reset", { user_id: 987654 })).status).toBe(404);
    expect((await api(app, u.token).post("/api/auth/totp/reset", { user_id: admin.user.id })).status).toBe(403);
    expect((await api(app).post("/api/auth/totp/setup", {})).status).toBe(401);
    for (const who of [u, admin]) expect(await stored(app, who.user.id)).toEqual({ totp_secret: null, totp_last_step: null, totp_recovery_hashes: null });
  });

  it("turns off with a current code or the password, never with a wrong one", async () => {
    const u = await makeUser(app);
    const { secret } = await enrol(app, u);
    const wrong = await api(app, u.token).post("/api/auth/totp/disable", { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(TOTP_MESSAGES.wrongPasswordOrCode);
    expect((await api(app, u.token).post("/api/auth/totp/disable", { code: "12345a" })).status).toBe(400);
    expect((await stored(app, u.user.id)).totp_secret).toBe(secret);
    await safeMoment();
    expect((await api(app, u.token).post("/api/auth/totp/disable", { code: await codeAt(secret) })).status).toBe(200);
    expect(await stored(app, u.user.id)).toEqual({ totp_secret: null, totp_last_step: null, totp_recovery_hashes: null });
    expect((await passwordStep(app, u)).body.accessToken).toBeTruthy();

    await enrol(app, u);
    expect((await api(app, u.token).post("/api/auth/totp/disable", { password: u.password })).status).toBe(200);
    expect((await stored(app, u.user.id)).totp_secret).toBeNull();
  });

  it("an admin resets someone who lost their device; they sign in with the password alone", async () => {
    const u = await makeUser(app);
    const admin = await makeUser(app, { role: "admin", team_role: "admin" });
    await enrol(app, u);
    expect((await passwordStep(app, u)).body.second_factor).toBe("totp");
    expect((await api(app, u.token).post("/api/auth/totp/reset", { user_id: u.user.id })).status).toBe(403);
    expect((await api(app, admin.token).post("/api/auth/totp/reset", { user_id: u.user.id })).status).toBe(200);
    expect((await api(app, admin.token).post("/api/auth/totp/reset", { user_id: u.user.id })).status).toBe(409);
    const after = await passwordStep(app, u);
    expect(after.body.second_factor).toBeUndefined();
    expect(after.body.accessToken).toBeTruthy();
    expect(app.lines.some((l) => l.includes("two-step sign-in reset by an admin"))).toBe(true);
  });

  it("never lets the secret or recovery codes out: answers, the change feed, the log, the OpenAPI document", async () => {
    const admin = await makeUser(app, { role: "admin", team_role: "admin" });
    const u = await makeUser(app);
    const head = await app.ctx.db.selectFrom("changes").select((eb) => eb.fn.max("seq").as("seq")).executeTakeFirstOrThrow();
    const events: unknown[] = [];
    const unsubscribe = onEntityEvents(app.ctx.events, (e) => events.push(e));
    const { secret, recovery } = await enrol(app, u);
    const c = await passwordStep(app, u);
    const signedIn = await api(app).post("/api/auth/login/totp", { challenge: c.body.challenge, code: await codeAt(secret) });
    await api(app).post("/api/auth/login/totp", { challenge: c.body.challenge, code: recovery[0] });
    unsubscribe();
    // The in-process domain events carry stored rows, never these columns.
    expect(events.length).toBeGreaterThanOrEqual(3);
    const row = await stored(app, u.user.id);
    const hashes = row.totp_recovery_hashes ?? [];
    const answers = [
      events,
      signedIn.body,
      (await api(app, u.token).get("/api/auth/me")).body,
      (await api(app, u.token).get("/api/auth/totp")).body,
      (await api(app, admin.token).get(`/api/entities/users/${u.user.id}`)).body,
      (await api(app, admin.token).get("/api/entities/users?limit=1000")).body,
      (await api(app, u.token).get(`/api/changes?since=${Number(head.seq ?? 0)}`)).body,
      (await api(app, admin.token).get(`/api/changes?since=${Number(head.seq ?? 0)}`)).body,
      (await api(app).get("/api/openapi.json")).body,
    ].map((b) => JSON.stringify(b));
    const logs = app.lines.join("\n");
    // Nor can a list be sorted or filtered by them (an oracle for the secret's letters).
    expect((await api(app, admin.token).get("/api/entities/users?sort=totp_secret")).status).toBe(400);
    expect((await api(app, admin.token).get(`/api/entities/users?where=${encodeURIComponent(JSON.stringify({ totp_secret: secret }))}`)).status).toBe(400);
    // The enrolment made changes, and the feed shows them as users updates.
    expect(answers[6]).toContain('"table":"users"');
    const stored_changes = JSON.stringify(await app.ctx.db.selectFrom("changes").selectAll().where("seq", ">", Number(head.seq ?? 0)).execute());
    for (const text of [...answers, stored_changes, logs]) {
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/totp_secret|totp_recovery|totp_last_step/);
      for (const r of recovery) expect(text).not.toContain(r);
      for (const h of hashes) expect(text).not.toContain(h);
    }
  });
});

describe.each(ENGINES)("two-step sign-in limits and policy (%s)", (engine) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(engine, { loginRateLimit: 3, requireTotp: "admins", passwordLogin: { enabled: false, breakGlassAdmin: "glass@example.test" } });
  });
  afterAll(() => app?.stop());

  it("rate limits wrong codes like wrong passwords: past the limit even a right code waits", async () => {
    // PASSWORD_LOGIN=off here: sign in as the break-glass admin, who is not exempt from REQUIRE_TOTP.
    const glass = { email: "glass@example.test", password: "password-123" };
    const { hashPassword } = await import("./passwords");
    const row = await app.ctx.db
      .insertInto("users")
      .values({ full_name: "Glass", email: glass.email, password_hash: await hashPassword(glass.password), role: "admin", team_role: "admin" })
      .returningAll()
      .executeTakeFirstOrThrow();
    const first = await passwordStep(app, glass);
    expect(first.body.second_factor).toBe("enrol");
    expect(first.body.accessToken).toBeUndefined();
    // Enrolment through the challenge: no session is needed, and the confirmation makes one.
    await safeMoment();
    const setup = await api(app).post("/api/auth/totp/setup", { challenge: first.body.challenge });
    expect(setup.status).toBe(200);
    // A second-factor challenge is not an enrolment one.
    const confirm = await api(app).post("/api/auth/totp/confirm", { challenge: first.body.challenge, enrolment: setup.body.enrolment, code: await codeAt(setup.body.secret, -1) });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    expect(confirm.body.user.email).toBe(glass.email);
    expect((await api(app, confirm.body.accessToken).get("/api/auth/totp")).body).toEqual({ enabled: true, recovery_codes_left: 10, required: true });
    // Required: it cannot be turned off by its owner.
    const off = await api(app, confirm.body.accessToken).post("/api/auth/totp/disable", { password: glass.password });
    expect(off.status).toBe(403);
    expect(off.body.error).toBe(TOTP_MESSAGES.required);

    const c = (await passwordStep(app, glass)).body.challenge as string;
    const right = await codeAt(setup.body.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    // Forged challenges naming the account are counted by address, not against the account.
    const forged = await new SignJWT({ purpose: "second-factor" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(row.id))
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("another-secret-another-secret!!"));
    for (let i = 0; i < 3; i++) expect((await api(app).post("/api/auth/login/totp", { challenge: forged, code: wrong })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await api(app).post("/api/auth/login/totp", { challenge: c, code: wrong })).status).toBe(401);
    const limited = await api(app).post("/api/auth/login/totp", { challenge: c, code: right });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe(TOTP_MESSAGES.tooMany);
    // A fresh challenge (the password again) does not start the count again.
    const c2 = (await passwordStep(app, glass)).body.challenge as string;
    expect((await api(app).post("/api/auth/login/totp", { challenge: c2, code: right })).status).toBe(429);
    expect((await stored(app, row.id)).totp_secret).toBe(setup.body.secret);
  });

  it("REQUIRE_TOTP=admins applies to admins of either kind, not to members", async () => {
    // PASSWORD_LOGIN=off in this app lets only the break-glass admin (above) use a password, so the
    // rule itself is checked here; REQUIRE_TOTP=everyone is below.
    const { totpRequiredFor } = await import("../features/users/totp");
    expect(totpRequiredFor(app.ctx, { role: "user", team_role: "member" })).toBe(false);
    expect(totpRequiredFor(app.ctx, { role: "user", team_role: "manager" })).toBe(false);
    expect(totpRequiredFor(app.ctx, { role: "user", team_role: "admin" })).toBe(true);
    expect(totpRequiredFor(app.ctx, { role: "admin", team_role: "member" })).toBe(true);
  });
});

describe("REQUIRE_TOTP=everyone", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite", {}, { REQUIRE_TOTP: "everyone" });
  });
  afterAll(() => app?.stop());

  it("a member without TOTP gets an enrolment challenge, no session; an enrolment challenge cannot skip to a code", async () => {
    const { hashPassword } = await import("./passwords");
    const email = "member.required@example.test";
    await app.ctx.db.insertInto("users").values({ full_name: "M", email, password_hash: await hashPassword("password-123") }).execute();
    const res = await passwordStep(app, { email, password: "password-123" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ second_factor: "enrol", challenge: expect.any(String) });
    expect(res.headers.get("set-cookie")).toBeNull();
    const skip = await api(app).post("/api/auth/login/totp", { challenge: res.body.challenge, code: "123456" });
    expect(skip.status).toBe(401);
    expect(skip.body.error).toBe(TOTP_MESSAGES.expired);
    expect(app.config.requireTotp).toBe("everyone");

    // Through the challenge: set up, confirmed, and the sign-in completes with its session.
    await safeMoment();
    const setup = await api(app).post("/api/auth/totp/setup", { challenge: res.body.challenge });
    const done = await api(app).post("/api/auth/totp/confirm", { challenge: res.body.challenge, enrolment: setup.body.enrolment, code: await codeAt(setup.body.secret) });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(email);
    expect(done.headers.get("set-cookie")).toMatch(/ts_token=/);
    expect((await api(app, done.body.accessToken).get("/api/auth/me")).status).toBe(200);
    // From now on a password sign-in asks for a code.
    expect((await passwordStep(app, { email, password: "password-123" })).body.second_factor).toBe("totp");
  });

  it("accepting an invitation sets it up before the session too", async () => {
    const { hashPassword } = await import("./passwords");
    const { createSession } = await import("./tokens");
    const admin = await app.ctx.db
      .insertInto("users")
      .values({ full_name: "A", email: "admin.required@example.test", password_hash: await hashPassword("password-123"), role: "admin", team_role: "admin" })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { accessToken } = await createSession(app.ctx.db, app.config.jwtSecret, admin.id);
    const inv = await api(app, accessToken).post("/api/invitations", { email: "new.invitee@example.test" });
    expect(inv.status).toBe(201);
    const accepted = await api(app).post("/api/auth/accept-invite", { token: inv.body.token, full_name: "New Invitee", password: "password-123" });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({ second_factor: "enrol", challenge: expect.any(String) });
    expect(accepted.headers.get("set-cookie")).toBeNull();
  });
});
