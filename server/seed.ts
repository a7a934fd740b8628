import { sql } from "kysely";
import crypto from "node:crypto";
import type { AppContext } from "./context";
import { hashPassword } from "./auth/passwords";
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_CHAT_LINES } from "./seed-data";

const dayMs = 24 * 3600 * 1000;
const fmtDate = (d: Date) => d.toISOString().slice(0, 10);
const fmtDateTime = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

/**
 * First start: the demo organisation (embedded mode, or SEED_DEMO=1) and/or the first admin
 * from ADMIN_EMAIL/ADMIN_PASSWORD. Runs under an advisory lock so two nodes starting together
 * seed once.
 */
export async function seed(ctx: AppContext): Promise<void> {
  const { config, db, log } = ctx;
  const printed: string[] = [];
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(727001)`.execute(trx);
    const { count } = await trx.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    if (config.adminEmail && config.adminPassword) {
      const email = config.adminEmail.toLowerCase();
      const exists = await trx.selectFrom("users").select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", email)).executeTakeFirst();
      if (!exists) {
        await trx
          .insertInto("users")
          .values({ email, full_name: "Administrator", role: "admin", team_role: "admin", password_hash: await hashPassword(config.adminPassword) })
          .execute();
        log.info({ email }, "created the first admin");
      }
    }
    if (!config.seedDemo || Number(count) > 0) return;

    const hash = await hashPassword(DEMO_PASSWORD);
    const users = await trx
      .insertInto("users")
      .values(DEMO_PEOPLE.map((p) => ({ ...p, password_hash: hash })))
      .returningAll()
      .execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    const admin = users[0];
    const manager = users[1];
    const everyone = users.map((u) => u.email);

    const channelDefs = [
      { name: "general", description: "Company-wide announcements and chat", type: "public" as const, is_system: true },
      { name: "random", description: "Everything else", type: "public" as const, is_system: false },
      { name: "vr-bugs", description: "Report bugs in the VR product", type: "public" as const, is_system: false },
      { name: "vr-ideas", description: "Ideas for the VR product", type: "public" as const, is_system: false },
      { name: "vr-problems", description: "Problems our customers hit", type: "public" as const, is_system: false },
      { name: "leadership", description: "Managers and admins", type: "private" as const, is_system: false },
    ];
    const channels = await trx
      .insertInto("channels")
      .values(
        channelDefs.map((c) => ({
          ...c,
          members: c.type === "private" ? [admin.email, manager.email] : everyone,
          created_by: admin.email,
        })),
      )
      .returningAll()
      .execute();
    const general = channels[0];

    // 120 messages in #general, oldest first, so paging back through history has something to page.
    const start = Date.now() - 120 * 15 * 60 * 1000;
    const generalMessages = Array.from({ length: 120 }, (_, i) => {
      const sender = users[i % users.length];
      return {
        channel_id: general.id,
        content: `${DEMO_CHAT_LINES[i % DEMO_CHAT_LINES.length]} (#${i + 1})`,
        sender_id: sender.id,
        sender_name: sender.full_name,
        sender_email: sender.email,
        created_at: new Date(start + i * 15 * 60 * 1000),
      };
    });
    await trx.insertInto("messages").values(generalMessages).execute();
    const others = channels.slice(1).flatMap((c, ci) =>
      DEMO_CHAT_LINES.slice(ci * 3, ci * 3 + 4).map((content, i) => {
        const sender = users[(ci + i * 3) % users.length];
        return {
          channel_id: c.id,
          content,
          sender_id: sender.id,
          sender_name: sender.full_name,
          sender_email: sender.email,
          created_at: new Date(Date.now() - (10 - i) * 3600 * 1000),
        };
      }),
    );
    await trx.insertInto("messages").values(others).execute();

    const now = new Date();
    const member = (email: string) => byEmail.get(email)!;
    const jordan = member("jordan.lee@example.com");
    const sam = member("sam.carter@example.com");
    await trx
      .insertInto("tasks")
      .values([
        { title: "Fix headset pairing on Android", description: "Pairing drops after 30 s on Pixel devices.", status: "in_progress", priority: "high", due_date: fmtDate(new Date(+now + 3 * dayMs)), assignee_email: jordan.email, assignee_emails: [jordan.email], created_by: manager.email },
        { title: "Write Q3 onboarding guide", description: "Cover accounts, tools and first-week checklist.", status: "todo", priority: "medium", due_date: fmtDate(new Date(+now + 10 * dayMs)), assignee_email: sam.email, assignee_emails: [sam.email, jordan.email], created_by: manager.email },
        { title: "Review vendor contract", status: "todo", priority: "low", due_date: fmtDate(new Date(+now + 20 * dayMs)), assignee_email: manager.email, assignee_emails: [manager.email], created_by: admin.email },
        { title: "Prepare sprint demo", status: "done", priority: "medium", assignee_email: jordan.email, assignee_emails: [jordan.email], created_by: jordan.email },
      ])
      .execute();

    const at = (days: number, hour: number) => {
      const d = new Date(now);
      d.setUTCDate(d.getUTCDate() + days);
      d.setUTCHours(hour, 0, 0, 0);
      return d;
    };
    await trx
      .insertInto("calendar_events")
      .values([
        { title: "Weekly team sync", description: "Status, blockers, plans.", start_datetime: fmtDateTime(at(1, 9)), end_datetime: fmtDateTime(at(1, 10)), event_type: "meeting", attendees: everyone.slice(0, 6), meeting_id: crypto.randomUUID().slice(0, 8), created_by: manager.email, reminder_time: fmtDateTime(new Date(+at(1, 9) - 15 * 60000)) },
        { title: "Design review: VR lobby", start_datetime: fmtDateTime(at(2, 14)), end_datetime: fmtDateTime(at(2, 15)), event_type: "meeting", attendees: [jordan.email, sam.email], meeting_id: crypto.randomUUID().slice(0, 8), created_by: jordan.email, priority: "high" },
        { title: "Dentist", start_datetime: fmtDateTime(at(3, 8)), end_datetime: fmtDateTime(at(3, 9)), event_type: "appointment", created_by: sam.email, location: "Main Street Dental" },
      ])
      .execute();

    await trx
      .insertInto("notes")
      .values([
        { topic: "Ideas for the offsite", content: "Hike, workshop on async communication, team dinner.", tags: ["offsite", "team"], is_pinned: true, mood: "excited", created_by: jordan.email },
        { topic: "1:1 with Priya", content: "Talked about growth plan and conference budget.", tags: ["1:1"], mood: "grateful", created_by: jordan.email },
        { topic: "Quarter goals", content: "Ship the lobby, cut crash rate in half.", tags: ["goals"], created_by: manager.email },
      ])
      .execute();

    await trx
      .insertInto("approval_requests")
      .values([
        { title: "Conference ticket", description: "ViennaJS conference, two days.", category: "Budget", amount: 450, created_by: jordan.email, requested_by_name: jordan.full_name },
        { title: "Vacation", description: "Family trip.", category: "Time Off", start_date: fmtDate(new Date(+now + 30 * dayMs)), end_date: fmtDate(new Date(+now + 37 * dayMs)), created_by: sam.email, requested_by_name: sam.full_name },
        { title: "New monitor", description: "27 inch 4K for design work.", category: "Purchase", amount: 389.99, status: "approved", created_by: sam.email, requested_by_name: sam.full_name, approver_email: manager.email, approver_comments: "Approved, order through IT.", decision_date: new Date(+now - dayMs) },
      ])
      .execute();

    await trx
      .insertInto("resources")
      .values([
        { title: "Employee handbook", url: "https://example.com/handbook", description: "Policies and how we work.", category: "policy", priority: "high", tags: ["hr", "policy"], created_by: admin.email },
        { title: "Engineering wiki", url: "https://example.com/wiki", description: "Architecture notes and runbooks.", category: "documentation", priority: "medium", tags: ["engineering"], created_by: manager.email },
        { title: "Benefits overview", url: "https://example.com/benefits", category: "benefits", priority: "low", is_internal: false, tags: ["hr"], created_by: admin.email },
      ])
      .execute();

    printed.push(...DEMO_PEOPLE.map((p) => `  ${p.email.padEnd(30)} ${DEMO_PASSWORD}  (${p.role === "admin" ? "admin" : p.team_role})`));
  });
  if (printed.length && config.logLevel !== "silent") {
    console.log(`\nDemo organisation created. Sign in with any of:\n${printed.join("\n")}\n`);
  }
}
