// One write path (docs/architecture.md, "The write path"): every command's change records are
// written by the ChangeLog (./changelog.ts), in a statement of their own or as a CTE of a group
// commit's statement, never by hand. Three checks: no file outside server/feed/ writes to
// `changes`; the audiences in SQL that batched statements store agree with the policies'; and
// every command of the socket table, run for real, leaves only records the ChangeLog stored.
import fs from "node:fs";
import path from "node:path";
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { sql } from "kysely";
import type { EntityTable } from "@shared/entities";
import { ENGINES, startTestApp, makeUser, makeChannel, type TestApp, type TestUser } from "../test/harness";
import { call, connect, type ClientSocket } from "../test/clients";
import { SOCKET_COMMANDS } from "../features";
import { TABLES } from "../features/registry";
import { audienceOf, audienceSqlOf } from "../entities/tables";
import { ChangeLog } from "./changelog";

const ROOT = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "dist" ? [] : sourceFiles(p);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(e.name) ? [p] : [];
  });
}

describe("change records are written in server/feed/ only", () => {
  it("no file outside server/feed/ inserts into changes or calls the feed's insert", () => {
    const own = path.join(ROOT, "server/feed") + path.sep;
    const hits = ["server", "shared", "bench", "scripts", "e2e", "migrations"]
      .flatMap((d) => sourceFiles(path.join(ROOT, d)))
      .filter((f) => !f.startsWith(own))
      .filter((f) => {
        const text = fs.readFileSync(f, "utf8");
        return /insert\s+into\s+"?changes"?[\s(]/i.test(text) || /insertInto\(\s*["'`]changes["'`]\s*\)/.test(text) || /\binsertChanges\b/.test(text);
      })
      .map((f) => path.relative(ROOT, f));
    expect(hits).toEqual([]);
  });
});

/** Who runs each command, with what input; `records`: what it must have recorded (table.op). */
interface Step {
  as?: "admin" | "ann";
  input: (s: State) => unknown;
  records?: string[];
}
type State = Record<string, number>;
/** A person to put in a group (set once the test's people exist). */
let member = "";

/** Commands that write no change record: live state with its own pushes and history (docs/architecture.md, "The write path"), or reads. */
const NO_RECORDS: Record<string, string> = {
  "channels.typing": "a volatile notice to the channel's room",
  "changes.since": "reads the feed",
  "presence.update": "presence is live state",
  "presence.subscribe": "presence is live state",
  "signals.send": "a signal is live state",
  "calls.initiate": "calls are live state",
  "calls.initiateGroup": "calls are live state",
  "calls.answer": "calls are live state",
  "calls.end": "calls are live state",
  "calls.invite": "calls are live state",
  "calls.resume": "calls are live state",
  "calls.mute": "calls are live state",
  "meetings.join": "calls are live state",
  "meetings.raiseHand": "calls are live state",
  "meetings.mute": "calls are live state",
  "meetings.remove": "calls are live state",
  "sfu.publish": "media signalling",
  "sfu.answer": "media signalling",
  "sfu.trickle": "media signalling",
  "sfu.configure": "media signalling",
};

/** Commands run below that change nothing, refused by their policy or with nothing to change: no record. */
const NOT_DONE = [
  "message_reactions.update",
  "message_edits.create",
  "message_edits.update",
  "message_edits.delete",
  "notifications.create",
  "notifications.update",
  "notifications.delete",
  "channel_reads.delete",
  "thread_follows.delete",
  "channel_notification_settings.delete",
  "incoming_webhooks.update",
  // A membership's group and person are fixed once made: there is nothing to update.
  "group_members.update",
  // Made by the server from a message's links; removed by the message's author (not the admin here).
  "message_link_previews.create",
  "message_link_previews.update",
  "message_link_previews.delete",
];

const at = "2030-01-01 09:00:00";
const until = "2030-01-01 10:00:00";

/** The input of each entity table's create and update (the generic commands, server/entities/commands.ts). */
const CREATE: { [T in EntityTable]?: (s: State) => Record<string, unknown> } = {
  users: () => ({ email: `made.${Date.now()}@example.test`, password: "password-123", full_name: "Made Here" }),
  message_reactions: (s) => ({ message_id: s.root, emoji: "👍" }),
  message_edits: (s) => ({ message_id: s.root, content: "old" }),
  notes: () => ({ topic: "Topic", content: "Content" }),
  tasks: () => ({ title: "Task" }),
  resources: () => ({ title: "Wiki", url: "https://example.com/wiki" }),
  channels: (s) => ({ name: `made-${s.seq}`, type: "private", members: [] }),
  shared_files: () => ({ name: "file.txt" }),
  calendar_events: () => ({ title: "Event", start_datetime: at, end_datetime: until }),
  approval_requests: () => ({ title: "Request", description: "Please" }),
  org_storage_config: () => ({ storage_provider: "local", storage_config: { local: { base_path: "/tmp/rec" } } }),
  channel_reads: (s) => ({ channel_id: s.channel, last_read_message_id: s.root }),
  thread_follows: (s) => ({ thread_root_id: s.root }),
  notifications: () => ({}),
  channel_notification_settings: (s) => ({ channel_id: s.channel, level: "mentions" }),
  incoming_webhooks: (s) => ({ channel_id: s.channel, name: "Deploys" }),
  message_link_previews: () => ({}),
  sidebar_sections: () => ({ name: "Projects" }),
  groups: (s) => ({ name: "Release team", handle: `release-${s.seq}` }),
  group_members: (s) => ({ group_id: s.groups, user_email: member }),
};
const UPDATE: { [T in EntityTable]?: Record<string, unknown> } = {
  users: { job_title: "Tester" },
  messages: { content: "edited" },
  message_reactions: { emoji: "🎉" },
  message_edits: { content: "x" },
  notes: { content: "Changed" },
  tasks: { title: "Changed" },
  resources: { title: "Changed" },
  channels: { description: "Changed" },
  shared_files: { name: "other.txt" },
  calendar_events: { title: "Changed" },
  approval_requests: { title: "Changed" },
  org_storage_config: { is_active: false },
  notifications: { read: true },
  sidebar_sections: { collapsed: true },
  groups: { name: "Release crew" },
};

function steps(): Record<string, Step[]> {
  const out: Record<string, Step[]> = {
    // The group-committed hot path: a root, a reply (its root's counters and the follows), a reaction.
    "messages.create": [
      { as: "ann", input: (s) => ({ channel_id: s.channel, content: "root" }), records: ["messages.create"] },
      { as: "ann", input: (s) => ({ channel_id: s.channel, thread_root_id: s.root, content: "reply" }), records: ["messages.create", "messages.update", "thread_follows.create"] },
    ],
    "messages.resolve": [{ as: "ann", input: (s) => ({ thread_root_id: s.root, resolved: true }), records: ["messages.update"] }],
    "channel_reads.update": [{ as: "ann", input: (s) => ({ channel_id: s.channel, message_id: s.root }), records: ["channel_reads.create"] }],
    "thread_follows.update": [{ as: "ann", input: (s) => ({ thread_root_id: s.root, following: false }), records: ["thread_follows.update"] }],
    "channel_notification_settings.update": [{ as: "ann", input: (s) => ({ channel_id: s.channel, level: "muted" }), records: ["channel_notification_settings.create"] }],
    // The admin's own section of the generic create above, then the three defaults setup makes after it.
    "sidebar_sections.setup": [{ as: "admin", input: () => ({}), records: ["sidebar_sections.create"] }],
    "sidebar_sections.move": [{ as: "admin", input: (s) => ({ channel_id: s.channel, section_id: s.sidebar_sections }), records: ["sidebar_sections.update"] }],
    "sidebar_sections.order": [{ as: "admin", input: (s) => ({ ids: [s.sidebar_sections + 3, s.sidebar_sections + 2, s.sidebar_sections + 1, s.sidebar_sections] }), records: ["sidebar_sections.update"] }],
  };
  for (const table of Object.keys(TABLES) as EntityTable[]) {
    const create = CREATE[table];
    if (create) out[`${table}.create`] ??= [{ as: "admin", input: create }];
    const patch = UPDATE[table];
    out[`${table}.update`] ??= [{ as: table === "messages" ? "ann" : "admin", input: (s) => ({ id: s[table] ?? 0, ...patch }) }];
    out[`${table}.delete`] ??= [{ as: table === "messages" ? "ann" : "admin", input: (s) => ({ id: s[table] ?? 0 }) }];
  }
  return out;
}

describe.each(ENGINES)("every command writes its change records through the ChangeLog (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser, ann: TestUser;
  let sockets: Record<"admin" | "ann", ClientSocket>;
  const seen = new Map<number, string>();
  let stop: () => void;
  const state: State = { seq: 0 };

  beforeAll(async () => {
    app = await startTestApp(engine);
    stop = ChangeLog.observe((c) => seen.set(c.seq, `${c.table}.${c.op}`));
    admin = await makeUser(app, { role: "admin" });
    ann = await makeUser(app, { full_name: "Ann Writer" });
    member = ann.email;
    const ch = await makeChannel(app, { type: "private", members: [admin.email, ann.email] });
    state.channel = ch.id;
    sockets = { admin: await connect(app.url, admin.token), ann: await connect(app.url, ann.token) };
  }, 240_000);
  afterAll(async () => {
    stop?.();
    for (const s of Object.values(sockets ?? {})) s.close();
    await app?.stop();
  }, 60_000);

  it("agrees with the policies on the rooms a batched statement stores", async () => {
    for (const table of Object.keys(TABLES) as EntityTable[]) {
      if (!TABLES[table].policy.audienceSql) continue;
      for (const row of [{ id: 1, channel_id: 7, user_id: 9 }, { id: 2, channel_id: 12345, user_id: 3 }]) {
        const { rows } = await sql<{ a: string[] }>`with r as (select ${row.id}::int as id, ${row.channel_id}::int as channel_id, ${row.user_id}::int as user_id)
          select ${audienceSqlOf(table, "r")} as a from r`.execute(app.ctx.db);
        expect(rows[0].a, table).toEqual(audienceOf(table, row));
      }
    }
  });

  const newestId = async (table: EntityTable) =>
    Number((await sql<{ id: number | null }>`select max(id) as id from ${sql.table(table)}`.execute(app.ctx.db)).rows[0]?.id ?? 0);

  it("runs every command of the socket table; each change row it leaves came through the ChangeLog", async () => {
    const plan = steps();
    const names = Object.keys(SOCKET_COMMANDS);
    // Every command is either run here or said to write no record.
    expect(names.filter((n) => !(n in plan) && !(n in NO_RECORDS))).toEqual([]);
    expect(names.filter((n) => n in plan && n in NO_RECORDS)).toEqual([]);
    // A group's memberships go with it: theirs is deleted first, while there is one to delete.
    const deletes = names.filter((n) => n.endsWith(".delete")).sort((x, y) => Number(y === "group_members.delete") - Number(x === "group_members.delete"));
    const order = [...names.filter((n) => n === "messages.create"), ...names.filter((n) => !n.endsWith(".delete") && n !== "messages.create"), ...deletes];
    const outcomes: Record<string, string> = {};
    for (const name of order) {
      for (const step of plan[name] ?? []) {
        state.seq++;
        const table = name.split(".")[0];
        if (!name.endsWith(".create") && state[table] == null && table in TABLES) state[table] = await newestId(table as EntityTable);
        const head = Number((await app.ctx.db.selectFrom("changes").select((eb) => eb.fn.max("seq").as("s")).executeTakeFirst())?.s ?? 0);
        const ack = await call<{ id?: number }>(sockets[step.as ?? "admin"], name, step.input(state));
        outcomes[name] = ack.ok ? "ok" : `refused: ${ack.error}`;
        if (ack.ok && typeof ack.data?.id === "number") {
          if (name === "messages.create") state.root ??= ack.data.id;
          if (name.endsWith(".create")) state[table] = ack.data.id;
        }
        const rows = await app.ctx.db.selectFrom("changes").select(["seq", "tbl", "op"]).where("seq", ">", head).orderBy("seq").execute();
        const made = rows.map((r) => `${r.tbl}.${r.op}`);
        // Every record was stored by a ChangeLog, as the table and op it names.
        expect(rows.filter((r) => seen.get(Number(r.seq)) !== `${r.tbl}.${r.op}`), `${name}: records not through the ChangeLog`).toEqual([]);
        for (const want of step.records ?? []) expect(made, `${name} (${outcomes[name]})`).toContain(want);
        // A command did its write and recorded a change of its table, or is one that changes nothing.
        const recorded = made.some((m) => m.startsWith(`${table}.`));
        expect({ name, recorded }).toEqual({ name, recorded: !NOT_DONE.includes(name) });
        if (!NOT_DONE.includes(name)) expect(outcomes[name]).toBe("ok");
      }
    }
  }, 240_000);
});
