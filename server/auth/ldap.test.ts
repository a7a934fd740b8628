// LDAP / Active Directory sign-in and the directory sync against a real OpenLDAP server (Debian's
// slapd, server/test/slapd.ts) with people, groups and a disabled person of its own: the sign-in
// over HTTP as Login does it, TLS both ways, a directory that is down or silent, and the sync
// creating, updating, deactivating and reactivating accounts through the users commands.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql } from "kysely";
import { Attribute, Change } from "ldapts";
import { ENGINES, startTestApp, makeUser, api, type TestApp } from "../test/harness";
import { freePort } from "../test/net";
import { GROUPS, PEOPLE, READER_DN, READER_PASSWORD, SUFFIX, personDn, startSlapd, type Person, type Slapd } from "../test/slapd";
import { loadConfig, type LdapConfig } from "../config";
import { MESSAGES } from "@shared/constants";
import { USER_MESSAGES } from "@shared/entities";
import { LDAP_ERRORS } from "@shared/sign-in";
import { directoryGroupsOf, findPerson, rolesFromGroups } from "./ldap";
import { syncDirectory } from "./ldap-sync";
import { claimSyncTurn } from "./ldap-sync.repository";
import { setUserActive } from "../features/users/deactivate";
import { hashPassword } from "./passwords";

const PEOPLE_LIST: Person[] = [
  { uid: "ann", cn: "Ann Archer", mail: "ann@corp.test", password: "ann-pass-1", title: "CTO", department: "IT", phone: "+1 555 0101", groupDns: [`cn=ws-admins,${GROUPS}`, `cn=Finance\\, Europe,${GROUPS}`] },
  { uid: "bob", cn: "Bob Builder", mail: "Bob@Corp.test", password: "bob-pass-1", title: "Team lead" },
  { uid: "cat", cn: "Cat Carter", mail: "cat@corp.test", password: "cat-pass-1" },
  { uid: "dan", cn: "Dan Dormant", mail: "dan@corp.test", password: "dan-pass-1", disabled: true },
  { uid: "eve", cn: "Eve Everyone", mail: "eve@corp.test", password: "eve-pass-1" },
  { uid: "gus", cn: "Gus Glass", mail: "glass@corp.test", password: "gus-pass-1" },
];
const GROUP_LIST = { "ws-admins": ["ann", "gus"], leads: ["bob"], staff: ["ann", "bob", "cat", "eve"] };

const baseEnv = (s: Slapd): Record<string, string> => ({
  LDAP_URL: s.url,
  LDAP_BIND_DN: READER_DN,
  LDAP_BIND_PASSWORD: READER_PASSWORD,
  LDAP_BASE_DN: SUFFIX,
  LDAP_DISABLED_FILTER: "(employeeType=disabled)",
  LDAP_GROUP_BASE_DN: GROUPS,
  LDAP_ADMIN_GROUP: "ws-admins",
  LDAP_MANAGER_GROUP: `cn=leads, ${GROUPS}`,
  LDAP_SYNC_INTERVAL: "0",
  LDAP_TIMEOUT_MS: "2000",
  BREAK_GLASS_ADMIN: "glass@corp.test",
});

const login = (app: TestApp, email: string, password: string) => api(app).post("/api/auth/login", { email, password });

