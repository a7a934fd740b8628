// Writes the demo organisation (./data, ./chat) into an empty database: one insert per
// table, inside the seed's transaction, with every time placed around `now`.
import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { AppContext } from "../context";
import type { Database, User } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { insertCall } from "../features/calls/repository";
import { insertAuditEntry } from "../features/approvals/repository";
import { insertStoredFileRow } from "../features/files/repository";
import { fileUrl, storeBuffer } from "../features/files/service";
import { APPROVALS, CALLS, DEMO_PASSWORD, DEMO_PEOPLE, EVENTS, FILES, NOTES, TASKS, type Dow, type When, type Who } from "./data";
import { DM_PRIYA_JORDAN, GENERAL, LEADERSHIP, RANDOM, VR_BUGS, VR_IDEAS, VR_PROBLEMS, type Exchange } from "./chat";
import { demoFileBytes } from "./files";

type Trx = Transaction<Database>;
const DAY_MS = 86_400_000;
const DOWS: Dow[] = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

/** Day offsets and times of day (UTC) around the first start. */
class Clock {
  private readonly midnight: number;
  constructor(readonly now: Date) {
    this.midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  }
  day(when: When): number {
    if (typeof when === "number") return when;
    const from = "next" in when ? 1 : when.from;
    const dow = DOWS.indexOf("next" in when ? when.next : when.dow);
    const first = new Date(this.midnight + from * DAY_MS).getUTCDay();
    return from + ((dow - first + 7) % 7);
  }
  at(when: When, hhmm = "00:00"): Date {
    const [h, m] = hhmm.split(":").map(Number);
    return new Date(this.midnight + this.day(when) * DAY_MS + (h * 60 + m) * 60_000);
  }
  /** YYYY-MM-DD of that day (task due dates and Time Off days are calendar days). */
  date(when: When): string {
    return this.at(when).toISOString().slice(0, 10);
  }
  /** The time a thing happened, never later than a minute ago (the first start may be early in the day). */
  past(when: When, hhmm: string): Date {
    return new Date(Math.min(this.at(when, hhmm).getTime(), this.now.getTime() - 60_000));
  }
}

export interface DemoSummary {
  people: string[];
}

export async function seedDemo(ctx: AppContext, trx: Trx, now = new Date()): Promise<DemoSummary> {
  const clock = new Clock(now);
  const hash = await hashPassword(DEMO_PASSWORD);
  const users = await trx
    .insertInto("users")
    .values(DEMO_PEOPLE.map((p) => ({ ...p, password_hash: hash, created_at: clock.at(-30, "09:00"), last_seen_at: clock.past(0, "08:30") })))
    .returningAll()
    .execute();
  const who = new Map(users.map((u) => [u.email.split(".")[0] as Who, u]));
  const person = (w: Who): User => who.get(w)!;
  const email = (w: Who) => person(w).email;
  const everyone = users.map((u) => u.email);

  const messages = await seedChat(trx, clock, person, everyone);
  await seedTasks(trx, clock, person, messages);
  await seedEvents(trx, clock, email, everyone);
  await trx
    .insertInto("notes")
    .values(NOTES.map((n) => ({ topic: n.topic, content: n.content, tags: n.tags, mood: n.mood ?? null, is_pinned: n.pinned ?? false, created_by: email(n.by), created_at: clock.past(n.day, "18:00"), updated_at: clock.past(n.day, "18:00") })))
    .execute();
  await seedApprovals(trx, clock, person);
  await seedFiles(ctx, trx, clock, person);
  await seedCalls(trx, clock, person);
  await trx
    .insertInto("resources")
    .values([
      { title: "Employee handbook", url: "https://example.com/handbook", description: "Policies and how we work.", category: "policy", priority: "high", tags: ["hr", "policy"], created_by: email("alex") },
      { title: "Engineering wiki", url: "https://example.com/wiki", description: "Architecture notes and runbooks.", category: "documentation", priority: "medium", tags: ["engineering"], created_by: email("priya") },
      { title: "Benefits overview", url: "https://example.com/benefits", category: "benefits", priority: "low", is_internal: false, tags: ["hr"], created_by: email("alex") },
      { title: "UI component library", url: "https://example.com/components", description: "Components, colours and tokens for the web app.", category: "documentation", priority: "medium", tags: ["ui", "frontend"], created_by: email("priya") },
      { title: "New starter training", url: "https://example.com/training", description: "Security and privacy basics, 40 minutes.", category: "training", priority: "high", tags: ["onboarding"], created_by: email("alex") },
    ])
    .execute();
  return { people: DEMO_PEOPLE.map((p) => `  ${p.email.padEnd(30)} ${DEMO_PASSWORD}  (${p.role === "admin" ? "admin" : p.team_role})`) };
}

