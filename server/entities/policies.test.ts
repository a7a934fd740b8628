// The table policies as plain functions: each rule of docs/architecture.md ("Policies and audiences"), both ways, and
// the read filters compiled to SQL to show that user data only ever travels as parameters.
import { describe, it, expect } from "vitest";
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import type { Database, User } from "../db/schema";
import { TABLES } from "../features/registry";
import { canReadChannel, canDeleteChannel, DM_PAIR_REFUSED } from "../features/chat/channels.policy";
import { REMOVE_SHARING_REFUSED } from "../features/files/policy";
import { buildWhere } from "./where-sql";
import { parseWhere } from "@shared/where";

let n = 0;
const user = (fields: Partial<User> = {}): User => {
  n += 1;
  return { id: n, email: `u${n}@x.io`, full_name: `U${n}`, role: "user", team_role: "member", ...fields } as User;
};
const admin = user({ role: "admin" });
const teamAdmin = user({ team_role: "admin" });
const manager = user({ team_role: "manager" });
const alice = user();
const bob = user();

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe("channels policy", () => {
  const pub = { id: 1, type: "public" as const, members: [], is_system: false, created_by: null };
  const priv = { id: 2, type: "private" as const, members: [alice.email], is_system: false, created_by: alice.email };
  it("reads public channels for all, private ones for members", () => {
    expect(canReadChannel(bob, pub)).toBe(true);
    expect(canReadChannel(alice, priv)).toBe(true);
    expect(canReadChannel(bob, priv)).toBe(false);
    expect(canReadChannel(admin, { ...priv, type: "dm" })).toBe(false);
    expect(canReadChannel({ ...alice, email: alice.email.toUpperCase() }, priv)).toBe(true);
  });
  it("deletes only for role or team admins, never system channels", () => {
    expect(canDeleteChannel(admin, pub)).toBe(true);
    expect(canDeleteChannel(teamAdmin, pub)).toBe(true);
    expect(canDeleteChannel(manager, pub)).toBe(false);
    expect(canDeleteChannel(admin, { is_system: true })).toBe(false);
  });
  it("lets members edit, readers touch activity, and only admins make system channels", () => {
    const p = TABLES.channels.policy;
    const row = { ...priv, type: "public" as const } as never;
    expect(p.canUpdate(alice, row, { name: "x" })).toBe(true);
    expect(p.canUpdate(bob, row, { name: "x" })).toBe(false);
    expect(p.canUpdate(bob, row, { last_activity: new Date() })).toBe(true);
    expect(p.canUpdate(bob, row, { members: [alice.email, bob.email] })).toBe(true);
    expect(p.canUpdate(bob, row, { members: [] })).toBe(false);
    expect(p.canUpdate(alice, row, { type: "private" })).toBe(false);
    expect(p.canCreate(bob, { is_system: true }, db)).toBe(false);
    expect(p.canCreate(admin, { is_system: true }, db)).toBe(true);
  });
  it("keeps a dm between its creator and one other person, and its people fixed", () => {
    const p = TABLES.channels.policy;
    expect(p.canCreate(alice, { type: "dm", members: [bob.email] }, db)).toBe(true);
    expect(p.canCreate(alice, { type: "dm", members: [alice.email, bob.email] }, db)).toBe(true);
    expect(p.canCreate(alice, { type: "dm", members: [] }, db)).toBe(DM_PAIR_REFUSED);
    expect(p.canCreate(admin, { type: "dm", members: [alice.email, bob.email] }, db)).toBe(DM_PAIR_REFUSED);
    const dm = { ...priv, type: "dm" as const, members: [alice.email, bob.email], created_by: alice.email } as never;
    for (const u of [alice, admin]) {
      expect(p.canUpdate(u, dm, { members: [alice.email] })).toBe(false);
      expect(p.canUpdate(u, dm, { type: "private" })).toBe(false);
    }
    expect(p.canUpdate(alice, dm, { name: "us" })).toBe(true);
    expect(p.canUpdate(admin, { ...priv, type: "private" } as never, { type: "dm" })).toBe(false);
    expect(p.canUpdate(admin, { ...priv, type: "private" } as never, { type: "public" })).toBe(true);
  });
});

