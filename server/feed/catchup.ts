// Catching up (docs/architecture.md, "Catching up"): what changed after the last sequence number a
// client applied, for what it may read now. Requests that arrive together (a reconnect storm after
// a restart) are answered together: the feed's bounds and the points once, each reader's records,
// then the current rows of every changed row once per table, presented per reader.
import { LIMITS } from "@shared/constants";
import type { ChangesPage, EntityChange } from "@shared/realtime";
import type { EntityTable } from "@shared/entities";
import type { Db } from "../db";
import type { User } from "../db/schema";
import { audienceOf } from "../entities/tables";
import { sees } from "../entities/audience";
import { present } from "../entities/present";
import { Batcher } from "../realtime/batch";
import { changesAfter, findPoint, headSeq, oldestSeq, type ChangeRef } from "./repository";
import type { Row } from "../entities/repository";

export interface CatchUpRequest {
  /** The reader, with what presentation needs (time zone, role). */
  user: User;
  /** Every room the reader is in now: readerRooms plus the channels it may read. */
  readerIn: string[];
  since: number;
  limit?: number;
}

export interface CatchUpOptions {
  /** Several nodes: also look this far back in time from the point (pushes between nodes can overtake each other). */
  slackMs: number;
}

const untyped = (db: Db) => db as unknown as import("kysely").Kysely<any>;

async function currentRows(db: Db, wanted: Map<EntityTable, Set<number>>): Promise<Map<string, Row>> {
  const out = new Map<string, Row>();
  await Promise.all(
    [...wanted].map(async ([table, ids]) => {
      const rows = (await untyped(db).selectFrom(table).selectAll().where("id", "in", [...ids]).execute()) as Row[];
      for (const r of rows) out.set(`${table}:${r.id}`, r);
    }),
  );
  return out;
}

/** One reader's page from the records and rows read for its batch. */
function pageFor(req: CatchUpRequest, refs: ChangeRef[], more: boolean, rows: Map<string, Row>, next: number): ChangesPage {
  const readerIn = new Set(req.readerIn);
  // The last record per row decides; pages list each row once, in the order of its last record.
  const last = new Map<string, { ref: ChangeRef; created: boolean }>();
  for (const ref of refs) {
    const key = `${ref.tbl}:${ref.row_id}`;
    const prev = last.get(key);
    last.delete(key);
    last.set(key, { ref, created: ref.op === "create" || (prev?.created ?? false) });
  }
  const changes: EntityChange[] = [];
  for (const [key, { ref, created }] of last) {
    const row = rows.get(key);
    const table = ref.tbl;
    if (ref.op !== "delete" && row && sees(audienceOf(table, row), readerIn)) {
      changes.push({ seq: ref.seq, table, op: created ? "create" : "update", id: ref.row_id, row: present(table, row, req.user) } as EntityChange);
    } else {
      changes.push({ seq: ref.seq, table, op: "delete", id: ref.row_id, row: null } as EntityChange);
    }
  }
  return { reset: false, changes, next, more };
}

export class CatchUp {
  private batcher: Batcher<CatchUpRequest, ChangesPage>;

  constructor(
    private db: Db,
    private opts: CatchUpOptions,
  ) {
    this.batcher = new Batcher((reqs) => this.load(reqs), { minGapMs: 50, maxBatch: 500 });
  }

  async page(req: CatchUpRequest): Promise<ChangesPage> {
    const page = await this.batcher.get(req);
    if (!page) throw new Error("catch-up lost its request");
    return page;
  }

  private async load(reqs: CatchUpRequest[]): Promise<Map<CatchUpRequest, ChangesPage>> {
    const out = new Map<CatchUpRequest, ChangesPage>();
    const [head, oldest] = await Promise.all([headSeq(this.db), oldestSeq(this.db)]);
    // Per distinct point: what it stands on, and whether the feed still reaches back to it.
    const points = new Map<number, Awaited<ReturnType<typeof findPoint>> | null>();
    for (const r of reqs) if (r.since > 0 && !points.has(r.since)) points.set(r.since, null);
    await Promise.all([...points.keys()].map(async (s) => points.set(s, (await findPoint(this.db, s)) ?? null)));
    const live: CatchUpRequest[] = [];
    for (const r of reqs) {
      const point = points.get(r.since);
      // Behind what the feed keeps (or ahead of it: a restored database): the client reloads.
      const pruned = r.since > head || (r.since > 0 && !point) || (r.since === 0 && oldest !== null && oldest > 1);
      if (pruned) out.set(r, { reset: true, changes: [], next: head, more: false });
      else live.push(r);
    }
    const perReader = await Promise.all(
      live.map(async (r) => {
        const point = r.since > 0 ? points.get(r.since)! : null;
        const limit = Math.min(r.limit ?? LIMITS.changesPageMax, LIMITS.changesPageMax);
        const { after, late } = await changesAfter(this.db, {
          since: r.since,
          horizon: point?.horizon ?? null,
          slackFrom: point && this.opts.slackMs > 0 ? new Date(point.created_at.getTime() - this.opts.slackMs) : null,
          readerIn: r.readerIn,
          limit,
        });
        return { r, refs: [...late, ...after], more: after.length >= limit, next: after.length ? after[after.length - 1].seq : Math.max(r.since, head) };
      }),
    );
    const wanted = new Map<EntityTable, Set<number>>();
    for (const { refs } of perReader) {
      for (const ref of refs) {
        if (ref.op === "delete") continue;
        let ids = wanted.get(ref.tbl);
        if (!ids) wanted.set(ref.tbl, (ids = new Set()));
        ids.add(ref.row_id);
      }
    }
    const rows = await currentRows(this.db, wanted);
    for (const { r, refs, more, next } of perReader) out.set(r, pageFor(r, refs, more, rows, next));
    return out;
  }
}

const services = new WeakMap<Db, CatchUp>();

/** The catch-up service of this database (one per app; the slack applies with several nodes). */
export function catchUpFor(db: Db, clustered: boolean): CatchUp {
  let s = services.get(db);
  if (!s) services.set(db, (s = new CatchUp(db, { slackMs: clustered ? CLUSTER_SLACK_MS : 0 })));
  return s;
}

/**
 * With several nodes, a change pushed through Redis can reach a socket after a later change its
 * own node pushed; a catch-up also looks this far back from its point, so such a change is not
 * skipped. Pushes cross Redis in milliseconds; the margin is generous.
 */
export const CLUSTER_SLACK_MS = 10_000;