/** Channels and their history, inserted oldest first so ids follow time; returns id by text. */
async function seedChat(trx: Trx, clock: Clock, person: (w: Who) => User, everyone: string[]): Promise<Map<string, { id: number; channel_id: number }>> {
  const lead = [person("alex").email, person("priya").email];
  const defs: Array<{ name: string; description: string | null; type: "public" | "private" | "dm"; is_system: boolean; members: string[]; chat: Exchange[] }> = [
    { name: "general", description: "Company-wide announcements and chat", type: "public", is_system: true, members: everyone, chat: GENERAL },
    { name: "random", description: "Everything else", type: "public", is_system: false, members: everyone, chat: RANDOM },
    { name: "vr-bugs", description: "Report bugs in the VR product", type: "public", is_system: false, members: everyone, chat: VR_BUGS },
    { name: "vr-ideas", description: "Ideas for the VR product", type: "public", is_system: false, members: everyone, chat: VR_IDEAS },
    { name: "vr-problems", description: "Problems our customers hit", type: "public", is_system: false, members: everyone, chat: VR_PROBLEMS },
    { name: "leadership", description: "Managers and admins", type: "private", is_system: false, members: lead, chat: LEADERSHIP },
    { name: "Priya Shah, Jordan Lee", description: null, type: "dm", is_system: false, members: [person("priya").email, person("jordan").email], chat: DM_PRIYA_JORDAN },
  ];
  const rows = defs.flatMap((d, channel) =>
    d.chat.flatMap((x) =>
      x.lines.map(([w, content], i) => ({ channel, content, sender: person(w), at: clock.past(x.day, x.at).getTime() + i * (2 + ((i * 7) % 5)) * 60_000 })),
    ),
  );
  // Lines of today's last exchanges that would fall after `now` keep their order just before it.
  const latest = clock.now.getTime() - 60_000;
  rows.sort((a, b) => a.at - b.at);
  rows.forEach((r, i) => (r.at = Math.min(r.at, latest - (rows.length - 1 - i) * 1000)));
  const last = new Map(rows.map((r) => [r.channel, r.at]));
  const channels = await trx
    .insertInto("channels")
    // A dm is made by one of its two people (Priya opened this one); the channels by the admin.
    .values(defs.map(({ chat: _chat, ...d }, i) => ({ ...d, created_by: d.type === "dm" ? d.members[0] : lead[0], created_at: clock.at(-30, "09:00"), last_activity: new Date(last.get(i) ?? clock.now.getTime()) })))
    .returning("id")
    .execute();
  const inserted = await trx
    .insertInto("messages")
    .values(
      rows.map((r) => ({
        channel_id: channels[r.channel].id,
        content: r.content,
        sender_id: r.sender.id,
        sender_name: r.sender.full_name,
        sender_email: r.sender.email,
        created_at: new Date(r.at),
        updated_at: new Date(r.at),
      })),
    )
    .returning(["id", "channel_id", "content"])
    .execute();
  return new Map(inserted.map((m) => [m.content, m]));
}

async function seedTasks(trx: Trx, clock: Clock, person: (w: Who) => User, messages: Map<string, { id: number; channel_id: number }>): Promise<void> {
  await trx
    .insertInto("tasks")
    .values(
      TASKS.map((t) => {
        const source = t.fromMessage ? messages.get(t.fromMessage) : undefined;
        const created = clock.past(t.created, "10:00");
        return {
          title: t.title,
          description: t.description ?? null,
          status: t.status,
          priority: t.priority,
          due_date: t.due === undefined ? null : clock.date(t.due),
          assignee_email: person(t.assignees[0]).email,
          assignee_emails: t.assignees.map((w) => person(w).email),
          created_by: person(t.by).email,
          source_message_id: source?.id ?? null,
          source_channel_id: source?.channel_id ?? null,
          created_at: created,
          updated_at: t.status === "done" ? clock.past(t.created + 1, "16:00") : created,
        };
      }),
    )
    .execute();
}

async function seedEvents(trx: Trx, clock: Clock, email: (w: Who) => string, everyone: string[]): Promise<void> {
  await trx
    .insertInto("calendar_events")
    .values(
      EVENTS.map((e) => {
        const start = clock.at(e.when, e.at);
        const exceptions = e.cancel ? [{ occurrence: clock.at(e.cancel, e.at).toISOString(), cancelled: true }] : [];
        return {
          title: e.title,
          description: e.description ?? null,
          start_datetime: start,
          end_datetime: new Date(start.getTime() + e.minutes * 60_000),
          event_type: e.type,
          location: e.location ?? null,
          attendees: e.attendees === "everyone" ? everyone.filter((m) => m !== email(e.by)) : (e.attendees ?? []).map(email),
          priority: e.priority ?? "medium",
          is_recurring: !!e.rule,
          recurrence_rule: e.rule ?? null,
          recurrence_exceptions: JSON.stringify(exceptions) as never,
          meeting_id: e.type === "meeting" ? crypto.randomUUID().slice(0, 8) : null,
          reminder_time: e.remindMinutes ? new Date(start.getTime() - e.remindMinutes * 60_000) : null,
          // The reminders sweep looks for this (one-off events only remind once, before they start).
          next_reminder_at: e.remindMinutes ? new Date(start.getTime() - e.remindMinutes * 60_000) : null,
          created_by: email(e.by),
          created_at: clock.past(Math.min(clock.day(e.when), 0) - 2, "09:00"),
        };
      }),
    )
    .execute();
}