describe("messages policy", () => {
  const p = TABLES.messages.policy;
  const msg = { id: 1, channel_id: 7, sender_id: alice.id, sender_email: alice.email } as never;
  it("lets the sender edit and delete, admins delete, nobody else", () => {
    expect(p.canUpdate(alice, msg, { content: "x" })).toBe(true);
    expect(p.canUpdate(alice, msg, { sender_email: "x" })).toBe(false);
    expect(p.canUpdate(admin, msg, { content: "x" })).toBe(false);
    expect(p.canDelete(admin, msg)).toBe(true);
    expect(p.canDelete(bob, msg)).toBe(false);
  });
  it("reads a message only through its channel", () => {
    expect(p.canRead(bob, msg)).toBe(false);
    expect(p.canRead(bob, msg, { channel: { id: 7, type: "public", members: [] } })).toBe(true);
    expect(p.canRead(bob, msg, { channel: { id: 7, type: "private", members: [] } })).toBe(false);
    expect(p.canRead(bob, msg, { channel: { id: 8, type: "public", members: [] } })).toBe(false);
  });
});

describe("tasks, events, notes policies", () => {
  const task = { assignee_email: alice.email, assignee_emails: [alice.email], created_by: bob.email } as never;
  it("tasks: assignees, creator, managers, admins", () => {
    for (const u of [alice, bob, manager, admin, teamAdmin]) expect(TABLES.tasks.policy.canUpdate(u, task, {})).toBe(true);
    expect(TABLES.tasks.policy.canDelete(user(), task)).toBe(false);
    expect(TABLES.tasks.policy.readFilter(manager)).toBeNull();
  });
  it("calendar events: creator changes, attendees read", () => {
    const ev = { created_by: alice.email, attendees: [bob.email] } as never;
    expect(TABLES.calendar_events.policy.canRead(bob, ev)).toBe(true);
    expect(TABLES.calendar_events.policy.canUpdate(bob, ev, {})).toBe(false);
    expect(TABLES.calendar_events.policy.canDelete(alice, ev)).toBe(true);
    expect(TABLES.calendar_events.policy.canRead(admin, ev)).toBe(false);
  });
  it("notes: creator only", () => {
    const note = { created_by: alice.email } as never;
    expect(TABLES.notes.policy.canRead(alice, note)).toBe(true);
    expect(TABLES.notes.policy.canRead(admin, note)).toBe(false);
    expect(TABLES.notes.policy.serverFields.create(bob, { created_by: alice.email, org_key: "x" }, db)).toEqual({ created_by: bob.email, org_key: "org_1" });
  });
});

describe("approval requests policy", () => {
  const p = TABLES.approval_requests.policy;
  const pending = { created_by: alice.email, status: "pending" } as never;
  const decided = { created_by: alice.email, status: "approved" } as never;
  it("decisions: managers and admins, never the requester", () => {
    expect(p.canUpdate(manager, pending, { status: "approved" })).toBe(true);
    expect(p.canUpdate(teamAdmin, pending, { approver_comments: "ok" })).toBe(true);
    expect(p.canUpdate(alice, pending, { status: "approved" })).toBe(false);
    expect(p.canUpdate(bob, pending, { status: "rejected" })).toBe(false);
    expect(p.canUpdate({ ...manager, email: alice.email }, pending, { status: "approved" })).toBe(false);
  });
  it("edits and withdrawal: the requester while pending", () => {
    expect(p.canUpdate(alice, pending, { title: "x" })).toBe(true);
    expect(p.canUpdate(alice, decided, { title: "x" })).toBe(false);
    expect(p.canUpdate(manager, pending, { title: "x" })).toBe(false);
    expect(p.canDelete(alice, pending)).toBe(true);
    expect(p.canDelete(alice, decided)).toBe(false);
    expect(p.canDelete(manager, pending)).toBe(false);
  });
  it("sets who-did-it fields from the token", () => {
    expect(p.serverFields.create(alice, { status: "approved" }, db)).toMatchObject({ created_by: alice.email, status: "pending", requested_by_name: alice.full_name });
    expect(p.serverFields.update!(manager, pending, { status: "approved" })).toMatchObject({ approver_email: manager.email, decision_date: expect.any(Date) });
  });
});

