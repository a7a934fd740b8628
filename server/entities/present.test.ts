// One presenter for REST and sockets: for every table, the row a reader gets from
// GET /entities/{table}/{id} and the row the same reader receives in `entities.change` (or
// `messages.create`) are the same object, field for field, and both match the row schema in
// shared/entities exactly (no internal column such as stored_file_id or sender_id).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { ENTITIES, ENTITY_TABLES, type EntityTable } from "@shared/entities";
import type { ChangesPage, EntityChange } from "@shared/realtime";
import { ENGINES, startTestApp, makeUser, api, type TestApp, type TestUser } from "../test/harness";
import { call, connect, record, recordMessages, until, type ClientSocket } from "../test/clients";
import { createNotification } from "../features/notifications/worker";

describe.each(ENGINES)("REST and socket rows are the same (%s)", (engine) => {
  let app: TestApp;
  let admin: TestUser, manager: TestUser, reader: TestUser;
  let readerSocket: ClientSocket, adminSocket: ClientSocket;

  beforeAll(async () => {
    app = await startTestApp(engine);
    admin = await makeUser(app, { role: "admin", full_name: "Ada Admin" });
    manager = await makeUser(app, { team_role: "manager", full_name: "Max Manager" });
    reader = await makeUser(app, { full_name: "Rita Reader" });
    [readerSocket, adminSocket] = await Promise.all([connect(app.url, reader.token), connect(app.url, admin.token)]);
  }, 180_000);
  afterAll(async () => {
    readerSocket?.close();
    adminSocket?.close();
    await app?.stop();
  });

  /** Creates a row of `table` through REST in a way that `watcher` may read it; returns its id. */
  async function createFor(table: EntityTable): Promise<{ id: number; watcher: TestUser; socket: ClientSocket }> {
    const asAdmin = api(app, admin.token);
    const asManager = api(app, manager.token);
    const asReader = api(app, reader.token);
    const r = (res: { status: number; body: any }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    switch (table) {
      case "users":
        return { id: r(await asAdmin.post("/api/entities/users", { email: `new${Date.now()}@example.test`, password: "password-123", full_name: "New" })), watcher: reader, socket: readerSocket };
      case "channels":
        return { id: r(await asManager.post("/api/entities/channels", { name: "same-fields", type: "public" })), watcher: reader, socket: readerSocket };
      case "messages": {
        const joined = record<EntityChange>(readerSocket, "entities.change");
        const ch = r(await asAdmin.post("/api/entities/channels", { name: "same-fields-chat", type: "public" }));
        // The channel's event comes after the reader's socket joined its room.
        await until(joined, (c) => c.table === "channels" && c.id === ch);
        return { id: r(await asManager.post("/api/entities/messages", { channel_id: ch, content: "hello" })), watcher: reader, socket: readerSocket };
      }
      case "message_reactions":
      case "message_edits": {
        const joined = record<EntityChange>(readerSocket, "entities.change");
        const ch = r(await asAdmin.post("/api/entities/channels", { name: `same-fields-${table}`, type: "public" }));
        await until(joined, (c) => c.table === "channels" && c.id === ch);
        const message = r(await asManager.post("/api/entities/messages", { channel_id: ch, content: "hello" }));
        if (table === "message_reactions") return { id: r(await asManager.post("/api/entities/message_reactions", { message_id: message, emoji: "👍" })), watcher: reader, socket: readerSocket };
        // An earlier version is written by the edit that replaces it.
        expect((await asManager.patch(`/api/entities/messages/${message}`, { content: "hello again" })).status).toBe(200);
        const edit = await until(joined, (c) => c.table === "message_edits" && c.op === "create" && c.row.message_id === message);
        return { id: edit.id, watcher: reader, socket: readerSocket };
      }
      case "tasks":
        return { id: r(await asManager.post("/api/entities/tasks", { title: "Same", assignee_emails: [reader.email], due_date: "2026-12-01" })), watcher: reader, socket: readerSocket };
      case "calendar_events":
        return {
          id: r(await asManager.post("/api/entities/calendar_events", { title: "Sync", start_datetime: "2026-12-01 10:00:00", end_datetime: "2026-12-01 11:00:00", event_type: "meeting", attendees: [reader.email] })),
          watcher: reader,
          socket: readerSocket,
        };
      case "notes":
        return { id: r(await asReader.post("/api/entities/notes", { topic: "Mine", content: "text", tags: ["a"] })), watcher: reader, socket: readerSocket };
      case "approval_requests":
        return { id: r(await asReader.post("/api/entities/approval_requests", { title: "Leave", description: "Days off", category: "Time Off", start_date: "2026-12-01", end_date: "2026-12-02" })), watcher: reader, socket: readerSocket };
      case "shared_files":
        return { id: r(await asManager.post("/api/entities/shared_files", { name: "plan.pdf", shared_with_emails: [reader.email], file_size: 12 })), watcher: reader, socket: readerSocket };
      case "resources":
        return { id: r(await asManager.post("/api/entities/resources", { title: "Wiki", url: "https://example.test/wiki", tags: ["x"] })), watcher: reader, socket: readerSocket };
      case "org_storage_config":
        return { id: r(await asAdmin.post("/api/entities/org_storage_config", { storage_provider: "local", storage_config: { local: { base_path: "/tmp" } } })), watcher: admin, socket: adminSocket };
      case "channel_reads": {
        // A read position is its owner's alone; reading on moves it (channel_reads.update).
        const ch = r(await asAdmin.post("/api/entities/channels", { name: "same-fields-reads", type: "public" }));
        const first = r(await asManager.post("/api/entities/messages", { channel_id: ch, content: "one" }));
        UPDATES.channel_reads!.last_read_message_id = r(await asManager.post("/api/entities/messages", { channel_id: ch, content: "two" }));
        return { id: r(await asReader.post("/api/entities/channel_reads", { channel_id: ch, last_read_message_id: first })), watcher: reader, socket: readerSocket };
      }
      case "thread_follows": {
        // A person's follow of a thread is theirs alone; unfollowing changes it (thread_follows.update).
        const ch = r(await asAdmin.post("/api/entities/channels", { name: "same-fields-threads", type: "public" }));
        const root = r(await asManager.post("/api/entities/messages", { channel_id: ch, content: "root" }));
        return { id: r(await asReader.post("/api/entities/thread_follows", { thread_root_id: root })), watcher: reader, socket: readerSocket };
      }
      case "channel_notification_settings": {
        // A person's level for a channel is theirs alone (channel_notification_settings.update).
        const ch = r(await asAdmin.post("/api/entities/channels", { name: "same-fields-notify", type: "public" }));
        return { id: r(await asReader.post("/api/entities/channel_notification_settings", { channel_id: ch, level: "mentions" })), watcher: reader, socket: readerSocket };
      }
      case "incoming_webhooks": {
        // Seen by the channel's readers; made by those who manage it (docs/integrations.md).
        const joined = record<EntityChange>(readerSocket, "entities.change");
        const ch = r(await asAdmin.post("/api/entities/channels", { name: "same-fields-hooks", type: "public" }));
        await until(joined, (c) => c.table === "channels" && c.id === ch);
        return { id: r(await asAdmin.post("/api/entities/incoming_webhooks", { channel_id: ch, name: "Grafana" })), watcher: reader, socket: readerSocket };
      }
      case "message_link_previews": {
        // Made by the server from a message's link (docs/integrations.md, "Link previews"): the page
        // is in the cache, so the worker fetches nothing and stores the preview at once.
        await app.ctx.db.insertInto("link_previews").values({ url: "https://example.test/same-fields", title: "Same", description: "Fields", site_name: "Example", image: null, error: null, fetched_at: new Date() }).execute();
        const joined = record<EntityChange>(readerSocket, "entities.change");
        const ch = r(await asAdmin.post("/api/entities/channels", { name: "same-fields-previews", type: "public" }));
        await until(joined, (c) => c.table === "channels" && c.id === ch);
        r(await asAdmin.post("/api/entities/messages", { channel_id: ch, content: "see https://example.test/same-fields" }));
        const made = await until(joined, (c) => c.table === "message_link_previews" && c.op === "create", 10_000);
        return { id: made.id, watcher: reader, socket: readerSocket };
      }
      case "sidebar_sections":
        // One's own sections only (docs/channels.md, "Sidebar").
        return { id: r(await asReader.post("/api/entities/sidebar_sections", { name: "Same fields" })), watcher: reader, socket: readerSocket };
      case "groups":
        return { id: r(await asManager.post("/api/entities/groups", { name: "Same fields", handle: `same-${Date.now()}` })), watcher: reader, socket: readerSocket };
      case "group_members": {
        const group = r(await asManager.post("/api/entities/groups", { name: "Members", handle: `members-${Date.now()}` }));
        return { id: r(await asManager.post("/api/entities/group_members", { group_id: group, user_email: reader.email })), watcher: reader, socket: readerSocket };
      }
      case "notifications": {
        // Written by the notification worker only (docs/notifications.md); its owner marks it read.
        const row = await createNotification(app.ctx, { user_id: reader.user.id, job_id: null, kind: "task", title: "Task assigned to you", body: "Same", link: "/Tasks" });
        return { id: row!.id, watcher: reader, socket: readerSocket };
      }
    }
  }

  it.each(ENTITY_TABLES)("%s", async (table) => {
    const changes = record<EntityChange>(readerSocket, "entities.change");
    const adminChanges = record<EntityChange>(adminSocket, "entities.change");
    const messages = recordMessages<Record<string, unknown>>(readerSocket);
    const { id, watcher, socket } = await createFor(table);
    const pushed =
      table === "messages"
        ? await until(messages, (m) => m.id === id)
        : (await until(socket === readerSocket ? changes : adminChanges, (c) => c.table === table && c.id === id && c.op === "create")).row;
    const rest = await api(app, watcher.token).get(`/api/entities/${table}/${id}`);
    expect(rest.status).toBe(200);
    expect(pushed).toEqual(rest.body);
    // Exactly the DTO's fields: nothing internal, nothing missing.
    const shape = ENTITIES[table].row;
    expect(Object.keys(rest.body).sort()).toEqual(
      Object.keys(shape.shape)
        // A user's private preferences go to themselves and admins only (the watcher here is neither).
        .filter((k) => !(table === "users" && ["notification_preferences", "quiet_hours_enabled", "quiet_hours_start", "quiet_hours_end"].includes(k)))
        .sort(),
    );
    expect(shape.strict().safeParse(rest.body).success).toBe(true);

    // The same row again after an update, pushed and caught up (changes.since from the create).
    const created = await until(socket === readerSocket ? changes : adminChanges, (c) => c.table === table && c.id === id && c.op === "create");
    const before = created.seq;
    // Reactions and earlier versions are never changed (docs/messages.md, "Reactions and edits").
    if (!UPDATES[table]) return;
    const updates = record<EntityChange>(socket, "entities.change");
    const res = await api(app, (table === "org_storage_config" || table === "users" ? admin : table === "notes" || table === "approval_requests" || table === "channel_reads" || table === "thread_follows" || table === "notifications" || table === "channel_notification_settings" || table === "sidebar_sections" ? reader : manager).token).patch(
      `/api/entities/${table}/${id}`,
      UPDATES[table],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = await until(updates, (c) => c.table === table && c.id === id && c.op === "update");
    const restAfter = await api(app, watcher.token).get(`/api/entities/${table}/${id}`);
    expect(updated.row).toEqual(restAfter.body);
    const page = await call<ChangesPage>(socket, "changes.since", { since: before });
    if (!page.ok || page.data.reset) throw new Error(`catch-up failed: ${JSON.stringify(page)}`);
    const caught = page.data.changes.find((c) => c.table === table && c.id === id);
    expect(caught?.row).toEqual(restAfter.body);
  });
});

/** A change every table accepts from the person who may make it. */
const UPDATES: Partial<Record<EntityTable, Record<string, unknown>>> = {
  users: { job_title: "Updated" },
  channels: { description: "Updated" },
  messages: { content: "updated" },
  tasks: { title: "Updated" },
  calendar_events: { title: "Updated" },
  notes: { topic: "Updated" },
  approval_requests: { description: "Updated" },
  shared_files: { description: "Updated" },
  resources: { title: "Updated" },
  org_storage_config: { is_active: false },
  // The second message of the channel createFor makes.
  channel_reads: { last_read_message_id: 0 },
  thread_follows: { following: false },
  notifications: { is_read: true },
  channel_notification_settings: { level: "muted" },
  sidebar_sections: { collapsed: true },
  groups: { description: "Updated" },
};