describe("LDAP settings", () => {
  const base = { JWT_SECRET: "test-secret-test-secret-123456", DATA_DIR: "/tmp/unused-ldap-config" };
  it("reads the directory, its attributes and defaults", () => {
    const c = loadConfig({ ...base, LDAP_URL: "ldap://dc1.corp.test:389", LDAP_BASE_DN: "dc=corp,dc=test", LDAP_START_TLS: "true", LDAP_TITLE_ATTRIBUTE: "" });
    expect(c.ldap).toMatchObject({
      url: "ldap://dc1.corp.test:389",
      startTls: true,
      userFilter: "(objectClass=inetOrgPerson)",
      createAccounts: true,
      syncIntervalSeconds: 3600,
      timeoutMs: 5000,
      attributes: { login: "uid", email: "mail", name: "cn", title: undefined, department: "departmentNumber", phone: "telephoneNumber", groups: "memberOf" },
    });
    expect(c.ldap?.groupSearch).toBeUndefined();
    expect(loadConfig(base).ldap).toBeUndefined();
  });

  it.each([
    [{ LDAP_URL: "http://dc1.corp.test" }, "LDAP_URL: must be ldap://"],
    [{ LDAP_URL: "ldap://dc1.corp.test" }, "LDAP_BASE_DN is required"],
    [{ LDAP_URL: "ldaps://dc1.corp.test", LDAP_BASE_DN: "dc=x", LDAP_START_TLS: "1" }, "LDAP_START_TLS is for ldap://"],
    [{ LDAP_URL: "ldap://dc1.corp.test", LDAP_BASE_DN: "dc=x", LDAP_TLS_CA: "/nonexistent/ca.pem" }, "LDAP_TLS_CA: cannot read"],
    [{ LDAP_URL: "ldap://dc1.corp.test", LDAP_BASE_DN: "dc=x", LDAP_USER_FILTER: "objectClass=person" }, "LDAP_USER_FILTER: must be an LDAP filter"],
    [{ LDAP_URL: "ldap://dc1.corp.test", LDAP_BASE_DN: "dc=x", LDAP_EMAIL_ATTRIBUTE: "mail)(x" }, "LDAP_EMAIL_ATTRIBUTE: must be an LDAP attribute name"],
    [{ LDAP_SYNC_INTERVAL: "5" }, "LDAP_SYNC_INTERVAL: must be 0 (off) or at least 10 seconds"],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});

describe("LDAP directory", () => {
  // Each block has a directory of its own: the sync test changes its people.
  describe.each(ENGINES)("sign-in and sync (%s)", (engine) => {
    let slapd: Slapd;
    let app: TestApp;
    let ldap: LdapConfig;
    beforeAll(async () => {
      slapd = await startSlapd(PEOPLE_LIST, GROUP_LIST);
      app = await startTestApp(engine, {}, baseEnv(slapd));
      ldap = app.config.ldap!;
    });
    afterAll(async () => {
      await app?.stop();
      await slapd?.stop();
    });

    const account = (email: string) => app.ctx.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

    it("signs someone in by login name, fills their profile from the directory, and the session works", async () => {
      const res = await login(app, "ann", "ann-pass-1");
      expect(res.status).toBe(200);
      expect(res.body.accessToken).toEqual(expect.any(String));
      const me = await api(app, res.body.accessToken).get("/api/auth/me");
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: "ann@corp.test", full_name: "Ann Archer", job_title: "CTO", department: "IT", phone_number: "+1 555 0101", role: "admin", team_role: "member" });
      const row = await account("ann@corp.test");
      expect(row).toMatchObject({ password_hash: null, directory_dn: personDn("ann") });
      // By e-mail too, and the same account.
      const again = await login(app, "ANN@corp.test", "ann-pass-1");
      expect(again.status).toBe(200);
      expect(again.body.user.id).toBe(row!.id);
    });

    it("maps groups to roles: the manager group by its DN, no group to plain member", async () => {
      const bob = await login(app, "bob", "bob-pass-1");
      expect(bob.status).toBe(200);
      expect(bob.body.user).toMatchObject({ email: "bob@corp.test", role: "user", team_role: "manager", job_title: "Team lead" });
      const cat = await login(app, "cat@corp.test", "cat-pass-1");
      expect(cat.body.user).toMatchObject({ role: "user", team_role: "member" });
    });

    it("refuses a wrong password, an unknown person and filter injection alike, creating nobody", async () => {
      const before = await app.ctx.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      for (const [who, password] of [
        ["cat", "wrong"],
        ["nobody", "cat-pass-1"],
        ["*)(uid=*", "ann-pass-1"],
        ["*", "ann-pass-1"],
        ["ann)(|(uid=*", "ann-pass-1"],
        ["*)(mail=*", "bob-pass-1"],
      ]) {
        const res = await login(app, who, password);
        expect(res.status, who).toBe(401);
        expect(res.body).toEqual({ error: MESSAGES.invalidCredentials });
      }
      // Escaped, the injection is looked for literally: no entry has that name.
      expect(await findPerson(ldap, "*)(uid=*")).toEqual({ missing: true });
      const after = await app.ctx.db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it("tells a disabled person so, only once the password is right", async () => {
      expect((await login(app, "dan", "nope")).status).toBe(401);
      const res = await login(app, "dan", "dan-pass-1");
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(LDAP_ERRORS.disabled);
      expect(await account("dan@corp.test")).toBeUndefined();
    });

    it("keeps local passwords for people the directory does not know, and the second step for those who have it", async () => {
      const local = await makeUser(app);
      expect((await api(app, local.token).get("/api/auth/me")).status).toBe(200);
      await login(app, "eve", "eve-pass-1");
      await app.ctx.db.updateTable("users").set({ totp_secret: "JBSWY3DPEHPK3PXP" }).where("email", "=", "eve@corp.test").execute();
      const res = await login(app, "eve", "eve-pass-1");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ second_factor: "totp", challenge: expect.any(String) });
      expect(res.body.accessToken).toBeUndefined();
    });

    it("keeps the break-glass admin's role whatever the directory's groups say", async () => {
      await app.ctx.db.insertInto("users").values({ email: "glass@corp.test", full_name: "Glass", role: "admin" }).execute();
      const res = await login(app, "gus", "gus-pass-1");
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ email: "glass@corp.test", role: "admin" });
      expect(rolesFromGroups(ldap, [{ dn: `cn=other,${GROUPS}`, name: "other" }])).toEqual({ role: "user", team_role: "member" });
    });

    it("syncs: creates, updates, deactivates the gone and the disabled, reactivates who comes back", async () => {
      const admin = await slapd.admin();
      try {
        const first = await syncDirectory(app.ctx, ldap);
        expect(first).toMatchObject({ listed: 6, deactivated: 0, failed: 0, skipped: 0 });
        // Nobody disabled gets an account; everyone else has one, without a password.
        expect(await account("dan@corp.test")).toBeUndefined();
        expect(await account("bob@corp.test")).toMatchObject({ is_active: true, directory_dn: personDn("bob") });

        const bobSession = (await login(app, "bob", "bob-pass-1")).body.accessToken as string;
        await admin.add(personDn("fay"), { objectClass: "inetOrgPerson", uid: "fay", cn: "Fay Fresh", sn: "Fresh", mail: "fay@corp.test", userPassword: "fay-pass-1", title: "Analyst" });
        await admin.modify(personDn("cat"), [new Change({ operation: "replace", modification: new Attribute({ type: "title", values: ["Head of Cats"] }) })]);
        await admin.modify(personDn("eve"), [new Change({ operation: "add", modification: new Attribute({ type: "employeeType", values: ["disabled"] }) })]);
        await admin.modify(`cn=ws-admins,${GROUPS}`, [new Change({ operation: "delete", modification: new Attribute({ type: "member", values: [personDn("ann")] }) })]);
        await admin.del(personDn("bob"));

        const second = await syncDirectory(app.ctx, ldap);
        expect(second).toMatchObject({ created: 1, deactivated: 2, failed: 0 });
        expect(await account("fay@corp.test")).toMatchObject({ full_name: "Fay Fresh", job_title: "Analyst", password_hash: null, is_active: true });
        expect(await account("cat@corp.test")).toMatchObject({ job_title: "Head of Cats" });
        expect(await account("ann@corp.test")).toMatchObject({ role: "user" });
        expect(await account("eve@corp.test")).toMatchObject({ is_active: false });
        const bob = await account("bob@corp.test");
        expect(bob).toMatchObject({ is_active: false, directory_gone_at: expect.any(Date) });
        // Deactivated as an admin would: the session ends at once, and a local password does not let them back in.
        expect((await api(app, bobSession).get("/api/auth/me")).status).toBe(401);
        await app.ctx.db.updateTable("users").set({ password_hash: await hashPassword("local-pass-1") }).where("id", "=", bob!.id).execute();
        expect((await login(app, "bob@corp.test", "local-pass-1")).status).toBe(401);
        // The users commands wrote it: a change record each.
        const changes = await sql<{ op: string }>`select op from changes where tbl = 'users' and row_id = ${bob!.id} order by seq`.execute(app.ctx.db);
        expect(changes.rows.map((r) => r.op)).toEqual(["create", "update"]);

        // Bob comes back; an admin deactivated Cat meanwhile, and the directory must not undo that.
        await admin.add(personDn("bob"), { objectClass: "inetOrgPerson", uid: "bob", cn: "Bob Builder", sn: "Builder", mail: "bob@corp.test", userPassword: "bob-pass-2" });
        const boss = await makeUser(app, { role: "admin" });
        const cat = await account("cat@corp.test");
        await setUserActive(app.ctx, boss.user, cat!.id, false);
        const third = await syncDirectory(app.ctx, ldap);
        expect(third).toMatchObject({ reactivated: 1, created: 0, deactivated: 0 });
        // The leads group still names his entry (nothing removed him from it), so he is a manager again.
        expect(await account("bob@corp.test")).toMatchObject({ is_active: true, directory_gone_at: null, deactivated_at: null, team_role: "manager" });
        expect(await account("cat@corp.test")).toMatchObject({ is_active: false });
        expect((await login(app, "cat", "cat-pass-1")).body).toEqual({ error: USER_MESSAGES.accountDeactivated });
        expect((await login(app, "bob", "bob-pass-2")).status).toBe(200);
        // Nothing changed in the directory: nothing is written.
        expect(await syncDirectory(app.ctx, ldap)).toMatchObject({ created: 0, updated: 0, reactivated: 0, deactivated: 0 });
      } finally {
        await admin.unbind();
      }
    });

    it("deactivates nobody when the directory lists nobody (a wrong base or filter)", async () => {
      const result = await syncDirectory(app.ctx, { ...ldap, userFilter: "(uid=nobody-at-all)" });
      expect(result).toMatchObject({ listed: 0, deactivated: 0, refusedEmpty: true });
      expect(await account("ann@corp.test")).toMatchObject({ is_active: true });
    });

    it("gives one node the sync's turn, then nobody until the interval has passed", async () => {
      const claims = await Promise.all([claimSyncTurn(app.ctx.db, 60), claimSyncTurn(app.ctx.db, 60), claimSyncTurn(app.ctx.db, 60)]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await claimSyncTurn(app.ctx.db, 60)).toBe(false);
      await app.ctx.db.updateTable("app_settings" as never).set({ value: JSON.stringify({ until: new Date(Date.now() - 1000).toISOString() }) } as never).where("key" as never, "=", "ldap_sync" as never).execute();
      expect(await claimSyncTurn(app.ctx.db, 60)).toBe(true);
    });
  });

  describe("groups from an attribute of the person (memberOf)", () => {
    let slapd: Slapd;
    let app: TestApp;
    beforeAll(async () => {
      // Two entries sharing an e-mail: a sign-in by it must not pick one of them.
      const twins: Person[] = [
        { uid: "twin1", cn: "Tia Twin", mail: "twin@corp.test", password: "twin-pass-1" },
        { uid: "twin2", cn: "Tom Twin", mail: "twin@corp.test", password: "twin-pass-1" },
      ];
      slapd = await startSlapd([...PEOPLE_LIST, ...twins], GROUP_LIST);
      const { LDAP_GROUP_BASE_DN: _searched, ...env } = baseEnv(slapd);
      app = await startTestApp("pglite", {}, { ...env, LDAP_GROUPS_ATTRIBUTE: "seeAlso", LDAP_MANAGER_GROUP: "finance, europe", PASSWORD_LOGIN: "off" });
    });
    afterAll(async () => {
      await app?.stop();
      await slapd?.stop();
    });

    it("reads the group DNs off the person, maps them by name, and exposes them", async () => {
      const ann = await login(app, "ann", "ann-pass-1");
      expect(ann.body.user).toMatchObject({ role: "admin", team_role: "manager" });
      const cat = await login(app, "cat", "cat-pass-1");
      expect(cat.body.user).toMatchObject({ role: "user", team_role: "member" });
      expect(await directoryGroupsOf(app.config.ldap!, "ann@corp.test")).toEqual([
        { dn: `cn=ws-admins,${GROUPS}`, name: "ws-admins" },
        { dn: `cn=Finance\\, Europe,${GROUPS}`, name: "Finance, Europe" },
      ]);
      expect(await directoryGroupsOf(app.config.ldap!, "nobody@corp.test")).toBeNull();
    });

    it("refuses a name or an e-mail several entries answer to", async () => {
      expect((await login(app, "twin@corp.test", "twin-pass-1")).body).toEqual({ error: LDAP_ERRORS.ambiguous });
      expect(await findPerson(app.config.ldap!, "twin@corp.test")).toEqual({ ambiguous: true });
      // By name the entry is one, but its e-mail is shared, and accounts are matched by e-mail.
      expect((await login(app, "twin1", "twin-pass-1")).body).toEqual({ error: LDAP_ERRORS.ambiguous });
      expect(await app.ctx.db.selectFrom("users").select("id").where("email", "=", "twin@corp.test").execute()).toEqual([]);
    });

    it("shows admins the directory's settings in force, never the service account's password", async () => {
      const admin = await api(app, (await login(app, "ann", "ann-pass-1")).body.accessToken).get("/api/admin/security");
      expect(admin.body.settings.sign_in.ldap).toEqual({
        url: slapd.url,
        start_tls: false,
        base_dn: SUFFIX,
        bind_dn: READER_DN,
        user_filter: "(objectClass=inetOrgPerson)",
        login_attribute: "uid",
        groups_from: "seeAlso",
        admin_group: "ws-admins",
        manager_group: "finance, europe",
        create_accounts: true,
        sync_interval_seconds: 0,
      });
      expect(JSON.stringify(admin.body)).not.toContain(READER_PASSWORD);
    });

    it("keeps the form for the directory with PASSWORD_LOGIN=off, and refuses local passwords", async () => {
      expect((await api(app).get("/api/auth/methods")).body).toEqual({ password: false, oidc: null, ldap: true });
      await app.ctx.db.insertInto("users").values({ email: "local@corp.test", full_name: "Local", password_hash: await hashPassword("local-pass-1") }).execute();
      expect((await login(app, "local@corp.test", "local-pass-1")).body).toEqual({ error: MESSAGES.invalidCredentials });
      expect((await login(app, "cat", "cat-pass-1")).status).toBe(200);
      // The break-glass admin keeps their own password.
      await app.ctx.db.insertInto("users").values({ email: "glass@corp.test", full_name: "Glass", role: "admin", password_hash: await hashPassword("glass-pass-1") }).execute();
      expect((await login(app, "glass@corp.test", "glass-pass-1")).status).toBe(200);
    });
  });

  describe("TLS", () => {
    let slapd: Slapd;
    let caFile: string;
    beforeAll(async () => {
      slapd = await startSlapd(PEOPLE_LIST, GROUP_LIST);
      caFile = slapd.caFile;
    });
    afterAll(async () => {
      await slapd?.stop();
    });

    it.each([
      ["ldaps://", (s: Slapd) => ({ LDAP_URL: s.ldapsUrl })],
      ["StartTLS", (s: Slapd) => ({ LDAP_URL: s.url.replace("127.0.0.1", "localhost"), LDAP_START_TLS: "1" })],
    ])("signs in over %s with the configured CA, and refuses a server it cannot trust", async (_name, env) => {
      const trusted = await startTestApp("pglite", {}, { ...baseEnv(slapd), ...env(slapd), LDAP_TLS_CA: caFile });
      const untrusted = await startTestApp("pglite", {}, { ...baseEnv(slapd), ...env(slapd) });
      try {
        const ok = await login(trusted, "cat", "cat-pass-1");
        expect(ok.status).toBe(200);
        expect(ok.body.user.email).toBe("cat@corp.test");
        const refused = await login(untrusted, "cat", "cat-pass-1");
        expect(refused.status).toBe(503);
        expect(refused.body.error).toBe(LDAP_ERRORS.unreachable);
      } finally {
        await trusted.stop();
        await untrusted.stop();
      }
    });
  });
});