describe("shared files, resources, storage config policies", () => {
  const p = TABLES.shared_files.policy;
  const file = { created_by: alice.email, shared_with_emails: [bob.email] } as never;
  it("shared files: add for all with access, remove for owner, managers and admins", () => {
    expect(p.canUpdate(bob, file, { shared_with_emails: [bob.email, "c@x.io"] })).toBe(true);
    expect(p.canUpdate(bob, file, { shared_with_emails: ["c@x.io"] })).toBe(REMOVE_SHARING_REFUSED);
    expect(p.canUpdate(bob, file, { name: "x" })).toBe(false);
    expect(p.canUpdate(manager, file, { shared_with_emails: [] })).toBe(true);
    expect(p.canUpdate(alice, file, { shared_with_emails: [] })).toBe(true);
    expect(p.canDelete(bob, file)).toBe(false);
    expect(p.canDelete(bob, { created_by: null, shared_with_emails: [bob.email] } as never)).toBe(true);
  });
  it("resources: managers and admins write", () => {
    expect(TABLES.resources.policy.canCreate(manager, {}, db)).toBe(true);
    expect(TABLES.resources.policy.canCreate(alice, {}, db)).toBe(false);
    expect(TABLES.resources.policy.canDelete(admin, {} as never)).toBe(true);
  });
  it("storage config: admins only", () => {
    expect(TABLES.org_storage_config.policy.canList!(teamAdmin)).toBe(true);
    expect(TABLES.org_storage_config.policy.canList!(manager)).toBe(false);
    expect(TABLES.org_storage_config.policy.canUpdate(manager, {} as never, {})).toBe(false);
  });
  it("users: admins create and delete others; self or admins change", () => {
    expect(TABLES.users.policy.canCreate(alice, {}, db)).toBe(false);
    expect(TABLES.users.policy.canDelete(admin, admin as never)).toBe(false);
    expect(TABLES.users.policy.canDelete(admin, alice as never)).toBe(true);
    expect(TABLES.users.policy.canUpdate(alice, alice as never, {})).toBe(true);
    expect(TABLES.users.policy.canUpdate(alice, bob as never, {})).toBe(false);
  });
});

describe("read filters and where clauses compile to parameters only", () => {
  const sneaky = user({ email: "o'hara@x.io" });
  it("keeps user data out of the SQL text", () => {
    for (const table of ["channels", "messages", "tasks", "calendar_events", "notes", "approval_requests", "shared_files"] as const) {
      const filter = TABLES[table].policy.readFilter(sneaky);
      expect(filter).not.toBeNull();
      const q = (db as any).selectFrom(table).selectAll().where(filter).compile();
      expect(q.sql).not.toContain("hara");
      expect(q.parameters).toContain("o'hara@x.io");
    }
  });
  it("builds where trees with bound values", () => {
    const tree = parseWhere("title = 'x''; DROP TABLE users; --' OR JSON_CONTAINS(assignee_emails, 'A@B.io') OR id IN (1, 2)")!;
    const q = db.selectFrom("tasks").selectAll().where(buildWhere("tasks", tree)).compile();
    expect(q.sql).not.toMatch(/DROP|a@b\.io/i);
    expect(q.parameters).toEqual(["x'; DROP TABLE users; --", "a@b.io", 1, 2]);
  });
});
