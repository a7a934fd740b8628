// The reactions scenario (docs/messages.md, "Reactions and edits"): 100 people in one channel react to the
// same message within one second, over their sockets. Measured: how long after the last reaction
// was sent every member's view (built only from the `entities.change` pushes it received, as the
// web client's reactions store does) holds all 100, and whether any push or write was lost.
import { performance } from "node:perf_hooks";
import type { Ack, EntityChange } from "@shared/realtime";
import type { Db } from "../../server/db";
import { closeAll, connectAll } from "./driver";
import { createFixture } from "../../server/test/fixture";
import { freshDatabase, spawnServer } from "./servers";
import { ms, table } from "./stats";

export interface ReactionsResult {
  people: number;
  /** From the first reaction sent to the last one sent (the burst). */
  sendMs: number;
  /** From the last reaction sent until every member's view had all of them. */
  settledMs: number;
  /** Members whose view was still short 10 s after the burst. */
  incomplete: number;
  ackErrors: number;
}

async function runReactions(db: Db, release: () => Promise<void>, appEnv: Record<string, string>, secret: Uint8Array, people: number): Promise<ReactionsResult> {
  const fx = await createFixture(db, secret, { users: people, roomSize: people });
  const channelId = fx.rooms[0].id;
  const { id: messageId } = await db
    .insertInto("messages")
    .values({ channel_id: channelId, content: "React to this", sender_name: "Bench", sender_email: fx.users[0].email })
    .returning("id")
    .executeTakeFirstOrThrow();
  await release();
  const app = await spawnServer("server/index.ts", { ...appEnv, SOCKET_RATE_PER_SEC: "100000", SOCKET_RATE_BURST: "100000" });
  const conn = await connectAll(app.url, fx.users, 50);
  try {
    if (conn.failed) throw new Error(`${conn.failed} sockets failed to connect`);
    // Each member's view: the reaction ids it has been told of for the message.
    const views = conn.sockets.map((s) => {
      const seen = new Set<number>();
      s.on("entities.change", (c: EntityChange) => {
        if (c.table === "message_reactions" && c.op === "create" && c.row.message_id === messageId) seen.add(c.id);
      });
      return seen;
    });
    let ackErrors = 0;
    let lastEmit = 0;
    const t0 = performance.now();
    const sends = conn.sockets.map(
      (s, i) =>
        new Promise<void>((resolve) =>
          setTimeout(() => {
            lastEmit = performance.now();
            (s.emit as (...a: unknown[]) => void)("message_reactions.create", { message_id: messageId, emoji: "👍" }, (ack: Ack) => {
              if (!ack.ok) ackErrors++;
              resolve();
            });
          }, (i * 1000) / people),
        ),
    );
    // Settled is measured from the moment the last reaction was sent.
    await Promise.all(sends);
    const deadline = lastEmit + 10_000;
    while (views.some((v) => v.size < people) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    const settledMs = performance.now() - lastEmit;
    return { people, sendMs: lastEmit - t0, settledMs, incomplete: views.filter((v) => v.size < people).length, ackErrors };
  } finally {
    closeAll(conn.sockets);
    await app.stop();
  }
}

/** The scenario on a fresh database (real Postgres with --database-url, else PGlite). */
export async function reactionsScenario(databaseUrl: string | undefined, jwtSecret: string, people = 100): Promise<ReactionsResult> {
  const db = await freshDatabase(databaseUrl);
  try {
    const appEnv = { ...db.env, JWT_SECRET: jwtSecret, SEED_DEMO: "0" };
    return await runReactions(db.handle.db, db.release, appEnv, new TextEncoder().encode(jwtSecret), people);
  } finally {
    await db.drop();
  }
}

export function reportReactions(r: ReactionsResult) {
  console.log(`\nReactions: ${r.people} people react to one message within ${ms(r.sendMs)} ms; every member's view built from its pushes`);
  console.log(
    table([
      ["people", "all views complete after the last send (ms)", "views incomplete", "ack errors"],
      [r.people, ms(r.settledMs), r.incomplete, r.ackErrors],
    ]),
  );
  console.log(`everyone sees the final count within one more second, nothing lost: ${r.settledMs <= 1000 && r.incomplete === 0 && r.ackErrors === 0 ? "PASS" : "FAIL"}`);
}