describe("LDAP sync on its schedule", () => {
  it("runs by itself once a node takes the turn, and records what it did", async () => {
    const slapd = await startSlapd(PEOPLE_LIST, GROUP_LIST);
    const base = loadConfig({ JWT_SECRET: "test-secret-test-secret-123456", DATA_DIR: "/tmp/unused-ldap-config", ...baseEnv(slapd) }).ldap!;
    // Seconds are the setting's unit (at least 10); the test asks every second through the override.
    const app = await startTestApp("pglite", { ldap: { ...base, syncIntervalSeconds: 1 } });
    try {
      const deadline = Date.now() + 15_000;
      let row;
      while (!(row = await app.ctx.db.selectFrom("users").select(["email", "directory_dn"]).where("email", "=", "fay@corp.test").executeTakeFirst()) && Date.now() < deadline) {
        if (!(await app.ctx.db.selectFrom("users").select("id").where("email", "=", "cat@corp.test").executeTakeFirst())) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        // The first turn made the accounts; someone new in the directory appears at a later one.
        const admin = await slapd.admin();
        await admin.add(personDn("fay"), { objectClass: "inetOrgPerson", uid: "fay", cn: "Fay Fresh", sn: "Fresh", mail: "fay@corp.test", userPassword: "fay-pass-1" }).catch(() => undefined);
        await admin.unbind();
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(row).toEqual({ email: "fay@corp.test", directory_dn: personDn("fay") });
      const state = await sql<{ value: { last?: { listed: number } } }>`select value from app_settings where key = 'ldap_sync'`.execute(app.ctx.db);
      expect(state.rows[0].value.last?.listed).toBeGreaterThanOrEqual(6);
    } finally {
      await app.stop();
      await slapd.stop();
    }
  });
});

describe("LDAP directory down", () => {
  let silent: net.Server;
  let silentPort: number;
  const held: net.Socket[] = [];
  beforeAll(async () => {
    // Accepts connections and never answers: a directory that hangs.
    silent = net.createServer((s) => held.push(s));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", () => r()));
    silentPort = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise((r) => silent.close(r));
  });

  it.each([
    ["refusing connections", async () => `ldap://127.0.0.1:${await freePort()}`],
    ["not answering", async () => `ldap://127.0.0.1:${silentPort}`],
    ["not answering the TLS handshake", async () => `ldaps://127.0.0.1:${silentPort}`],
  ])("answers a clear 503 fast when the directory is %s, and local accounts still sign in", async (_name, url) => {
    const app = await startTestApp("pglite", {}, { LDAP_URL: await url(), LDAP_BASE_DN: SUFFIX, LDAP_BIND_DN: READER_DN, LDAP_BIND_PASSWORD: READER_PASSWORD, LDAP_TIMEOUT_MS: "500", LDAP_SYNC_INTERVAL: "0" });
    try {
      const started = Date.now();
      const res = await login(app, "ann", "ann-pass-1");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ error: LDAP_ERRORS.unreachable });
      expect(Date.now() - started).toBeLessThan(3000);
      const local = await makeUser(app);
      expect((await api(app, local.token).get("/api/auth/me")).body.email).toBe(local.email);
      await expect(syncDirectory(app.ctx, app.config.ldap!)).rejects.toThrow("directory unavailable");
    } finally {
      await app.stop();
    }
  });
});

// The harness's files are its own: nothing is left behind in the temporary folder.
it("slapd's folder goes when it stops", async () => {
  const s = await startSlapd([], {});
  const dir = s.dir;
  expect(fs.existsSync(path.join(dir, "slapd.conf"))).toBe(true);
  expect((await findPerson({ ...loadConfig({ JWT_SECRET: "test-secret-test-secret-123456", DATA_DIR: dir, LDAP_URL: s.url, LDAP_BASE_DN: PEOPLE, LDAP_BIND_DN: READER_DN, LDAP_BIND_PASSWORD: READER_PASSWORD }).ldap! }, "ann"))).toEqual({ missing: true });
  await s.stop();
  expect(fs.existsSync(dir)).toBe(false);
});
