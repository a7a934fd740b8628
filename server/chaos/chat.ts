// Chat clients for the failure tests that behave like the web client (docs/protocol.md, "The change feed and catching up"): they reconnect with the same jittered backoff, catch up through the same code
// (shared/feed.ts, here over REST: GET /api/changes) after a reconnect the server could not
// recover and after `sync.required`, retry a handshake refused with "Service unavailable", and
// post over the socket (REST while it is down). What they received is kept, so a test can say
// which acknowledged message some member never got.
import { io } from "socket.io-client";
import { performance } from "node:perf_hooks";
import { PROTOCOL_VERSION, type ChangesPage, type ChatMessage, type EntityChange, type SessionReady } from "@shared/realtime";
import { MESSAGES } from "@shared/constants";
import { RECONNECT_OPTIONS, jitterReconnects } from "@shared/reconnect";
import { FeedCursor } from "@shared/feed";
import type { ClientSocket as Sock } from "../test/clients";
import type { BenchRoom, BenchUser } from "../test/fixture";
import { sleep } from "./procs";

export interface Member {
  user: BenchUser;
  socket: Sock;
  /** Every message held, live or fetched, by id. */
  held: Map<number, ChatMessage>;
  /** Ids of the messages that arrived as pushes. */
  live: Set<number>;
  /** Each session.ready: which node, when (performance.now()), recovered or not. */
  sessions: (SessionReady & { at: number })[];
  /** Each disconnect, when. */
  drops: number[];
  syncRequired: number;
  resyncing: Promise<unknown> | null;
  /** What each catch-up asked and got: since, changes, next, reset. */
  catchUps: string[];
}

export interface WatchOptions {
  /** REST base for catch-ups and posts (nginx, or the node itself). */
  restUrl: string;
  /** Source address, so nginx's ip_hash spreads test clients over the nodes. */
  localAddress?: string;
}

