// OpenID Connect sign-in against a real provider (oidc-provider, server/test/oidc-provider.ts),
// driven over HTTP as a browser would: the redirects, the provider's login and consent forms, the
// callback. Every refusal must land on Login with its code, never a 500.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENGINES, startTestApp, makeUser, api, type TestApp } from "../test/harness";
import { freePort } from "../test/net";
import { CookieJar, hop, startTestProvider, toCallback, type TestProvider } from "../test/oidc-provider";
import { PASSWORD_LOGIN_OFF } from "@shared/sign-in";
import { loadConfig } from "../config";

describe("single sign-on settings", () => {
  const base = { JWT_SECRET: "test-secret-test-secret-123456", DATA_DIR: "/tmp/unused-oidc-config" };
  it("reads the provider, the roles its groups give, and the password switch", () => {
    const c = loadConfig({ ...base, OIDC_ISSUER: "https://id.example.com/realms/acme", OIDC_CLIENT_ID: "ts", OIDC_TEAM_ROLE_GROUPS: "manager=leads, admin=it", OIDC_CREATE_ACCOUNTS: "false", PASSWORD_LOGIN: "off", BREAK_GLASS_ADMIN: "Root@Example.com" });
    expect(c.oidc).toMatchObject({ name: "single sign-on", scopes: "openid email profile", createAccounts: false, groupsClaim: "groups", emailVerifiedClaim: "email_verified" });
    // Highest first, whatever the order written.
    expect(c.oidc?.teamRoleGroups).toEqual([{ team_role: "admin", group: "it" }, { team_role: "manager", group: "leads" }]);
    expect(c.passwordLogin).toEqual({ enabled: false, breakGlassAdmin: "root@example.com" });
    expect(loadConfig(base).oidc).toBeUndefined();
  });

  it.each([
    [{ OIDC_ISSUER: "http://id.example.com", OIDC_CLIENT_ID: "ts" }, "OIDC_ISSUER: must be an https:// URL"],
    [{ OIDC_ISSUER: "https://id.example.com" }, "OIDC_CLIENT_ID is required"],
    [{ OIDC_ISSUER: "https://id.example.com", OIDC_CLIENT_ID: "ts", OIDC_TEAM_ROLE_GROUPS: "boss=leads" }, "'boss=leads' is not admin=<group>"],
    [{ PASSWORD_LOGIN: "maybe" }, "PASSWORD_LOGIN"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY=true would trust"],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

const ACCOUNTS = {
  newbie: { email: "newbie@corp.test", email_verified: true, name: "Nia Newbie", groups: ["staff"] },
  returning: { email: "Returning@corp.test", email_verified: true, name: "Ray Returning" },
  boss: { email: "boss@corp.test", email_verified: true, name: "Bo Boss", groups: ["ws-admins", "leads"] },
  lead: { email: "lead@corp.test", email_verified: true, name: "Lee Lead", groups: ["leads"] },
  demoted: { email: "demoted@corp.test", email_verified: true, groups: ["staff"] },
  unverified: { email: "unverified@corp.test", email_verified: false },
  noemail: { name: "No Mail" },
  longname: { email: "longname@corp.test", email_verified: true, name: "N".repeat(600) },
  gone: { email: "gone@corp.test", email_verified: true },
  stranger: { email: "stranger@corp.test", email_verified: true },
  glass: { email: "glass@corp.test", email_verified: true, groups: [] },
  replay: { email: "replay@corp.test", email_verified: true },
  late: { email: "late@corp.test", email_verified: true },
  entra: { email: "entra@corp.test", xms_edov: true },
};

describe.each(ENGINES)("OpenID Connect sign-in (%s)", (engine) => {
  let app: TestApp;
  let provider: TestProvider;

  beforeAll(async () => {
    const port = await freePort();
    app = await startTestApp(engine, {}, {
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: "teamspace-test",
      OIDC_CLIENT_SECRET: "teamspace-test-secret-0123456789",
      OIDC_NAME: "Corp ID",
      OIDC_ADMIN_GROUP: "ws-admins",
      OIDC_TEAM_ROLE_GROUPS: "manager=leads",
      BREAK_GLASS_ADMIN: "glass@corp.test",
    });
    provider = await startTestProvider(port, ACCOUNTS);
    provider.allow(app.url);
  });
  afterAll(async () => {
    await provider?.stop();
    await app?.stop();
  });

  /** Signs in as `login` all the way; returns where the app sent the browser and the jar. */
  async function signIn(login: string) {
    const jar = new CookieJar();
    const callback = await toCallback(jar, app.url, login);
    const back = await hop(jar, callback);
    return { jar, callback, back };
  }

  /** The token the returning tab takes (GET /auth/oidc/session). */
  async function takeSession(jar: CookieJar) {
    const res = await hop(jar, `${app.url}/api/auth/oidc/session`);
    return { status: res.status, body: res.status === 200 ? (JSON.parse(res.body) as { accessToken: string; user: { id: number; email: string; role: string; team_role: string } }) : null };
  }

  const usersNamed = (email: string) => app.ctx.db.selectFrom("users").selectAll().where("email", "=", email).execute();
  const changesOf = (id: number) => app.ctx.db.selectFrom("changes").select(["op"]).where("tbl", "=", "users").where("row_id", "=", id).orderBy("seq").execute();

  it("says how one may sign in", async () => {
    expect((await api(app).get("/api/auth/methods")).body).toEqual({ password: true, oidc: { name: "Corp ID" } });
  });

  it("shows admins the settings in force, never the client secret", async () => {
    const admin = await makeUser(app, { role: "admin" });
    const res = await api(app, admin.token).get("/api/admin/security");
    expect(res.body.settings.sign_in).toEqual({
      password: "on",
      break_glass_admin: "glass@corp.test",
      oidc: {
        name: "Corp ID",
        issuer: provider.issuer,
        client_id: "teamspace-test",
        create_accounts: true,
        email_verified_claim: "email_verified",
        groups_claim: "groups",
        admin_group: "ws-admins",
        team_role_groups: [{ team_role: "manager", group: "leads" }],
      },
    });
    expect(JSON.stringify(res.body)).not.toContain("teamspace-test-secret");
  });

  it("creates a new person's account just in time, through the change log, and signs them in", async () => {
    const { jar, back } = await signIn("newbie");
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${app.url}/Login?sso=1`);
    const session = await takeSession(jar);
    expect(session.status).toBe(200);
    expect(session.body?.user).toMatchObject({ email: "newbie@corp.test", full_name: "Nia Newbie", role: "user", team_role: "member", is_active: true });
    expect((await api(app, session.body!.accessToken).get("/api/auth/me")).body.email).toBe("newbie@corp.test");
    // The hand-off is taken once.
    expect((await takeSession(jar)).status).toBe(401);
    const [row] = await usersNamed("newbie@corp.test");
    expect(row.password_hash).toBeNull();
    expect(await changesOf(row.id)).toEqual([{ op: "create" }]);
    // Nobody can sign in to it with a password (there is none).
    expect((await api(app).post("/api/auth/login", { email: "newbie@corp.test", password: "anything-at-all" })).status).toBe(401);
  });

  it("matches a returning person's existing account by e-mail, whatever its case", async () => {
    const existing = await makeUser(app, { email: "returning@corp.test", full_name: "Ray From Before" });
    const before = await app.ctx.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const { jar, back } = await signIn("returning");
    expect(back.location).toBe(`${app.url}/Login?sso=1`);
    const session = await takeSession(jar);
    expect(session.body?.user.id).toBe(existing.user.id);
    const after = await app.ctx.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // Signing in again changes nothing and writes nothing.
    await signIn("returning");
    expect(await changesOf(existing.user.id)).toEqual([]);
  });

  it("takes role and team_role from the groups claim, on creation and on every sign-in after", async () => {
    const boss = await takeSession((await signIn("boss")).jar);
    expect(boss.body?.user).toMatchObject({ role: "admin", team_role: "manager" });
    const lead = await takeSession((await signIn("lead")).jar);
    expect(lead.body?.user).toMatchObject({ role: "user", team_role: "manager" });
    // An admin the provider no longer puts in the admin group is one no more, through users.update.
    const demoted = await makeUser(app, { email: "demoted@corp.test", role: "admin", team_role: "admin" });
    const after = await takeSession((await signIn("demoted")).jar);
    expect(after.body?.user).toMatchObject({ id: demoted.user.id, role: "user", team_role: "member" });
    expect(await changesOf(demoted.user.id)).toEqual([{ op: "update" }]);
  });

  it("leaves the break-glass admin's role alone, whatever the groups say", async () => {
    await makeUser(app, { email: "glass@corp.test", role: "admin", team_role: "admin" });
    const glass = await takeSession((await signIn("glass")).jar);
    expect(glass.body?.user).toMatchObject({ role: "admin", team_role: "admin" });
  });

  it("refuses a wrong state, and a callback without the browser's state cookie", async () => {
    const jar = new CookieJar();
    const callback = new URL(await toCallback(jar, app.url, "stranger"));
    callback.searchParams.set("state", "not-the-state");
    expect((await hop(jar, callback.href)).location).toBe(`${app.url}/Login?error=state`);
    const other = await toCallback(new CookieJar(), app.url, "stranger");
    expect((await hop(new CookieJar(), other)).location).toBe(`${app.url}/Login?error=state`);
    // A forged cookie is no better than none.
    const forged = new CookieJar();
    const third = await toCallback(forged, app.url, "stranger");
    forged.set(app.url, "ts_oidc", forged.get(app.url, "ts_oidc")!.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect((await hop(forged, third)).location).toBe(`${app.url}/Login?error=state`);
    expect(await usersNamed("stranger@corp.test")).toEqual([]);
  });

  it("refuses a replayed code, even with the state cookie kept", async () => {
    const jar = new CookieJar();
    const callback = await toCallback(jar, app.url, "replay");
    const state = jar.get(app.url, "ts_oidc")!;
    expect((await hop(jar, callback)).location).toBe(`${app.url}/Login?sso=1`);
    // The app forgot the state: the same URL again is a wrong state...
    expect((await hop(jar, callback)).location).toBe(`${app.url}/Login?error=state`);
    // ...and with the state cookie put back, the provider refuses the used code.
    jar.set(app.url, "ts_oidc", state);
    expect((await hop(jar, callback)).location).toBe(`${app.url}/Login?error=code`);
  });

  it("names a person whose name claim is unusable after their e-mail", async () => {
    const session = await takeSession((await signIn("longname")).jar);
    expect(session.body?.user).toMatchObject({ email: "longname@corp.test", full_name: "longname" });
  });

  it("refuses an e-mail the provider has not verified, and no e-mail at all", async () => {
    expect((await signIn("unverified")).back.location).toBe(`${app.url}/Login?error=email_unverified`);
    expect(await usersNamed("unverified@corp.test")).toEqual([]);
    expect((await signIn("noemail")).back.location).toBe(`${app.url}/Login?error=no_email`);
  });

  it("reads the verified flag from the claim the setting names (Entra ID's xms_edov)", async () => {
    const oidc = app.ctx.config.oidc!;
    expect((await signIn("entra")).back.location).toBe(`${app.url}/Login?error=email_unverified`);
    oidc.emailVerifiedClaim = "xms_edov";
    try {
      expect((await signIn("entra")).back.location).toBe(`${app.url}/Login?sso=1`);
      expect((await signIn("unverified")).back.location).toBe(`${app.url}/Login?error=email_unverified`);
    } finally {
      oidc.emailVerifiedClaim = "email_verified";
    }
  });

  it("refuses a deactivated account, and makes no new one for its e-mail", async () => {
    const gone = await makeUser(app, { email: "gone@corp.test" });
    await app.ctx.db.updateTable("users").set({ is_active: false }).where("id", "=", gone.user.id).execute();
    const { jar, back } = await signIn("gone");
    expect(back.location).toBe(`${app.url}/Login?error=deactivated`);
    expect((await takeSession(jar)).status).toBe(401);
    expect(await usersNamed("gone@corp.test")).toHaveLength(1);
  });

  it("turns an unknown person away when accounts are not created on sign-in", async () => {
    const oidc = app.ctx.config.oidc!;
    oidc.createAccounts = false;
    try {
      expect((await signIn("stranger")).back.location).toBe(`${app.url}/Login?error=no_account`);
      expect(await usersNamed("stranger@corp.test")).toEqual([]);
      // People who have an account still get in.
      expect((await signIn("returning")).back.location).toBe(`${app.url}/Login?sso=1`);
    } finally {
      oidc.createAccounts = true;
    }
  });

  it("refuses what the provider refused, and a malformed callback, without a 500", async () => {
    const jar = new CookieJar();
    await hop(jar, `${app.url}/api/auth/oidc/start`);
    const state = new URL((await hop(jar, `${app.url}/api/auth/oidc/start`)).location!).searchParams.get("state")!;
    expect((await hop(jar, `${app.url}/api/auth/oidc/callback?error=access_denied&state=${state}`)).location).toBe(`${app.url}/Login?error=denied`);
    expect((await hop(jar, `${app.url}/api/auth/oidc/callback?code=x&state=${"s".repeat(600)}`)).location).toBe(`${app.url}/Login?error=failed`);
    expect((await hop(jar, `${app.url}/api/auth/oidc/callback`)).location).toBe(`${app.url}/Login?error=state`);
  });

  it("ends the provider's session on sign-out, with the ID token as a hint", async () => {
    const { jar } = await signIn("newbie");
    const session = await takeSession(jar);
    const res = await fetch(`${app.url}/api/auth/logout`, { method: "POST", headers: { authorization: `Bearer ${session.body!.accessToken}`, cookie: jar.header(app.url) } });
    const body = (await res.json()) as { ok: boolean; end_session_url?: string };
    const end = new URL(body.end_session_url!);
    expect(end.origin).toBe(provider.issuer);
    expect(end.searchParams.get("post_logout_redirect_uri")).toBe(`${app.url}/Login`);
    expect(end.searchParams.get("id_token_hint")).toMatch(/^ey/);
    expect((await api(app, session.body!.accessToken).get("/api/auth/me")).status).toBe(401);
    // The provider accepts it: it asks to confirm, it does not refuse.
    const page = await hop(jar, end.href);
    expect(page.status).toBe(200);
    expect(page.body).toContain("sign-out");
    // A password session is signed out here only.
    const local = await makeUser(app);
    expect((await api(app, local.token).post("/api/auth/logout")).body).toEqual({ ok: true });
  });

  it("turns password sign-in off for everyone but the break-glass admin", async () => {
    const member = await makeUser(app);
    const glass = await app.ctx.db.selectFrom("users").selectAll().where("email", "=", "glass@corp.test").executeTakeFirstOrThrow();
    const { hashPassword } = await import("./passwords");
    await app.ctx.db.updateTable("users").set({ password_hash: await hashPassword("glass-password-1") }).where("id", "=", glass.id).execute();
    app.ctx.config.passwordLogin.enabled = false;
    try {
      expect((await api(app).get("/api/auth/methods")).body).toEqual({ password: false, oidc: { name: "Corp ID" } });
      const refused = await api(app).post("/api/auth/login", { email: member.email, password: member.password });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(PASSWORD_LOGIN_OFF);
      // The same words for an address with no account.
      expect((await api(app).post("/api/auth/login", { email: "nobody@corp.test", password: "whatever-1" })).body.error).toBe(PASSWORD_LOGIN_OFF);
      expect((await api(app).post("/api/auth/login", { email: "Glass@Corp.test", password: "glass-password-1" })).status).toBe(200);
      // A signed-in member still renews their token.
      expect((await api(app, member.token).post("/api/auth/login?refresh=true")).status).toBe(200);
    } finally {
      app.ctx.config.passwordLogin.enabled = true;
    }
  });

  it("says the provider is unreachable when it is down at the start", async () => {
    const oidc = app.ctx.config.oidc!;
    // A new configuration object: nothing discovered for it yet.
    app.ctx.config.oidc = { ...oidc, issuer: `http://127.0.0.1:${await freePort()}` };
    try {
      const res = await hop(new CookieJar(), `${app.url}/api/auth/oidc/start`);
      expect(res.status).toBe(303);
      expect(res.location).toBe(`${app.url}/Login?error=unreachable`);
    } finally {
      app.ctx.config.oidc = oidc;
    }
  });

  it("says the provider is unreachable when its proxy answers 502 at the callback", async () => {
    const jar = new CookieJar();
    const callback = await toCallback(jar, app.url, "late");
    provider.failWith(502);
    try {
      expect((await hop(jar, callback)).location).toBe(`${app.url}/Login?error=unreachable`);
    } finally {
      provider.failWith(undefined);
    }
    expect(await usersNamed("late@corp.test")).toEqual([]);
  });

  it("says the provider is unreachable when it goes down before the callback (last: it stops the provider)", async () => {
    const jar = new CookieJar();
    const callback = await toCallback(jar, app.url, "late");
    await provider.stop();
    expect((await hop(jar, callback)).location).toBe(`${app.url}/Login?error=unreachable`);
    expect(await usersNamed("late@corp.test")).toEqual([]);
  });
});
