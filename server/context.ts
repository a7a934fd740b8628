import { EventEmitter } from "node:events";
import type { Logger } from "pino";
import type { Config } from "./config";
import type { Db } from "./db";
import type { EntityChange } from "@shared/realtime";
import type { Message } from "./db/schema";
import type { FileStorage } from "./storage/types";
import type { RealtimeHub } from "./realtime/hub";

/**
 * Domain events, emitted by routes after their transaction commits. The realtime layer
 * subscribes and decides who receives what; routes never talk to sockets directly.
 */
export interface DomainEvents {
  "messages.create": [message: Message];
  /** `row` is the stored row (not presented); `before` is the row before an update or delete. */
  "entities.change": [change: EntityChange & { before?: Record<string, unknown> | null }];
  "users.update": [userId: number];
  /** A session was revoked (logout): its sockets must go too. */
  "sessions.revoke": [sessionId: string];
}

export class AppEvents extends EventEmitter<DomainEvents> {}

export interface AppContext {
  config: Config;
  db: Db;
  log: Logger;
  events: AppEvents;
  storage: FileStorage;
  /** Set by attachRealtime: live delivery to sockets on any node; absent when realtime is not attached. */
  realtime?: RealtimeHub;
}
