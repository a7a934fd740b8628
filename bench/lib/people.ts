// The user model of the load tester (docs/benchmarks.md, "Supported users"): each simulated
// person signs in over REST, loads the first screen as the web client does (auth/me, the channel
// list, unread counts, the newest page of a channel), keeps one socket, and then, at exponentially
// distributed intervals (mean `meanIntervalMs`), does one of the things people do, drawn by weight.
// What each action cost (its REST requests and socket acks) is kept per kind; every message a
// person posts is checked at everyone who should receive it (lost or duplicated).
import { performance } from "node:perf_hooks";
import { connectAll, onNewMessage, type Sock } from "./driver";
import { Samples } from "./stats";
import { Zipf, latinWords, messageLength, vocabulary } from "./search-corpus";
import type { SignalMessage } from "@shared/realtime";
import type { BenchUser } from "../../server/test/fixture";

export const ACTIONS = ["read", "post", "dm", "reply", "react", "thread", "type", "search", "presence", "tasks", "calendar", "upload", "call"] as const;
export type Action = (typeof ACTIONS)[number];
/** The steps of arriving: signing in, the first screen's requests, the socket's handshake. */
export const ARRIVAL = ["signin", "screen", "socket"] as const;
export type Arrival = (typeof ARRIVAL)[number];

/** How often each action is drawn, relative to the others (flags --weight-<action>). */
export const DEFAULT_WEIGHTS: Record<Action, number> = { read: 30, post: 12, dm: 6, reply: 4, react: 8, thread: 5, type: 15, search: 3, presence: 2, tasks: 11, calendar: 10, upload: 1, call: 1 };

// Message text and search words: the dictionary by Zipf's law, as the chat and search benches use.
const VOCABULARY = vocabulary(20_000, 0x9e0);
const WORD_RANKS = new Zipf(VOCABULARY.length);
const EMOJIS = ["👍", "❤️", "😂", "🎉", "👀", "✅", "🙏", "🚀"];
const STATUSES = ["online", "away", "busy"] as const;

/** One kind's figures: how long its requests took (client side) and how many failed. */
export interface KindFigures {
  done: number;
  errors: number;
  latency: Samples;
  /** What went wrong first, for the report. */
  firstError?: string;
}

export class PeopleStats {
  kinds = new Map<Arrival | Action, KindFigures>();
  rest = new Samples();
  restCount = 0;
  rest5xx = 0;
  posted = 0;
  /** Posted message id → how many people should receive it (its channel's others online then), and when it was acked. */
  readonly expected = new Map<number, { want: number; at: number }>();
  /** Message id → who received it (also before its sender's ack came back). */
  readonly got = new Map<number, Set<number>>();
  duplicates = 0;

  received(messageId: number, userId: number): void {
    let s = this.got.get(messageId);
    if (!s) this.got.set(messageId, (s = new Set()));
    if (s.has(userId)) this.duplicates++;
    s.add(userId);
  }

  kind(k: Arrival | Action): KindFigures {
    let f = this.kinds.get(k);
    if (!f) this.kinds.set(k, (f = { done: 0, errors: 0, latency: new Samples() }));
    return f;
  }

  /** Deliveries missing of the messages acked before `before` (given time to arrive); those are then forgotten. */
  lost(before = Infinity): number {
    let n = 0;
    for (const [id, e] of this.expected) {
      if (e.at >= before) continue;
      n += Math.max(0, e.want - (this.got.get(id)?.size ?? 0));
      this.expected.delete(id);
      this.got.delete(id);
    }
    return n;
  }

  /** A new window: the counts start again (deliveries still in flight stay). */
  restart(): void {
    this.kinds = new Map();
    this.rest = new Samples();
    this.restCount = 0;
    this.rest5xx = 0;
    this.posted = 0;
    this.duplicates = 0;
  }
}

