// Client commands: one dispatcher per socket (a single onAny listener keeps per-socket memory
// small), a zod schema per event, and always an ack `{ ok: true, data } | { ok: false, error }`.
import { ZodError, type z } from "zod";
import type { AppContext } from "../context";
import { HttpError, fromDbError, zodMessage } from "../errors";
import {
  callAnswerInput,
  callEndInput,
  callInitiateGroupInput,
  callInitiateInput,
  channelTypingInput,
  messageCreateInput,
  presenceSubscribeInput,
  presenceUpdateInput,
  rooms,
  signalSendInput,
  type Ack,
} from "@shared/realtime";
import { answerCall, endCall, initiateCall } from "../services/calls";
import { relaySignal } from "../services/signals-relay";
import { presenceRoom } from "../services/presence";
import type { IoSocket, RealtimeHub } from "./hub";
import { postMessage } from "./chat";
import { presentMessage } from "./present";

interface Command<S extends z.ZodType> {
  schema: S;
  run: (ctx: AppContext, hub: RealtimeHub, socket: IoSocket, input: z.output<S>) => Promise<unknown>;
}

const command = <S extends z.ZodType>(schema: S, run: Command<S>["run"]): Command<z.ZodType> => ({ schema, run }) as Command<z.ZodType>;

const COMMANDS: Record<string, Command<z.ZodType>> = {
  "messages.create": command(messageCreateInput, async (ctx, _hub, socket, input) => presentMessage(await postMessage(ctx, socket, input))),
  "signals.send": command(signalSendInput, (ctx, _hub, socket, input) => relaySignal(ctx, socket.data.u, input)),
  "calls.initiate": command(callInitiateInput, (ctx, _hub, socket, input) =>
    initiateCall(ctx, socket.data.u, [input.target_user_id], input.call_type, false),
  ),
  "calls.initiateGroup": command(callInitiateGroupInput, (ctx, _hub, socket, input) =>
    initiateCall(ctx, socket.data.u, input.target_user_ids, input.call_type, true),
  ),
  "calls.answer": command(callAnswerInput, (ctx, _hub, socket, input) => answerCall(ctx, socket.data.u, input.call_id, input.accepted)),
  "calls.end": command(callEndInput, (ctx, _hub, socket, input) => endCall(ctx, socket.data.u, input.call_id)),
  "presence.update": command(presenceUpdateInput, (_ctx, hub, socket, input) => hub.presence.setStatus(socket.data.u.id, input.status)),
  "presence.subscribe": command(presenceSubscribeInput, async (_ctx, hub, socket, input) => {
    socket.join(input.user_ids.map(presenceRoom));
    return hub.presence.current(input.user_ids);
  }),
  "channels.typing": command(channelTypingInput, async (_ctx, _hub, socket, input) => {
    const room = rooms.channel(input.channel_id);
    // Only readers of the channel are in its room; anyone else is told nothing about it.
    if (!socket.rooms.has(room)) throw new HttpError(404, "Channel not found");
    socket.volatile.to(room).emit("channels.typing", { channel_id: input.channel_id, user_id: socket.data.u.id, user_name: socket.data.u.full_name });
    return null;
  }),
};

export const COMMAND_NAMES = Object.keys(COMMANDS);

function errorText(ctx: AppContext, event: string, err: unknown): string {
  if (err instanceof HttpError) return err.message;
  if (err instanceof ZodError) return zodMessage(err);
  const mapped = fromDbError(err);
  if (mapped) return mapped.message;
  ctx.log.error({ err, event }, "socket command failed");
  return "Internal server error";
}

/** Installs the command dispatcher on a socket. Unknown events are answered with an error, never thrown. */
export function installCommands(ctx: AppContext, hub: RealtimeHub, socket: IoSocket): void {
  socket.onAny((event: string, ...args: unknown[]) => {
    const ack = (typeof args[args.length - 1] === "function" ? args.pop() : undefined) as ((r: Ack) => void) | undefined;
    const reply = (r: Ack) => {
      if (ack) ack(r);
    };
    const cmd = Object.hasOwn(COMMANDS, event) ? COMMANDS[event] : undefined;
    if (!cmd) return reply({ ok: false, error: `Unknown event: ${String(event).slice(0, 100)}` });
    const parsed = cmd.schema.safeParse(args[0]);
    if (!parsed.success) return reply({ ok: false, error: zodMessage(parsed.error) });
    cmd.run(ctx, hub, socket, parsed.data).then(
      (data) => reply({ ok: true, data: data ?? null }),
      (err) => reply({ ok: false, error: errorText(ctx, event, err) }),
    );
  });
}
