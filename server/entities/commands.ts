// The entity commands over the socket: `<table>.create`, `<table>.update`, `<table>.delete` call
// the same functions as the REST /entities routes (./pipeline.ts), so a client may write through
// either and get the same rules, errors and rows (docs/architecture.md, "The write path").
import { ENTITY_TABLES, type EntityTable } from "@shared/entities";
import { entityCreateInput, entityDeleteInput, entityUpdateInput } from "@shared/realtime";
import type { User } from "../db/schema";
import { command, type Command } from "../realtime/dispatcher";
import { createEntity, deleteEntity, updateEntity } from "./pipeline";

// The socket keeps the user's identity and roles (SocketUser): what the policies and the
// presenter read of the caller.
const asUser = (u: unknown) => u as User;

export type EntityCommandName = `${Exclude<EntityTable, "messages">}.create` | `${EntityTable}.update` | `${EntityTable}.delete`;

export const entityCommands = Object.fromEntries(
  ENTITY_TABLES.flatMap((table: EntityTable) => [
    ...(table === "messages" ? [] : [[`${table}.create`, command(entityCreateInput, (ctx, _hub, socket, body) => createEntity(ctx, asUser(socket.data.u), table, body))]]),
    [
      `${table}.update`,
      command(entityUpdateInput, (ctx, _hub, socket, { id, ...body }) => updateEntity(ctx, asUser(socket.data.u), table, id, body)),
    ],
    [`${table}.delete`, command(entityDeleteInput, (ctx, _hub, socket, { id }) => deleteEntity(ctx, asUser(socket.data.u), table, id))],
  ]),
) as Record<EntityCommandName, Command>;