/** Who is online now: a channel's online members receive its messages. */
export class Roster {
  private readonly byChannel = new Map<number, Set<number>>();
  private readonly here = new Set<number>();
  join(p: Person): void {
    this.here.add(p.user.id);
    for (const c of p.user.channels) {
      let s = this.byChannel.get(c);
      if (!s) this.byChannel.set(c, (s = new Set()));
      s.add(p.user.id);
    }
  }
  leave(p: Person): void {
    this.here.delete(p.user.id);
    for (const c of p.user.channels) this.byChannel.get(c)?.delete(p.user.id);
  }
  isOnline(userId: number): boolean {
    return this.here.has(userId);
  }
  online(channelId: number): number {
    return this.byChannel.get(channelId)?.size ?? 0;
  }
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];
const sentence = () => latinWords(Math.random, VOCABULARY, WORD_RANKS, messageLength(Math.random)).join(" ");
/** A search word as people type them: frequent words more often, never the very commonest few. */
const searchWord = () => VOCABULARY[Math.min(VOCABULARY.length - 1, 20 + WORD_RANKS.draw(Math.random))];
/** Each person's channels by how much they use them: a favourite few most of the time. */
const CHANNEL_RANKS = new Map<number, Zipf>();
const channelRank = (n: number) => {
  let z = CHANNEL_RANKS.get(n);
  if (!z) CHANNEL_RANKS.set(n, (z = new Zipf(n)));
  return z.draw(Math.random);
};
/** How long a 1:1 call of the model lasts once set up, and how long its callee takes to pick up. */
const CALL_HOLD_MS = 8_000;
const PICK_UP_MS = 1_000;

export interface PersonOptions {
  url: string;
  password: string;
  meanIntervalMs: number;
  weights: Record<Action, number>;
  stats: PeopleStats;
  roster: Roster;
  /** Everyone's email by id, for mentions now and then. */
  emails: Map<number, string>;
}

export class Person {
  private token = "";
  private socket: Sock | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Recent message ids per channel (from pages read and messages seen), for replies and reactions. */
  private readonly recent = new Map<number, number[]>();
  /** The call this person is in (as caller or callee): a second one is turned away as busy. */
  private call: { id: string; peer: number } | null = null;
  /** The caller's wait for its callee's acceptance and answer. */
  private awaiting: { answered: () => void; refused: () => void } | null = null;

  constructor(
    readonly user: BenchUser,
    private readonly o: PersonOptions,
  ) {}

  private async rest<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    const t0 = performance.now();
    this.o.stats.restCount++;
    let res: Response;
    try {
      res = await fetch(`${this.o.url}/api${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } finally {
      this.o.stats.rest.add(performance.now() - t0);
    }
    if (res.status >= 500) this.o.stats.rest5xx++;
    const data = (await res.json().catch(() => null)) as T;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status}`);
    return data;
  }

  private list<T>(table: string, q: Record<string, unknown>): Promise<T> {
    const qs = Object.entries(q)
      .map(([k, v]) => `${k}=${encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v))}`)
      .join("&");
    return this.rest<T>("GET", `/entities/${table}?${qs}`);
  }

