// Domain events -> sockets. Chat messages go to the channel room (its members are exactly the
// sockets the channel policy let in); other row changes go to the user rooms of the people the
// table's read policy lets see the row, and channel changes also move sockets between rooms.
import type { AppContext, EntityEvent } from "../context";
import type { User } from "../db/schema";
import { POLICIES } from "../features/registry";
import { rooms, type EntityChange } from "@shared/realtime";
import { onEntityEvents } from "../entities/events";
import { present, zoneOf } from "../entities/present";
import type { IoServer } from "./hub";
import { findChannelForFanout, findFanoutPrincipals } from "./repository";

type Change = EntityEvent;
type Principal = Pick<User, "id" | "email" | "full_name" | "role" | "team_role">;
type Reader = Principal & Pick<User, "time_zone">;

async function principals(ctx: AppContext): Promise<Reader[]> {
  return findFanoutPrincipals(ctx.db);
}

async function readersOf(ctx: AppContext, people: Principal[], table: EntityChange["table"], row: Record<string, unknown> | null): Promise<number[]> {
  if (!row) return [];
  const policy = POLICIES[table] as { canRead: (u: User, r: unknown, related?: unknown) => boolean };
  let related: unknown;
  if (table === "messages") {
    related = { channel: await findChannelForFanout(ctx.db, Number(row.channel_id)) };
  }
  return people.filter((p) => policy.canRead(p as User, row, related)).map((p) => p.id);
}

export function wireFanout(ctx: AppContext, io: IoServer): () => void {
  return onEntityEvents(ctx.events, (c) => {
    // A new message goes to its channel's room, whose sockets are exactly its readers.
    if (c.table === "messages" && c.op === "create" && c.row) {
      io.to(rooms.channel(Number(c.row.channel_id))).emit("messages.create", present("messages", c.row));
      return;
    }
    void entityChanged(ctx, io, c).catch((err) => ctx.log.error({ err, table: c.table, id: c.id }, `${c.table}.${c.op} fan-out failed`));
  });
}

async function entityChanged(ctx: AppContext, io: IoServer, c: Change): Promise<void> {
  const people = await principals(ctx);
  const after = c.op === "delete" ? [] : await readersOf(ctx, people, c.table, c.row);
  const before = await readersOf(ctx, people, c.table, c.before ?? (c.op === "delete" ? c.row : null));
  const now = new Set(after);
  const gone = before.filter((id) => !now.has(id));
  const everyone = after.length === people.length && after.length > 0;

  if (c.table === "channels") {
    const room = rooms.channel(c.id);
    if (everyone) io.socketsJoin(room);
    else if (after.length) io.in(after.map(rooms.user)).socketsJoin(room);
    if (gone.length) io.in(gone.map(rooms.user)).socketsLeave(room);
  }

  const payload: EntityChange = { table: c.table, op: c.op, id: c.id, row: c.op === "delete" || !c.row ? null : present(c.table, c.row) };
  if (c.table === "calendar_events" && payload.row) {
    // Times are shown in each reader's zone, so readers get the row per zone.
    const byZone = new Map<string | null, Reader[]>();
    const byId = new Map(people.map((p) => [p.id, p]));
    for (const id of after) {
      const p = byId.get(id)!;
      const z = zoneOf(p as User);
      byZone.set(z, [...(byZone.get(z) ?? []), p]);
    }
    for (const [, readers] of byZone) {
      io.to(readers.map((p) => rooms.user(p.id))).emit("entities.change", { ...payload, row: present(c.table, c.row!, readers[0] as User) });
    }
  } else if (everyone) io.emit("entities.change", payload);
  else if (after.length) io.to(after.map(rooms.user)).emit("entities.change", payload);
  if (c.op === "delete") {
    if (before.length) io.to(before.map(rooms.user)).emit("entities.change", payload);
  } else if (gone.length) {
    // It left their view: for them it is as good as deleted.
    io.to(gone.map(rooms.user)).emit("entities.change", { table: c.table, op: "delete", id: c.id, row: null });
  }
  if (c.table === "channels" && c.op === "delete") io.in(rooms.channel(c.id)).socketsLeave(rooms.channel(c.id));
}
