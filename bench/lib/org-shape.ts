// An organisation's shape for the user model (docs/benchmarks.md, "Supported users"): on top of the
// fixture's team rooms and public channels everyone reads, people also belong to other teams'
// rooms (drawn by Zipf's law, so a few rooms grow large and most stay small) and have direct
// messages with a few colleagues (mostly from their own team). Written straight into the
// database, like the fixture itself.
import { sql } from "kysely";
import type { Db } from "../../server/db";
import type { Fixture } from "../../server/test/fixture";
import { Zipf, seeded, shuffle } from "./search-corpus";

export interface OrgShape {
  /** Rooms of other teams each person also joins (on average). */
  extraRooms: number;
  /** Direct-message partners per person (on average; a pair counts for both). */
  dmsPerPerson: number;
  seed?: number;
}

export async function shapeAsOrganisation(db: Db, fx: Fixture, shape: OrgShape): Promise<Fixture> {
  const rng = seeded(shape.seed ?? 0x0a9);
  const rooms = fx.rooms;
  const extra = new Map<number, Set<number>>(rooms.map((r) => [r.id, new Set<number>()]));
  // Which rooms are popular has nothing to do with their order.
  const byPopularity = shuffle(rooms.map((_, i) => i), rng);
  const zipf = new Zipf(rooms.length, 1.1);
  fx.users.forEach((u, i) => {
    const n = Math.floor(shape.extraRooms * 2 * rng() + 0.5);
    for (let k = 0; k < n && rooms.length > 1; k++) {
      const room = rooms[byPopularity[zipf.draw(rng)]];
      if (room.members.includes(i) || extra.get(room.id)!.has(i)) continue;
      extra.get(room.id)!.add(i);
      // Private rooms first (the fixture's order), then these, then public channels come after.
      u.channels.splice(1, 0, room.id);
    }
  });
  for (const room of rooms) {
    const added = [...extra.get(room.id)!];
    if (!added.length) continue;
    room.members.push(...added);
    const emails = added.map((i) => fx.users[i].email);
    await sql`update channels set members = members || ${sql.val(emails)}::text[] where id = ${room.id}`.execute(db);
  }

  const teamOf = new Map<number, number[]>();
  for (const r of rooms) for (const m of r.members) if (!teamOf.has(m)) teamOf.set(m, r.members);
  const pairs = new Set<string>();
  const want = Math.round((fx.users.length * shape.dmsPerPerson) / 2);
  for (let tries = 0; pairs.size < want && tries < want * 10; tries++) {
    const a = Math.floor(rng() * fx.users.length);
    const team = teamOf.get(a) ?? [];
    const b = rng() < 0.7 && team.length > 1 ? team[Math.floor(rng() * team.length)] : Math.floor(rng() * fx.users.length);
    if (a === b) continue;
    pairs.add(a < b ? `${a}:${b}` : `${b}:${a}`);
  }
  const list = [...pairs].map((p) => p.split(":").map(Number) as [number, number]);
  for (let i = 0; i < list.length; i += 500) {
    const rows = list.slice(i, i + 500).map(([a, b]) => ({ type: "dm" as const, name: `dm-${a}-${b}`, members: [fx.users[a].email, fx.users[b].email], created_by: fx.users[a].email }));
    const made = await db.insertInto("channels").values(rows).returning(["id", "members"]).execute();
    made.forEach((row, k) => {
      const [a, b] = list[i + k];
      for (const [me, other] of [[a, b], [b, a]] as const) {
        fx.users[me].channels.push(row.id);
        (fx.users[me].dms ??= []).push({ channel: row.id, with: fx.users[other].id });
      }
    });
  }
  return fx;
}