async function fetchChanges(url: string, token: string, since: number): Promise<ChangesPage> {
  const res = await fetch(`${url}/api/changes?since=${since}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`catch-up: HTTP ${res.status}`);
  return (await res.json()) as ChangesPage;
}

/** Connects a member and waits for its first session.ready. */
export async function watchMember(url: string, user: BenchUser, o: WatchOptions): Promise<Member> {
  const socket: Sock = io(url, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token: user.token, protocol_version: PROTOCOL_VERSION },
    forceNew: true,
    ...RECONNECT_OPTIONS,
    ...(o.localAddress ? { localAddress: o.localAddress } : {}),
  } as Parameters<typeof io>[1]);
  jitterReconnects(socket.io);
  const m: Member = { user, socket, held: new Map(), live: new Set(), sessions: [], drops: [], syncRequired: 0, resyncing: null, catchUps: [] };
  const cursor = new FeedCursor();
  const apply = (c: EntityChange) => {
    if (c.table === "messages" && c.op !== "delete") m.held.set(c.id, c.row);
  };
  const catchUp = () => {
    m.resyncing = cursor
      .catchUp(async (since) => {
        const page = await fetchChanges(o.restUrl, user.token, since);
        m.catchUps.push(`${since}:${page.changes.length}:${page.next}:${page.reset ? "reset" : ""}@${Math.round(performance.now())}`);
        return page;
      }, apply)
      .finally(() => (m.resyncing = null));
  };
  socket.on("entities.change", (c) => {
    apply(c);
    if (c.table === "messages" && c.op === "create") m.live.add(c.id);
    cursor.advance(c.seq);
  });
  socket.on("disconnect", () => {
    m.drops.push(performance.now());
    cursor.dropped();
  });
  socket.on("session.ready", (s) => {
    m.sessions.push({ ...s, at: performance.now() });
    cursor.start(s.seq);
    if (s.recovered) cursor.recovered();
    else catchUp();
  });
  socket.on("sync.required", (s) => {
    m.syncRequired++;
    m.catchUps.push(`sync ${s.reason} seq ${s.seq} since ${s.since}@${Math.round(performance.now())}`);
    cursor.rewind(s.seq);
    catchUp();
  });
  // As the web client: a handshake refused because the database is away is tried again.
  socket.on("connect_error", (err) => {
    if (err.message === MESSAGES.serviceUnavailable) setTimeout(() => !socket.connected && !socket.active && socket.connect(), 500 + Math.random() * 1000);
  });
  const end = Date.now() + 30_000;
  while (!m.sessions.length) {
    if (Date.now() > end) throw new Error(`member ${user.id} got no session.ready`);
    await sleep(20);
  }
  return m;
}

/** Connects every user: to `url`, or to `urlOf(i)` when given. */
export async function watchAll(url: string, users: BenchUser[], o: WatchOptions & { localAddressOf?: (i: number) => string; urlOf?: (i: number) => string }): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < users.length; i += 20) {
    out.push(
      ...(await Promise.all(
        users.slice(i, i + 20).map((u, k) => {
          const at = o.urlOf?.(i + k) ?? url;
          return watchMember(at, u, { ...o, restUrl: o.urlOf ? at : o.restUrl, localAddress: o.localAddressOf?.(i + k) });
        }),
      )),
    );
  }
  return out;
}

export interface Posted {
  id: number;
  channel: number;
  at: number;
}

export interface PostError {
  error: string;
  at: number;
  via: "socket" | "rest";
}

export interface Posters {
  posted: Posted[];
  errors: PostError[];
  /** Ack times of socket posts, ms. */
  ackMs: { at: number; ms: number }[];
  stop: () => Promise<void>;
}

/** One poster per room posts every `everyMs` (its socket when connected, else REST) until stopped. */
export function startPosters(members: Member[], rooms: BenchRoom[], restUrl: string, everyMs: number): Posters {
  const posted: Posted[] = [];
  const errors: PostError[] = [];
  const ackMs: Posters["ackMs"] = [];
  let running = true;
  const loops = rooms.map(async (room, k) => {
    const m = members[room.members[0]];
    for (let n = 0; running; n++) {
      const content = `chaos ${k} ${n}`;
      const t = performance.now();
      try {
        if (m.socket.connected) {
          const ack = await m.socket.timeout(10_000).emitWithAck("messages.create", { channel_id: room.id, content });
          ackMs.push({ at: t, ms: performance.now() - t });
          if (ack.ok) posted.push({ id: ack.data.id, channel: room.id, at: t });
          else errors.push({ error: ack.error, at: t, via: "socket" });
        } else {
          const res = await fetch(`${restUrl}/api/entities/messages`, {
            method: "POST",
            headers: { authorization: `Bearer ${m.user.token}`, "content-type": "application/json" },
            body: JSON.stringify({ channel_id: room.id, content }),
          });
          const body = (await res.json().catch(() => ({}))) as ChatMessage & { error?: string };
          if (res.ok) posted.push({ id: body.id, channel: room.id, at: t });
          else errors.push({ error: `${res.status} ${body.error ?? ""}`, at: t, via: "rest" });
        }
      } catch (err) {
        errors.push({ error: (err as Error).message, at: t, via: m.socket.connected ? "socket" : "rest" });
      }
      await sleep(everyMs);
    }
  });
  return {
    posted,
    errors,
    ackMs,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Deliveries of acknowledged messages that some member of the room does not hold. */
export function missing(members: Member[], rooms: BenchRoom[], posted: Posted[]): { message: number; user: number }[] {
  const roomOf = new Map(rooms.map((r) => [r.id, r]));
  const out: { message: number; user: number }[] = [];
  for (const p of posted) {
    for (const i of roomOf.get(p.channel)!.members) if (!members[i].held.has(p.id)) out.push({ message: p.id, user: members[i].user.id });
  }
  return out;
}

/** Waits until every member holds every acknowledged message and no resync is running, or the time is up; returns what is still missing. */
export async function settle(members: Member[], rooms: BenchRoom[], posted: Posted[], timeoutMs = 20_000): Promise<{ message: number; user: number }[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const gone = missing(members, rooms, posted);
    if ((gone.length === 0 && members.every((m) => !m.resyncing)) || Date.now() > end) return gone;
    await sleep(50);
  }
}

/** p-th percentile (0-100) of `xs`, nearest rank. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN;
}

export function closeAll(members: Member[]): void {
  for (const m of members) m.socket.close();
}
