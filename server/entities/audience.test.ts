// Each table states its read rule once, as SQL (the policy's readFilter); the feed and the
// policies check reads in memory through the table's audience (server/entities/audience.ts). This
// proves the two agree: over generated users (every role) and rows (every way a row names people,
// addresses in mixed case, people without accounts), the rows SQL lets each user read are exactly
// the rows whose audience meets the rooms the user's sockets are in.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import type { Kysely } from "kysely";
import { ENTITY_TABLES, type EntityTable } from "@shared/entities";
import { ENGINES, createTestDatabase, type Engine } from "../test/harness";
import { pgliteTemplate } from "../test/pglite-template";
import { migrate, openDb, type DbHandle } from "../db";
import type { User } from "../db/schema";
import { TABLES } from "../features/registry";
import type { TablePolicy } from "./policy";
import type { Condition } from "./where-sql";

// A small deterministic generator: the same rows every run, so a failure can be replayed.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe.each(ENGINES)("read rules: SQL and audience agree (%s)", (engine: Engine) => {
  let handle: DbHandle;
  let drop = async () => {};
  const users: User[] = [];
  const rand = rng(20261124);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const some = <T>(list: readonly T[], max = 3) => [...new Set(Array.from({ length: Math.floor(rand() * (max + 1)) }, () => pick(list)))];
  const db = () => handle.db as unknown as Kysely<any>;

  beforeAll(async () => {
    if (engine === "postgres") {
      const t = await createTestDatabase();
      drop = t.drop;
      handle = await openDb({ databaseUrl: t.url, poolSize: 2 });
    } else handle = await openDb({ pgliteDump: await pgliteTemplate() });
    await migrate(handle.db);
    const roles = [
      ["user", "member"],
      ["user", "manager"],
      ["user", "admin"],
      ["admin", "member"],
      ["admin", "admin"],
    ] as const;
    for (let i = 0; i < 15; i++) {
      const [role, team_role] = roles[i % roles.length];
      users.push((await db().insertInto("users").values({ email: `person${i}@example.test`, full_name: `P${i}`, role, team_role }).returningAll().executeTakeFirstOrThrow()) as User);
    }
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await drop();
  });

  // Addresses as rows hold them (lower-cased by the input rules), plus strangers with no account.
  const addresses = () => [...users.map((u) => u.email), "stranger@example.test", "nobody@elsewhere.test"];

  async function rowsOf(table: EntityTable): Promise<Record<string, unknown>[]> {
    const a = addresses();
    for (let i = 0; i < 40; i++) {
      const values: Record<string, Record<string, unknown>> = {
        users: { email: `gen${i}.${rand().toString(36).slice(2, 8)}@example.test`, full_name: "G" },
        channels: { name: `c${i}`, type: pick(["public", "private", "dm"]), members: some(a) },
        messages: {},
        message_reactions: {},
        message_edits: {},
        tasks: { title: "t", assignee_email: rand() < 0.3 ? null : pick(a), assignee_emails: some(a), created_by: rand() < 0.2 ? null : pick(a) },
        calendar_events: { title: "e", start_datetime: "2030-01-01 09:00:00", end_datetime: "2030-01-01 10:00:00", created_by: pick(a), attendees: some(a) },
        notes: { topic: "n", content: "c", created_by: pick(a) },
        approval_requests: { title: "r", description: "d", created_by: pick(a) },
        shared_files: { name: "f", created_by: rand() < 0.2 ? null : pick(a), shared_with_emails: some(a) },
        resources: { title: "r", url: "https://example.test" },
        org_storage_config: { storage_provider: "local" },
        channel_reads: {},
        thread_follows: {},
        notifications: { user_id: users[i % users.length].id, kind: "task", title: "t" },
        channel_notification_settings: {},
        incoming_webhooks: {},
        message_link_previews: {},
        groups: { name: `Group ${i}`, handle: `g${i}-${rand().toString(36).slice(2, 6)}`, source: pick(["local", "directory"]), created_by: pick(a) },
        group_members: {},
        sidebar_sections: { user_id: users[i % users.length].id, kind: "custom", name: `s${i}`, position: i, channel_ids: [] },
      };
      if (table === "messages") {
        const channels = await db().selectFrom("channels").select("id").execute();
        values.messages = { channel_id: pick(channels).id, content: "m", sender_name: "s", sender_email: pick(a) };
      }
      // Reactions and earlier versions belong to a message and name its channel.
      if (table === "message_reactions" || table === "message_edits") {
        const list = await db().selectFrom("messages").select(["id", "channel_id"]).execute();
        const m = pick(list);
        values[table] =
          table === "message_reactions"
            ? { message_id: m.id, channel_id: m.channel_id, user_email: pick(a), emoji: `${pick(["👍", "🎉", "👀"])}${i}` }
            : { message_id: m.id, channel_id: m.channel_id, content: "old", written_at: new Date(), edited_by: pick(a) };
      }
      if (table === "channel_reads") {
        // One position per person and channel, of every person: the channels are made first.
        const channels = await db().selectFrom("channels").select("id").orderBy("id").execute();
        values.channel_reads = { channel_id: channels[i % channels.length].id, user_id: users[i % users.length].id, last_read_message_id: Math.floor(rand() * 50) };
      }
      if (table === "thread_follows") {
        // A person's row for a thread (a message), of every person, followed or not.
        const list = await db().selectFrom("messages").select(["id", "channel_id"]).execute();
        const m = pick(list);
        values.thread_follows = { thread_root_id: m.id, channel_id: m.channel_id, user_id: users[i % users.length].id, following: rand() < 0.7, last_read_message_id: Math.floor(rand() * 50) };
      }
      if (table === "channel_notification_settings") {
        // A person's level for a channel, of every person and level.
        const list = await db().selectFrom("channels").select("id").execute();
        values.channel_notification_settings = { channel_id: pick(list).id, user_id: users[i % users.length].id, level: pick(["all", "mentions", "muted"]) };
      }
      if (table === "incoming_webhooks") {
        const list = await db().selectFrom("channels").select("id").execute();
        values.incoming_webhooks = { channel_id: pick(list).id, name: "hook", token_hash: `h${i}.${rand()}`, created_by: pick(a) };
      }
      if (table === "message_link_previews") {
        // A message's previews, of every status: only ready ones are anybody's to read.
        const list = await db().selectFrom("messages").select(["id", "channel_id"]).execute();
        const m = pick(list);
        values.message_link_previews = { message_id: m.id, channel_id: m.channel_id, url: `https://example.test/${i}`, status: pick(["pending", "ready", "failed", "removed"]) };
      }
      if (table === "group_members") {
        // A group's people, every group of every source (made first when there are none).
        let list = await db().selectFrom("groups").select("id").execute();
        if (!list.length) list = (await rowsOf("groups")).map((g) => ({ id: g.id as number }));
        values.group_members = { group_id: pick(list).id, user_email: pick(a) };
      }
      // A generated dm may repeat an earlier pair (one dm per pair): that row is simply not added.
      await db().insertInto(table).values(values[table]).onConflict((oc) => oc.doNothing()).execute();
    }
    return db().selectFrom(table).selectAll().execute();
  }

  it.each(ENTITY_TABLES)("%s", async (table) => {
    const inChannel = table === "messages" || table === "message_reactions" || table === "message_edits" || table === "channel_reads" || table === "incoming_webhooks" || table === "message_link_previews";
    if (inChannel && !(await db().selectFrom("channels").select("id").limit(1).execute()).length) await rowsOf("channels");
    if ((table === "thread_follows" || table === "channel_notification_settings") && !(await db().selectFrom("channels").select("id").limit(1).execute()).length) await rowsOf("channels");
    if ((table === "message_reactions" || table === "message_edits" || table === "thread_follows" || table === "message_link_previews") && !(await db().selectFrom("messages").select("id").limit(1).execute()).length) await rowsOf("messages");
    const rows = await rowsOf(table);
    const policy = TABLES[table].policy as unknown as TablePolicy<any>;
    const channels = new Map((await db().selectFrom("channels").selectAll().execute()).map((c: any) => [c.id, c]));
    for (const user of users) {
      const filter = policy.readFilter(user) as Condition | null;
      let q = db().selectFrom(table).select(`${table}.id as id`);
      if (filter) q = q.where(filter);
      const bySql = (await q.execute()).map((r: { id: number }) => r.id).sort((x: number, y: number) => x - y);
      const inMemory = rows
        .filter((r) => policy.canRead(user, r, inChannel ? { channel: channels.get(r.channel_id as number) } : undefined))
        .map((r) => r.id as number)
        .sort((x, y) => x - y);
      expect(inMemory, `${table} as ${user.email} (${user.role}/${user.team_role})`).toEqual(bySql);
    }
    // The generator is worth something only if it produced both answers.
    expect(rows.length).toBeGreaterThan(0);
  });
});
