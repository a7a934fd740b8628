// Call and presence scenarios for the load tester (the chat scenario lives in driver.ts).
import { performance } from "node:perf_hooks";
import type { Ack, CallStarted, PresenceState, SignalMessage } from "@shared/realtime";
import { Samples, type LatencySummary } from "./stats";
import type { BenchUser } from "../../server/test/fixture";
import type { Sock } from "./driver";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function emitAck<T>(s: Sock, event: string, payload: unknown, timeoutMs = 10_000): Promise<Ack<T>> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve({ ok: false, error: "ack timeout" }), timeoutMs);
    (s as unknown as { emit: (...a: unknown[]) => void }).emit(event, payload, (r: Ack<T>) => {
      clearTimeout(t);
      resolve(r);
    });
  });
}

export interface CallsResult {
  pairs: number;
  started: number;
  completed: number;
  failed: number;
  callsPerSec: number;
  /** From calls.initiate to the callee's SDP answer reaching the caller. */
  setup: LatencySummary;
  /** offer / answer / ice_candidate: send to receive. */
  signal: LatencySummary;
  firstError?: string;
}

/**
 * Users in pairs; each pair runs complete calls back to back (initiate, invite, accept, offer,
 * answer, 3 ICE candidates each way, end), paced so all pairs together start `rate` calls/s.
 */
export async function runCalls(sockets: Sock[], users: BenchUser[], opts: { rate: number; durationMs: number }): Promise<CallsResult> {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < users.length; i += 2) if (sockets[i] && sockets[i + 1]) pairs.push([i, i + 1]);
  const setup = new Samples();
  const signal = new Samples();
  let started = 0;
  let completed = 0;
  let failed = 0;
  let firstError: string | undefined;
  const fail = (e: string) => {
    failed++;
    firstError ??= e;
  };
  const end = performance.now() + opts.durationMs;
  const gapMs = pairs.length / Math.max(0.001, opts.rate) * 1000;

  const onePair = async ([ci, ri]: [number, number], offset: number) => {
    const caller = sockets[ci];
    const callee = sockets[ri];
    await sleep(offset);
    while (performance.now() < end) {
      const t0 = performance.now();
      const done = new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => {
          cleanup();
          resolve("call did not complete in 15 s");
        }, 15_000);
        let callId = "";
        const onCallee = (s: SignalMessage) => {
          if (s.message_type === "call_invite") {
            callId = s.call_id;
            void emitAck(callee, "calls.answer", { call_id: s.call_id, accepted: true });
          } else if (s.message_type === "offer" && s.call_id === callId) {
            signal.add(performance.now() - (s.message_data as { t: number }).t);
            void emitAck(callee, "signals.send", { call_id: callId, to_user_id: users[ci].id, message_type: "answer", message_data: { t: performance.now(), sdp: "v=0" } });
          } else if (s.message_type === "ice_candidate" && s.call_id === callId) {
            signal.add(performance.now() - (s.message_data as { t: number }).t);
          } else if (s.message_type === "call_end" && s.call_id === callId) {
            cleanup();
            resolve(null);
          }
        };
        const onCaller = (s: SignalMessage) => {
          if (s.message_type === "call_accept") {
            void emitAck(caller, "signals.send", { call_id: s.call_id, to_user_id: users[ri].id, message_type: "offer", message_data: { t: performance.now(), sdp: "v=0" } });
          } else if (s.message_type === "answer") {
            signal.add(performance.now() - (s.message_data as { t: number }).t);
            setup.add(performance.now() - t0);
            void (async () => {
              for (let k = 0; k < 3; k++) {
                await emitAck(caller, "signals.send", { call_id: s.call_id, to_user_id: users[ri].id, message_type: "ice_candidate", message_data: { t: performance.now(), candidate: `c${k}` } });
              }
              await emitAck(caller, "calls.end", { call_id: s.call_id });
            })();
          } else if (s.message_type === "call_reject") {
            cleanup();
            resolve("call rejected");
          }
        };
        const cleanup = () => {
          clearTimeout(timer);
          callee.off("signals.receive", onCallee);
          caller.off("signals.receive", onCaller);
        };
        callee.on("signals.receive", onCallee);
        caller.on("signals.receive", onCaller);
        void emitAck<CallStarted>(caller, "calls.initiate", { target_user_id: users[ri].id, call_type: "audio" }).then((r) => {
          if (!r.ok) {
            cleanup();
            resolve(r.error);
          }
        });
      });
      started++;
      const err = await done;
      if (err === null) completed++;
      else fail(err);
      const wait = gapMs - (performance.now() - t0);
      if (wait > 0) await sleep(wait);
    }
  };
  const t = performance.now();
  await Promise.all(pairs.map((p, i) => onePair(p, (i * gapMs) / Math.max(1, pairs.length))));
  return { pairs: pairs.length, started, completed, failed, callsPerSec: completed / ((performance.now() - t) / 1000), setup: setup.summary(), signal: signal.summary(), firstError };
}

export interface PresenceResult {
  updates: number;
  deliveries: number;
  deliveriesPerSec: number;
  latency: LatencySummary;
  errors: number;
}

/** Each user subscribes to its `fanout` neighbours; `rate` status changes per second in total. */
export async function runPresence(sockets: Sock[], users: BenchUser[], opts: { rate: number; durationMs: number; fanout?: number }): Promise<PresenceResult> {
  const fanout = Math.min(opts.fanout ?? 10, users.length - 1);
  const live = users.map((_, i) => i).filter((i) => sockets[i]);
  const sentAt = new Map<number, number>();
  const latency = new Samples();
  let deliveries = 0;
  let errors = 0;
  const onPresence = (p: PresenceState) => {
    const t = sentAt.get(p.user_id);
    if (t === undefined) return;
    deliveries++;
    latency.add(performance.now() - t);
  };
  await Promise.all(
    live.map(async (i) => {
      const ids = Array.from({ length: fanout }, (_, k) => users[(i + k + 1) % users.length].id);
      const r = await emitAck(sockets[i], "presence.subscribe", { user_ids: ids });
      if (!r.ok) errors++;
      sockets[i].on("presence.update", onPresence);
    }),
  );
  const start = performance.now();
  let updates = 0;
  let credit = 0;
  let last = start;
  while (performance.now() - start < opts.durationMs) {
    await sleep(10);
    const now = performance.now();
    credit += ((now - last) * opts.rate) / 1000;
    last = now;
    while (credit >= 1) {
      credit -= 1;
      const i = live[updates++ % live.length];
      sentAt.set(users[i].id, performance.now());
      void emitAck(sockets[i], "presence.update", { status: updates % 2 ? "away" : "online" }).then((r) => {
        if (!r.ok) errors++;
      });
    }
  }
  const sec = (performance.now() - start) / 1000;
  await sleep(1000);
  for (const i of live) sockets[i].off("presence.update", onPresence);
  return { updates, deliveries, deliveriesPerSec: deliveries / sec, latency: latency.summary(), errors };
}
