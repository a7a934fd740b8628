// The realtime hub: what services need from Socket.IO, without knowing about handlers.
import type { Server, Socket } from "socket.io";
import type { User } from "../db/schema";
import { rooms, type ClientToServerEvents, type ServerToClientEvents } from "@shared/realtime";
import type { PresenceService } from "../features/presence/service";

/** Kept on every socket (and restored with it by connection state recovery), so kept tiny. */
export type SocketUser = Pick<User, "id" | "email" | "full_name" | "role" | "team_role" | "time_zone">;

export interface SocketData {
  u: SocketUser;
  /** The session behind the token, so logout can close this socket. */
  sid: string;
}

export interface InterServerEvents {
  /** A user's profile changed: nodes refresh the copy kept on their sockets. */
  "users.refresh": (userId: number) => void;
  /** A node could not publish from `since` on (ISO time): every node tells its sockets to catch up. */
  "cluster.gap": (since: string) => void;
  /** A round trip through Redis: answered by every other node once its link works. */
  "cluster.ping": (ack: (ok: boolean) => void) => void;
}

export type IoServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

type Emit = keyof ServerToClientEvents;
type Args<E extends Emit> = Parameters<ServerToClientEvents[E]>;

/**
 * What services need from Socket.IO, and the only way they reach sockets: typed pushes to
 * rooms, on whichever node the sockets are.
 */
export class RealtimeHub {
  /** With Redis: whether cross-node delivery works now, and a bounded PING (readiness). */
  link?: { readonly up: boolean; ping: (timeoutMs?: number) => Promise<boolean> };

  constructor(
    private readonly io: IoServer,
    readonly nodeId: string,
    /** True with the Redis adapter: other nodes hold sockets too. */
    readonly clustered: boolean,
    readonly presence: PresenceService,
  ) {}

  /** Pushes an event to every socket of these users. */
  toUsers<E extends Emit>(userIds: readonly number[], event: E, ...args: Args<E>): void {
    if (userIds.length) this.toRooms(userIds.map(rooms.user), event, ...args);
  }

  /** Pushes an event to every socket in these rooms. */
  toRooms<E extends Emit>(names: readonly string[], event: E, ...args: Args<E>): void {
    if (!names.length) return;
    (this.io.to([...names]).emit as (ev: E, ...a: Args<E>) => boolean)(event, ...args);
  }

  /** Whether the user has a connected socket on any node (local rooms first, then the cluster). */
  async hasSocket(userId: number): Promise<boolean> {
    const room = rooms.user(userId);
    if (this.io.of("/").adapter.rooms.get(room)?.size) return true;
    // Redis away: asking the other nodes would only wait; the caller stores what it could not push.
    if (!this.clustered || this.link?.up === false) return false;
    try {
      const found = await this.io.in(room).timeout(2000).fetchSockets();
      return found.length > 0;
    } catch {
      return false;
    }
  }

  /**
   * Whether one of the user's sockets, on any node, is in this room (a call's room: the sockets
   * holding the user's place in it). When the other nodes cannot be asked (Redis away, no answer
   * in time) it says yes: nobody is let go of for what could not be seen.
   */
  async userInRoom(room: string, userId: number): Promise<boolean> {
    const nsp = this.io.of("/");
    for (const sid of nsp.adapter.rooms.get(room) ?? []) if (nsp.sockets.get(sid)?.data.u?.id === userId) return true;
    if (!this.clustered) return false;
    if (this.link?.up === false) return true;
    try {
      const found = await this.io.in(room).timeout(2000).fetchSockets();
      return found.some((s) => s.data.u?.id === userId);
    } catch {
      return true;
    }
  }

  /** The user's sockets, on every node, leave this room. */
  leaveRoom(userId: number, room: string): void {
    this.io.in(rooms.user(userId)).socketsLeave(room);
  }

  /** Sockets connected to this node. */
  get localSockets(): number {
    return this.io.of("/").sockets.size;
  }
}