async function seedApprovals(trx: Trx, clock: Clock, person: (w: Who) => User): Promise<void> {
  const rows = await trx
    .insertInto("approval_requests")
    .values(
      APPROVALS.map((a) => ({
        title: a.title,
        description: a.description,
        category: a.category,
        amount: a.amount ?? null,
        start_date: a.start === undefined ? null : clock.date(a.start),
        end_date: a.end === undefined ? null : clock.date(a.end),
        status: a.decided?.status ?? "pending",
        created_by: person(a.by).email,
        requested_by_name: person(a.by).full_name,
        approver_email: a.decided ? person(a.decided.by).email : null,
        approver_comments: a.decided?.comment ?? null,
        decision_date: a.decided ? clock.past(a.decided.day, "14:30") : null,
        created_at: clock.past(a.day, "10:30"),
        updated_at: a.decided ? clock.past(a.decided.day, "14:30") : clock.past(a.day, "10:30"),
      })),
    )
    .returning("id")
    .execute();
  // Each request's trail: who filed it, and who decided.
  for (const [i, a] of APPROVALS.entries()) {
    const requester = person(a.by);
    const base = { request_id: rows[i].id, requester_email: requester.email };
    await insertAuditEntry(trx, { ...base, actor_email: requester.email, actor_name: requester.full_name, action: "created", comment: null, created_at: clock.past(a.day, "10:30") });
    if (a.decided) {
      const approver = person(a.decided.by);
      await insertAuditEntry(trx, { ...base, actor_email: approver.email, actor_name: approver.full_name, action: a.decided.status, comment: a.decided.comment, created_at: clock.past(a.decided.day, "14:30") });
    }
  }
}

/** Real stored bytes behind each shared file, in the configured storage. */
async function seedFiles(ctx: AppContext, trx: Trx, clock: Clock, person: (w: Who) => User): Promise<void> {
  for (const f of FILES) {
    const { data, mime, category } = demoFileBytes(f);
    const owner = person(f.by);
    const at = clock.past(f.day, "11:00");
    const bytes = await storeBuffer(ctx, data, mime);
    await insertStoredFileRow(trx, { ...bytes, upload_type: "file_library", item_id: null, original_filename: f.name, mime_type: mime, owner_id: owner.id, storage_backend: ctx.storage.backend, created_at: at });
    await trx
      .insertInto("shared_files")
      .values({
        name: f.name,
        description: f.description,
        category,
        tags: f.tags,
        file_url: fileUrl(bytes.id),
        file_size: data.length,
        file_type: mime,
        shared_with_emails: f.shared.map((w) => person(w).email),
        stored_file_id: bytes.id,
        created_by: owner.email,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

async function seedCalls(trx: Trx, clock: Clock, person: (w: Who) => User): Promise<void> {
  for (const c of CALLS) {
    const rang = clock.past(c.day, c.at);
    const started = c.minutes > 0 ? new Date(rang.getTime() + 9_000) : null;
    const ended = new Date(rang.getTime() + (c.minutes > 0 ? 9_000 + c.minutes * 60_000 : c.status === "missed" ? 45_000 : 12_000));
    const seconds = started ? Math.round((ended.getTime() - started.getTime()) / 1000) : 0;
    const caller = person(c.from);
    await insertCall(
      trx,
      { call_id: crypto.randomUUID(), call_type: c.type, status: c.status, is_group: c.to.length > 1, initiator_id: caller.id, started_at: started, ended_at: ended, duration_seconds: seconds, created_at: rang, updated_at: ended },
      [
        { user_id: caller.id, status: "joined", joined_at: rang, left_at: ended, duration_seconds: started ? seconds : 0 },
        ...c.to.map((w) => ({
          user_id: person(w).id,
          status: started ? ("joined" as const) : c.status === "rejected" ? ("rejected" as const) : ("missed" as const),
          joined_at: started,
          left_at: started || c.status === "rejected" ? ended : null,
          duration_seconds: seconds,
        })),
      ],
    );
  }
}
