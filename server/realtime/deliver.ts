// Committed change records -> sockets (docs/architecture.md, "The change feed"). A change goes to
// the rooms of its audience, never to a list of users worked out by scanning them: the cost of a
// push is the cost of its audience. Changes leave in the order they were published (commit order),
// including those whose presentation needs a lookup first. A change to a row that is itself a room
// (a channel) also moves sockets in or out of it, before anything else is sent to them. What
// differs by table comes from the table's descriptor (server/entities/tables.ts): no table is named here.
import type { EntityChange } from "@shared/realtime";
import type { AppContext, FeedSink } from "../context";
import type { CommittedChange } from "../feed/changelog";
import { present } from "../entities/present";
import { tableOf } from "../entities/tables";
import type { IoServer } from "./hub";
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

/**
 * A table whose readers see a row differently states who gets which version (its descriptor's
 * `versions`, which may look things up first); such a change waits its turn in the queue.
 */
const hasVersions = (c: CommittedChange) => c.op !== "delete" && tableOf(c.table).versions !== undefined;

/** Each group of readers gets the row as its viewer sees it. */
async function versions(ctx: AppContext, c: CommittedChange): Promise<Send[]> {
  const groups = await tableOf(c.table).versions!(ctx, c);
  return groups.map((v) => ({ to: v.to, except: v.except ?? [], change: asChange(c, present(c.table, c.row!, v.viewer)) }));
}

/** Most tables show every reader the same row. */
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
      const slow = hasVersions(c);
      if (!this.queue.length && !slow) {
        // The hot path (a chat message with nothing queued before it): out at once.
        this.send({ change: c, sends: prepareNow(c), pushed });
        continue;
      }
      this.queue.push(
        slow
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
      const room = tableOf(c.table).room?.(c.id) ?? null;
      // Readers join the row's room (a channel's) before the row reaches them, so nothing in it is missed.
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