  private async emit<T>(event: string, payload: unknown): Promise<T> {
    const s = this.socket;
    if (!s?.connected) throw new Error("socket down");
    const ack = (await (s as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<{ ok: boolean; data?: T; error?: string }> } })
      .timeout(10_000)
      .emitWithAck(event, payload)) as { ok: boolean; data?: T; error?: string };
    if (!ack.ok) throw new Error(`${event}: ${ack.error}`);
    return ack.data as T;
  }

  private async timed(kind: Arrival | Action, fn: () => Promise<unknown>): Promise<void> {
    const f = this.o.stats.kind(kind);
    const t0 = performance.now();
    try {
      await fn();
      f.done++;
      f.latency.add(performance.now() - t0);
    } catch (e) {
      f.errors++;
      f.firstError ??= (e as Error).message;
    }
  }

  /** Signs in, loads the first screen, connects; false when any of it failed. */
  async arrive(): Promise<boolean> {
    let ok = false;
    await this.timed("signin", async () => {
      const t = await this.rest<{ accessToken: string }>("POST", "/auth/login", { email: this.user.email, password: this.o.password });
      this.token = t.accessToken;
    });
    if (!this.token) return false;
    await this.timed("screen", () =>
      Promise.all([this.rest("GET", "/auth/me"), this.list("channels", { sort: "-last_activity", limit: 500 }), this.rest("GET", "/chat/unread"), this.readPage(this.user.channels[0])]),
    );
    await this.timed("socket", async () => {
      const conn = await connectAll(this.o.url, [{ ...this.user, token: this.token }], 1, 30_000, { reconnect: true });
      if (!conn.sockets[0]) throw new Error(conn.errors[0] ?? "no socket");
      this.socket = conn.sockets[0];
      onNewMessage(this.socket, (m) => this.received(m.id, m.channel_id, m.thread_root_id == null));
      this.socket.on("signals.receive", (sig: SignalMessage) => this.signal(sig));
      this.o.roster.join(this);
      ok = true;
    });
    if (ok) this.schedule();
    return ok;
  }

  private received(id: number, channelId: number, root: boolean): void {
    this.o.stats.received(id, this.user.id);
    // Replies and reactions go to messages of the channel's list, never to a reply.
    if (!root) return;
    const list = this.recent.get(channelId) ?? [];
    list.push(id);
    if (list.length > 20) list.shift();
    this.recent.set(channelId, list);
  }

  private async readPage(channelId: number): Promise<number | null> {
    const rows = await this.list<{ id: number }[]>("messages", { where: { channel_id: channelId, or: [{ thread_root_id: null }, { also_to_channel: true }] }, sort: "-id", limit: 50 });
    this.recent.set(channelId, rows.map((r) => r.id).reverse());
    return rows[0]?.id ?? null;
  }

  private schedule(): void {
    if (this.stopped) return;
    // Exponentially distributed waits: people act independently of one another.
    const wait = -Math.log(1 - Math.random()) * this.o.meanIntervalMs;
    this.timer = setTimeout(() => void this.act().finally(() => this.schedule()), wait);
  }

  private draw(): Action {
    const total = ACTIONS.reduce((a, k) => a + this.o.weights[k], 0);
    let r = Math.random() * total;
    for (const k of ACTIONS) if ((r -= this.o.weights[k]) < 0) return k;
    return "read";
  }

  private async act(): Promise<void> {
    const kind = this.draw();
    const channel = this.user.channels[channelRank(this.user.channels.length)];
    const recent = this.recent.get(channel) ?? [];
    await this.timed(kind, async () => {
      switch (kind) {
        case "read": {
          const newest = await this.readPage(channel);
          if (newest) await this.emit("channel_reads.update", { channel_id: channel, message_id: newest });
          return;
        }
        case "dm":
        case "post":
        case "reply": {
          const dm = kind === "dm" && this.user.dms?.length ? pick(this.user.dms) : null;
          if (kind === "dm" && !dm) return;
          const root = kind === "reply" ? recent[recent.length - 1] : undefined;
          const mention = Math.random() < 0.1 ? `@[Someone](${this.o.emails.get(pick([...this.o.emails.keys()]))}) ` : "";
          const to = dm?.channel ?? channel;
          const expected = Math.max(0, this.o.roster.online(to) - 1);
          const m = await this.emit<{ id: number }>("messages.create", { channel_id: to, content: (dm ? "" : mention) + sentence(), ...(root ? { thread_root_id: root, also_to_channel: false } : {}) });
          this.o.stats.posted++;
          // A reply only in its thread is pushed as a change of the thread, not a new channel message.
          if (!root) this.o.stats.expected.set(m.id, { want: expected, at: performance.now() });
          return;
        }
        case "react":
          if (recent.length) await this.emit("message_reactions.create", { message_id: pick(recent), emoji: pick(EMOJIS) }).catch((e: Error) => (/already|exists/i.test(e.message) ? null : Promise.reject(e)));
          return;
        case "thread":
          if (recent.length) await this.list("messages", { where: { thread_root_id: pick(recent) }, sort: "-id", limit: 50 });
          return;
        case "type":
          await this.emit("channels.typing", { channel_id: channel });
          return;
        case "search":
          await this.rest("GET", `/search?q=${encodeURIComponent(searchWord())}`);
          return;
        case "presence":
          await this.emit("presence.update", { status: pick(STATUSES) });
          return;
        case "tasks":
          await this.list("tasks", { where: `(assignee_email = '${this.user.email}')`, sort: "-created_date", limit: 1000 });
          return;
        case "calendar":
          await this.list("calendar_events", { sort: "-start_datetime", limit: 1000 });
          return;
        case "upload":
          await this.upload();
          return;
        case "call":
          await this.startCall();
          return;
      }
    });
  }

  /** A small file to the library, as the Files page sends it (multipart). */
  private async upload(): Promise<void> {
    const form = new FormData();
    form.append("upload_type", "file_library");
    const text = Array.from({ length: 200 }, () => sentence()).join("\n");
    form.append("file", new Blob([text], { type: "text/plain" }), `notes-${this.user.id}-${Date.now()}.txt`);
    const t0 = performance.now();
    this.o.stats.restCount++;
    try {
      const res = await fetch(`${this.o.url}/api/files`, { method: "POST", headers: { authorization: `Bearer ${this.token}` }, body: form });
      await res.arrayBuffer();
      if (res.status >= 500) this.o.stats.rest5xx++;
      if (!res.ok) throw new Error(`upload: ${res.status}`);
    } finally {
      this.o.stats.rest.add(performance.now() - t0);
    }
  }

  /**
   * A 1:1 call's signalling with a direct-message partner who is here: initiate, the callee's
   * acceptance, offer and answer, three ICE candidates; timed until the answer arrives (the set-up
   * a person waits for). The call is ended CALL_HOLD_MS later. Nobody to call: nothing is done.
   */
  private async startCall(): Promise<void> {
    const peer = this.user.dms?.find((d) => this.o.roster.isOnline(d.with))?.with;
    if (this.call || peer === undefined) return;
    this.call = { id: "", peer };
    try {
      const answered = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("call not set up in 15 s")), 15_000);
        const end = (fn: () => void) => () => {
          clearTimeout(timer);
          fn();
        };
        this.awaiting = { answered: end(resolve), refused: end(() => reject(new Error("call refused"))) };
      });
      // Awaited below once the call is started; a failed start must not leave it unhandled.
      answered.catch(() => null);
      // Someone in Do Not Disturb is not rung (the server says so): a person would not call them.
      const started = await this.emit<{ call_id: string }>("calls.initiate", { target_user_id: peer, call_type: "audio" }).catch((e: Error) =>
        /Do Not Disturb/i.test(e.message) ? null : Promise.reject(e),
      );
      if (!started) {
        this.call = null;
        return;
      }
      this.call.id = started.call_id;
      await answered;
      for (let k = 0; k < 3; k++) await this.emit("signals.send", { call_id: started.call_id, to_user_id: peer, message_type: "ice_candidate", message_data: { candidate: `candidate:${k} 1 udp 1 127.0.0.1 9 typ host` } });
      const id = started.call_id;
      setTimeout(() => {
        if (this.call?.id === id) this.call = null;
        void this.emit("calls.end", { call_id: id }).catch(() => null);
      }, CALL_HOLD_MS);
    } catch (e) {
      const id = this.call?.id;
      this.call = null;
      this.awaiting = null;
      if (id) await this.emit("calls.end", { call_id: id }).catch(() => null);
      throw e;
    }
  }

  /** Both ends of the model's calls (as scenarios.ts's calls bench, without media). */
  private signal(s: SignalMessage): void {
    switch (s.message_type) {
      case "call_invite":
        if (this.call) {
          void this.emit("calls.answer", { call_id: s.call_id, accepted: false, reason: "busy" }).catch(() => null);
          return;
        }
        this.call = { id: s.call_id, peer: s.from_user_id };
        setTimeout(() => void this.emit("calls.answer", { call_id: s.call_id, accepted: true }).catch(() => (this.call = null)), PICK_UP_MS);
        return;
      case "call_accept":
        if (this.call?.id === s.call_id) void this.emit("signals.send", { call_id: s.call_id, to_user_id: s.from_user_id, message_type: "offer", message_data: { sdp: "v=0" } }).catch(() => null);
        return;
      case "offer":
        if (this.call?.id === s.call_id) void this.emit("signals.send", { call_id: s.call_id, to_user_id: s.from_user_id, message_type: "answer", message_data: { sdp: "v=0" } }).catch(() => null);
        return;
      case "answer":
        if (this.call?.id === s.call_id) this.awaiting?.answered();
        return;
      case "call_reject":
      case "call_end":
        if (this.call?.id === s.call_id) {
          this.awaiting?.refused();
          this.call = null;
          this.awaiting = null;
        }
        return;
    }
  }

  leave(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.o.roster.leave(this);
    this.socket?.close();
  }
}
