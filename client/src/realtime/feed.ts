// The change feed in the browser (docs/architecture.md, "Catching up"): every row change the
// server pushes (`entities.change`) or returns to a catch-up goes through applyChange to the
// handlers the features registered for its table, in order. The cursor (shared/feed.ts, the same
// code the load tester runs) remembers the last sequence number applied; after a reconnect the
// server could not recover, one `changes.since` catch-up replaces refetching what is on screen.
// Knows no store: features register handlers (features/*/socket.ts).
import type { EntityTable } from "@shared/entities";
import type { EntityChange } from "@shared/realtime";
import { FeedCursor } from "@shared/feed";
import { addSocketHandlers, emitWithAck } from "./socket";
import { observeFeedPosition } from "../lib/http";

export type ChangeOf<T extends EntityTable> = Extract<EntityChange, { table: T }>;
type Handler = (c: EntityChange) => void;

const handlers = new Map<EntityTable, Set<Handler>>();
const anyHandlers = new Set<Handler>();
const resetHandlers = new Set<() => void>();

/** Calls `handler` with every change of `table`, live or caught up. */
export function onTableChange<T extends EntityTable>(table: T, handler: (c: ChangeOf<T>) => void): () => void {
  let set = handlers.get(table);
  if (!set) handlers.set(table, (set = new Set()));
  set.add(handler as Handler);
  return () => set.delete(handler as Handler);
}

/** Calls `handler` with every change of every table. */
export function onAnyChange(handler: Handler): () => void {
  anyHandlers.add(handler);
  return () => anyHandlers.delete(handler);
}

/** Calls `handler` when the feed no longer reaches back to where this client stood: reload everything. */
export function onFeedReset(handler: () => void): () => void {
  resetHandlers.add(handler);
  return () => resetHandlers.delete(handler);
}

/** Hands one change to its table's handlers; a failing handler does not stop the others. */
export function applyChange(change: EntityChange): void {
  for (const h of [...(handlers.get(change.table) ?? []), ...anyHandlers]) {
    try {
      h(change);
    } catch (err) {
      console.error(`Applying a ${change.table} change failed`, err);
    }
  }
}

/** Wires the feed to each new socket (a fresh cursor per sign-in). */
export function registerFeed(): () => void {
  return addSocketHandlers((socket) => {
    const cursor = new FeedCursor();
    // Data loaded over REST before this socket was in its rooms holds every change up to the feed
    // position it carries; what changed after that and before the rooms were joined was neither in
    // it nor pushed: catch up from there (the earliest such position).
    let readyAt: number | null = null;
    let loadedFrom: number | null = null;
    observeFeedPosition((seq, startedAt) => {
      if (readyAt !== null && startedAt >= readyAt) return;
      if (readyAt === null) loadedFrom = Math.min(loadedFrom ?? seq, seq);
      else if (cursor.position !== null && seq < cursor.position) {
        // Started before the rooms were joined, answered after: its gap too.
        cursor.rewind(seq);
        void catchUp();
      }
    });
    const catchUp = () =>
      cursor
        .catchUp((since) => emitWithAck("changes.since", { since }), applyChange, {
          onError: (err) => console.error("Catching up failed; retrying", err),
        })
        .then((result) => {
          if (result === "reset") for (const h of resetHandlers) h();
        });
    socket.on("entities.change", (change) => {
      applyChange(change);
      cursor.advance(change.seq);
    });
    // Pushes after the reconnect must not move the catch-up point past the gap.
    socket.on("disconnect", () => cursor.dropped());
    // A node lost its link to the others for a while: pushes from them may be missing.
    socket.on("sync.required", (s) => {
      cursor.rewind(s.seq);
      void catchUp();
    });
    socket.on("session.ready", (s) => {
      if (readyAt === null) {
        readyAt = performance.now();
        cursor.start(s.seq);
        if (loadedFrom !== null && loadedFrom < s.seq) {
          cursor.rewind(loadedFrom);
          void catchUp();
        }
        return;
      }
      // A recovered session had every push it missed replayed; otherwise catch up, once.
      if (s.recovered) cursor.recovered();
      else void catchUp();
    });
  });
}
