// Client commands: one dispatcher per socket (a single onAny listener keeps per-socket memory
// small), a zod schema per event, and always an ack `{ ok: true, data } | { ok: false, error }`.
// The features register their commands; the table is typed by the socket contract, so an event
// of `ClientToServerEvents` without a command does not compile.
import { ZodError, type z } from "zod";
import type { AppContext } from "../context";
import { HttpError, fromDbError, zodMessage } from "../errors";
import type { Ack, ClientToServerEvents } from "@shared/realtime";
import type { IoSocket, RealtimeHub } from "./hub";
import { TOO_MANY_REQUESTS, TokenBucket, type RateOptions, type RedisRateLimiter } from "./ratelimit";
import { metrics, type CommandResult } from "../ops/metrics";
import { isUnavailable } from "../ops/unavailable";
import { MESSAGES } from "@shared/constants";
import { inputProblem } from "../input-guard";

export interface Command<S extends z.ZodType = z.ZodType> {
  schema: S;
  run: (ctx: AppContext, hub: RealtimeHub, socket: IoSocket, input: z.output<S>) => Promise<unknown>;
}

export type CommandName = keyof ClientToServerEvents;
export type CommandTable = { [E in CommandName]: Command };

export const command = <S extends z.ZodType>(schema: S, run: Command<S>["run"]): Command => ({ schema, run }) as Command;

function errorText(ctx: AppContext, event: string, err: unknown): string {
  if (err instanceof HttpError) return err.message;
  if (isUnavailable(err)) return MESSAGES.serviceUnavailable;
  if (err instanceof ZodError) return zodMessage(err);
  const mapped = fromDbError(err);
  if (mapped) return mapped.message;
  ctx.log.error({ err, event }, "socket command failed");
  return "Internal server error";
}

export interface CommandLimits extends RateOptions {
  /** With Redis: the per-user bucket every node shares. */
  shared?: RedisRateLimiter;
}

/**
 * Installs the command dispatcher on a socket. Unknown events are answered with an error, never
 * thrown. Every event, even an unknown or malformed one, takes a token first: a refused command
 * costs no parsing, no database and no broadcast.
 */
export function installCommands(ctx: AppContext, hub: RealtimeHub, socket: IoSocket, commands: CommandTable, limits: CommandLimits): void {
  const bucket = new TokenBucket(limits);
  socket.onAny((event: string, ...args: unknown[]) => {
    const ack = (typeof args[args.length - 1] === "function" ? args.pop() : undefined) as ((r: Ack) => void) | undefined;
    const reply = (r: Ack) => {
      if (ack) ack(r);
    };
    const name = Object.hasOwn(commands, event) ? event : "unknown";
    if (!bucket.take()) return refuse(name, "socket", reply);
    if (!limits.shared) return dispatch(ctx, hub, socket, commands, event, args, reply);
    limits.shared.take(socket.data.u.id).then((ok) => {
      if (!ok) refuse(name, "user", reply);
      else if (socket.connected) dispatch(ctx, hub, socket, commands, event, args, reply);
    }, () => refuse(name, "user", reply));
  });
}

function refuse(command: string, limit: "socket" | "user", reply: (r: Ack) => void): void {
  metrics.rateLimited(limit);
  metrics.commandDone(command, "rate_limited");
  reply({ ok: false, error: TOO_MANY_REQUESTS });
}

function dispatch(ctx: AppContext, hub: RealtimeHub, socket: IoSocket, commands: CommandTable, event: string, args: unknown[], reply: (r: Ack) => void): void {
  const cmd = Object.hasOwn(commands, event) ? commands[event as CommandName] : undefined;
  if (!cmd) {
    metrics.commandDone("unknown", "invalid");
    return reply({ ok: false, error: `Unknown event: ${String(event).slice(0, 100)}` });
  }
  // The guard REST runs on every body (../input-guard.ts), before the schema: a schema drops an
  // unknown field without looking inside it, so the socket would take what REST refuses.
  const problem = inputProblem(args[0], "");
  if (problem) {
    metrics.commandDone(event, "invalid");
    return reply({ ok: false, error: problem });
  }
  const parsed = cmd.schema.safeParse(args[0]);
  if (!parsed.success) {
    metrics.commandDone(event, "invalid");
    return reply({ ok: false, error: zodMessage(parsed.error) });
  }
  const started = performance.now();
  const done = (result: CommandResult) => metrics.commandDone(event, result, (performance.now() - started) / 1000);
  cmd.run(ctx, hub, socket, parsed.data).then(
    (data) => {
      done("ok");
      reply({ ok: true, data: data ?? null });
    },
    (err) => {
      done(isUnavailable(err) ? "unavailable" : "error");
      reply({ ok: false, error: errorText(ctx, event, err) });
    },
  );
}
