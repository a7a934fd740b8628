// Committed change records -> sockets (docs/architecture.md, "The change feed"). A change goes to
// the rooms of its audience, never to a list of users worked out by scanning them: the cost of a
// push is the cost of its audience. Changes leave in the order they were published (commit order),
// including those whose presentation needs a lookup first. Channel changes also move sockets
// between channel rooms, before anything else is sent to them.
import type { EntityChange } from "@shared/realtime";
import { rooms } from "@shared/realtime";
import type { AppContext, FeedSink } from "../context";
import type { CommittedChange } from "../feed/changelog";
import { present } from "../entities/present";
import type { User } from "../db/schema";
import type { IoServer } from "./hub";
import { findZonesOf } from "./repository";
import { metrics } from "../ops/metrics";

/** One emit: a row as some readers see it, to rooms, minus rooms that get another version. */
interface Send {
  to: string[];
  except: string[];
  change: EntityChange;
}

/** `pushed` stops the change's commit-to-emit timer (the fan-out latency metric). */
type Prepared = { change: CommittedChange; sends: Send[]; pushed: () => void };

const asChange = (c: CommittedChange, row: unknown): EntityChange => ({ seq: c.seq, table: c.table, op: c.op, id: c.id, row }) as EntityChange;

/** Who gets which version of the row: most tables show every reader the same row. */
async function versions(ctx: AppContext, c: CommittedChange): Promise<Send[]> {
  const row = c.row!;
  switch (c.table) {
    case "users": {
      // Hidden status and private preferences (users/view.ts): the user, admins, everyone else.
      const self = rooms.user(c.id);
      const viewer = (v: Partial<User>) => v as User;
      return [
        { to: [self], except: [], change: asChange(c, present("users", row, viewer({ id: c.id, role: "user", team_role: "member" }))) },
        { to: [rooms.admins], except: [self], change: asChange(c, present("users", row, viewer({ id: -1, role: "admin", team_role: "admin" }))) },
        { to: c.after, except: [rooms.admins, self], change: asChange(c, present("users", row, null)) },
      ];
    }
    case "calendar_events": {
      // Times read in each reader's own zone: one version per zone among the people it names.
      const zones = await findZonesOf(ctx.db, c.after.filter((r) => r.startsWith("email:")).map((r) => r.slice("email:".length)));
      const byZone = new Map<string | null, string[]>();
      for (const [email, zone] of zones) byZone.set(zone, [...(byZone.get(zone) ?? []), rooms.email(email)]);
      return [...byZone].map(([zone, to]) => ({ to, except: [], change: asChange(c, present("calendar_events", row, { id: -1, role: "user", team_role: "member", time_zone: zone } as User)) }));
    }
    default:
      return [{ to: c.after, except: [], change: asChange(c, present(c.table, row)) }];
  }
}

const needsLookup = (c: CommittedChange) => c.table === "calendar_events" && c.op !== "delete";

function prepareNow(c: CommittedChange): Send[] {
  return c.op === "delete" ? [] : [{ to: c.after, except: [], change: asChange(c, present(c.table, c.row!)) }];
}

export class FeedDelivery implements FeedSink {
  private queue: (Prepared | Promise<Prepared>)[] = [];
  private draining = false;

  constructor(
    private ctx: AppContext,
    private io: IoServer,
  ) {}

  publish(changes: readonly CommittedChange[]): void {
    for (const c of changes) {
      const pushed = metrics.fanoutTimer(c.table);
      if (!this.queue.length && !needsLookup(c) && c.table !== "users") {
        // The hot path (a chat message with nothing queued before it): out at once.
        this.send({ change: c, sends: prepareNow(c), pushed });
        continue;
      }
      this.queue.push(
        needsLookup(c) || c.table === "users"
          ? versions(this.ctx, c).then(
              (sends) => ({ change: c, sends, pushed }),
              (err) => {
                this.ctx.log.error({ err, table: c.table, id: c.id }, "preparing a change failed");
                return { change: c, sends: [], pushed };
              },
            )
          : { change: c, sends: prepareNow(c), pushed },
      );
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.queue.length) {
        const next = await this.queue[0];
        this.queue.shift();
        this.send(next);
      }
    } finally {
      this.draining = false;
    }
  }

  private send({ change: c, sends, pushed }: Prepared): void {
    try {
      const io = this.io;
      const room = c.table === "channels" ? rooms.channel(c.id) : null;
      // Readers join the channel's room before its row reaches them, so nothing in it is missed.
      if (room && c.after.length) io.in(c.after).socketsJoin(room);
      for (const s of sends) if (s.to.length) io.to(s.to).except(s.except).emit("entities.change", s.change);
      if (c.lost.length) io.to(c.lost).except(c.after).emit("entities.change", asChange({ ...c, op: "delete" }, null));
      if (room && c.lost.length) io.in(c.lost).except(c.after).socketsLeave(room);
      if (room && c.op === "delete") io.in(room).socketsLeave(room);
      pushed();
    } catch (err) {
      this.ctx.log.error({ err, table: c.table, id: c.id }, `${c.table}.${c.op} delivery failed`);
    }
  }
}
