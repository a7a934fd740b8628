import { EventEmitter } from "node:events";
import type { Logger } from "pino";
import type { Config } from "./config";
import type { Db } from "./db";
import type { EntityTable } from "@shared/entities";
import type { FileStorage } from "./storage/types";
import type { RealtimeHub } from "./realtime/hub";
import type { CallRecord } from "@shared/realtime";

import type { CommittedChange, EntityOp } from "./feed/types";

export type { EntityOp };
export type EntityEventName = `${EntityTable}.${EntityOp}`;

/** `row` is the stored row (not presented); `before` is the row before an update or delete. */
export interface EntityEvent {
  table: EntityTable;
  op: EntityOp;
  id: number;
  row: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
}

/**
 * Domain events, emitted by services after their transaction commits, named `<table>.<op>`.
 * The realtime layer subscribes and decides who receives what; nothing else talks to sockets.
 */
export type DomainEvents = { [K in EntityEventName]: [event: EntityEvent] } & {
  /** A session was revoked (logout): its sockets must go too. */
  "sessions.revoke": [sessionId: string];
  /** An invitation was created (its mail's job is written with it where SMTP is configured): wakes the worker. */
  "invitations.create": [invite: { email: string; link: string; message: string | null; inviterId: number; inviterName: string }];
  /** People rung for a call did not answer it (missed), after the call's state and their notices' jobs committed: wakes the worker. */
  "calls.missed": [missed: { callId: string; userIds: number[]; callerName: string }];
  /** A call rings someone with no socket on any node, the push job written with the waiting invite: wakes the worker. */
  "calls.ringing": [ringing: { callId: string; userId: number }];
  /** A calendar reminder went out (from one node) to these people, their push jobs written with it: wakes the worker. */
  "calendar.reminder": [reminder: { eventId: number; start: Date; notices: { userId: number; title: string; body: string; link: string }[] }];
  /** Message reminders or failed scheduled messages queued notification jobs (docs/messages.md, "Reminders"): wakes the worker. */
  "keep.notices": [count: number];
  /** A call's state after a transition committed (the record `calls.update` carries). */
  "calls.changed": [record: CallRecord];
};

export class AppEvents extends EventEmitter<DomainEvents> {}

/** Where committed changes go after their commit: the realtime layer's delivery, in commit order. */
export interface FeedSink {
  publish(changes: readonly CommittedChange[]): void;
}

export interface AppContext {
  config: Config;
  db: Db;
  log: Logger;
  events: AppEvents;
  storage: FileStorage;
  /** Set by attachRealtime: live delivery to sockets on any node; absent when realtime is not attached. */
  realtime?: RealtimeHub;
  /** Set by attachRealtime: pushes committed change records to the sockets that may see them. */
  feed?: FeedSink;
  /** This node's durable consumers of the change feed (docs/architecture.md, "Side effects"); set when the routes mount. */
  consumers?: FeedConsumerHost;
}

/** What the app and its routes need of the feed's durable consumers (server/feed/consumers.ts). */
export interface FeedConsumerHost {
  /** Looks at the feed now: a local commit just stored records. */
  wake(): void;
  /** Runs every consumer until none has anything left (tests). */
  drain(): Promise<void>;
  /** An admin's retry of a dead letter through its consumer. */
  retry(id: number): Promise<{ ok: true } | { ok: false; error: string }>;
  stop(): Promise<void>;
}

/** One of something per app context (a batching queue, a pacer): a test may run several apps in one process. */
export function perContext<C extends object, Q>(make: (ctx: C) => Q): (ctx: C) => Q {
  const made = new WeakMap<C, Q>();
  return (ctx) => {
    let q = made.get(ctx);
    if (!q) made.set(ctx, (q = make(ctx)));
    return q;
  };
}
