// Who is still in a call (docs/calls.md). A socket that starts, answers, walks into, publishes to
// or resumes a call holds the user's place in it: it joins the call's room (`call:<id>`). When
// such a socket goes (a closed tab, a reload, a dropped connection), the place is marked in the
// database; every node's calls sweep lets the participant leave once the mark is older than
// CALL_LEAVE_GRACE_MS, unless a socket of theirs, on any node, is in the call's room again (a
// reloaded meeting page that walked back in, a reconnect that sent calls.resume).
// The database's clock and the call row's lock make this the same on one node or several, as for
// the ring timeout (docs/architecture.md, "Several nodes"). A polling client holds no socket and
// marks nothing: presence's grace covers it (leaveCallsOf).
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { rooms, type CallRecord } from "@shared/realtime";
import type { IoSocket } from "../../realtime/hub";
import { isIn, loadCallRecord } from "./records";
import { clearDetached, detachedParticipants, findParticipant, markDetached, peopleByIds, stillDetached } from "./repository";
import { endCall } from "./service";

const CALL_ROOM = rooms.call("");

/** This socket holds the user's place in the call from now on. */
export function holdCall(socket: IoSocket, callId: string): void {
  void socket.join(rooms.call(callId));
}

/**
 * After a reconnect: the socket holds the place again if the user is still in the call. Answers
 * the call as it is now; the client is back in it only if its participant is `in_call`.
 */
export async function resumeCall(ctx: AppContext, socket: IoSocket, callId: string): Promise<CallRecord> {
  const user = socket.data.u;
  const me = await findParticipant(ctx.db, callId, user.id);
  if (!me) throw notFound("Call not found");
  if (isIn(me)) await takeBack(ctx, socket, callId);
  const rec = await loadCallRecord(ctx.db, callId);
  if (!rec) throw notFound("Call not found");
  return rec;
}

/**
 * Into the room first, then the mark cleared: a sweep that looked at the room before the join
 * still reads the mark under the call's lock before it lets anyone go (endCall's `onlyIf`).
 */
export async function takeBack(ctx: AppContext, socket: IoSocket, callId: string): Promise<void> {
  holdCall(socket, callId);
  await clearDetached(ctx.db, callId, socket.data.u.id);
}

/** A socket is going (Socket.IO's `disconnecting`, while it is still in its rooms): mark its calls. */
export async function socketLeaving(ctx: AppContext, userId: number, socketRooms: Iterable<string>): Promise<void> {
  const callIds = [...socketRooms].filter((r) => r.startsWith(CALL_ROOM)).map((r) => r.slice(CALL_ROOM.length));
  await markDetached(ctx.db, userId, callIds);
}

// When each app first swept. Nobody is let go of in its first few grace periods: the marks a
// stopping node wrote for all its sockets then wait for clients that reconnect here with backoff.
const firstSweep = new WeakMap<AppContext, number>();
const RESTART_GRACES = 3;

/** Lets go of everyone whose place has been marked longer than the grace; runs with the calls sweep. */
export async function sweepDetached(ctx: AppContext): Promise<void> {
  const hub = ctx.realtime;
  if (!hub) return;
  const graceMs = ctx.config.callLeaveGraceMs;
  const now = Date.now();
  if (!firstSweep.has(ctx)) firstSweep.set(ctx, now);
  if (now - firstSweep.get(ctx)! < RESTART_GRACES * graceMs) return;
  const rows = await detachedParticipants(ctx.db, graceMs);
  for (const r of rows) {
    try {
      if (await hub.userInRoom(rooms.call(r.call_id), r.user_id)) {
        // A socket holds the place (a recovered connection is back in its rooms): keep them.
        await clearDetached(ctx.db, r.call_id, r.user_id, r.detached_at ?? undefined);
        continue;
      }
      const [person] = await peopleByIds(ctx.db, [r.user_id]);
      if (!person) continue;
      const actor = { id: person.id, email: person.email, full_name: person.full_name };
      await endCall(ctx, actor, r.call_id, (trx) => stillDetached(trx, r.call_id, r.user_id, graceMs));
    } catch (err) {
      ctx.log.warn({ err, call: r.call_id, user: r.user_id }, "letting a detached participant go failed");
    }
  }
}
