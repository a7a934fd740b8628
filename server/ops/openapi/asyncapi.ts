// The Socket.IO contract (shared/realtime.ts) as an AsyncAPI 3.0 document, served at
// /api/asyncapi.json for client authors (docs/operations.md, "API descriptions"). Commands are described from
// the zod schemas the server validates them with; pushes from the schemas below, which the
// compiler holds equal to the contract's types (a change to one that is not made to the other
// does not compile), and every event of the contract must have an entry (the maps are typed by it).
import { z } from "zod";
import {
  CALL_TYPES,
  SIGNAL_TYPES,
  USER_STATUSES,
  callAnswerInput,
  callEndInput,
  callMuteInput,
  callResumeInput,
  callInitiateGroupInput,
  callInitiateInput,
  channelTypingInput,
  channelReadsUpdateInput,
  threadFollowsUpdateInput,
  messagesResolveInput,
  channelNotificationSettingsUpdateInput,
  sidebarMoveInput,
  sidebarOrderInput,
  sidebarSetupInput,
  entityCreateInput,
  entityDeleteInput,
  entityUpdateInput,
  callInviteInput,
  meetingHandInput,
  meetingJoinInput,
  meetingModerateInput,
  sfuAnswerInput,
  sfuConfigureInput,
  sfuPublishInput,
  sfuTrickleInput,
  changesSinceInput,
  messageCreateInput,
  presenceSubscribeInput,
  presenceUpdateInput,
  signalSendInput,
  type AppNotice,
  type SfuOffer,
  type ChangesPage,
  type CallRecord,
  type ClientToServerEvents,
  type EntityChange,
  type PresenceState,
  type ServerToClientEvents,
  type SessionReady,
  type SignalMessage,
  type SyncRequired,
} from "@shared/realtime";
import { ENTITIES, ENTITY_TABLES, channelReceipt, type Entities, type EntityTable } from "@shared/entities";
import { jsonSchema, type JsonSchema } from "./schemas";
import type { EntityCommandName } from "../../entities/commands";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <A, B>(ok: Same<A, B>) => ok;

const signalMessage = z.object({
  id: z.number(),
  call_id: z.string(),
  message_type: z.enum(SIGNAL_TYPES),
  message_data: z.unknown(),
  from_user_id: z.number(),
  from_user_name: z.string(),
  from_user_email: z.string(),
  to_user_id: z.number(),
  created_at: z.string(),
  call_type: z.enum(CALL_TYPES).optional(),
  participant_ids: z.array(z.number()).optional(),
});
const presenceState = z.object({ user_id: z.number(), user_status: z.enum(USER_STATUSES), online: z.boolean() });
const callRecord = z.object({
  id: z.number(),
  call_id: z.string(),
  call_type: z.enum(CALL_TYPES),
  status: z.enum(["initiated", "ringing", "connected", "ended", "rejected", "missed"]),
  participants: z.string(),
  participant_list: z.array(
    z.object({ user_id: z.number(), name: z.string(), status: z.string(), duration_seconds: z.number(), hand_raised: z.boolean().optional(), in_call: z.boolean().optional(), muted: z.boolean().optional() }),
  ),
  initiator_id: z.number(),
  started_at: z.string().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
  duration_seconds: z.number(),
  end_reason: z.enum(["cancelled", "busy", "declined"]).nullable(),
  meeting_id: z.string().nullable(),
  media: z.enum(["mesh", "sfu"]),
  recording: z.object({ recording_status: z.string(), error_message: z.string().nullable(), file_id: z.string().nullable().optional() }),
});
// One variant per table and kind of change, each with the table's own row schema.
const changeOf = <T extends EntityTable>(table: T) => [
  z.object({ seq: z.number(), table: z.literal(table), op: z.enum(["create", "update"]), id: z.number(), row: ENTITIES[table].row as Entities[T]["row"] }),
  z.object({ seq: z.number(), table: z.literal(table), op: z.literal("delete"), id: z.number(), row: z.null() }),
];
const entityChange = z.union(ENTITY_TABLES.flatMap(changeOf) as unknown as [z.ZodType<EntityChange>, ...z.ZodType<EntityChange>[]]);
const changesPage = z.union([
  z.object({ reset: z.literal(false), changes: z.array(entityChange), next: z.number(), more: z.boolean() }),
  z.object({ reset: z.literal(true), changes: z.tuple([]), next: z.number(), more: z.literal(false) }),
]);
const sessionReady = z.object({ user_id: z.number(), node_id: z.string(), recovered: z.boolean(), seq: z.number(), protocol_version: z.number(), build: z.string().nullable() });
const syncRequired = z.object({ node_id: z.string(), reason: z.enum(["redis_reconnected", "peer_publish_failed"]), since: z.string(), seq: z.number() });
const jsepOut = z.object({ type: z.enum(["offer", "answer"]), sdp: z.string() });
const sfuOffer = z.object({
  call_id: z.string(),
  jsep: jsepOut,
  streams: z.array(z.object({ mid: z.string(), user_id: z.number(), kind: z.enum(["audio", "video"]) })),
});
const sfuTalking = z.object({ call_id: z.string(), user_id: z.number(), talking: z.boolean() });
const meetingControl = z.object({ call_id: z.string(), action: z.enum(["mute", "remove"]), by_user_id: z.number() });
const appNotice = z.object({ id: z.string(), title: z.string(), body: z.string(), link: z.string().nullable() });
const typing = z.object({ channel_id: z.number(), user_id: z.number(), user_name: z.string() });

same<z.infer<typeof signalMessage>, SignalMessage>(true);
same<z.infer<typeof presenceState>, PresenceState>(true);
same<z.infer<typeof callRecord>, CallRecord>(true);
same<z.infer<typeof changesPage>, ChangesPage>(true);
same<z.infer<typeof sessionReady>, SessionReady>(true);
same<z.infer<typeof syncRequired>, SyncRequired>(true);
same<z.infer<typeof appNotice>, AppNotice>(true);
same<z.infer<typeof sfuOffer>, SfuOffer>(true);

interface Entry {
  payload: z.ZodType;
  summary: string;
  /** Commands: what the ack's data holds. */
  ack?: JsonSchema;
}

const anyObject = { type: "object", additionalProperties: true };

/** The entity commands, one set per table: the same as REST's /entities routes. */
const ENTITY_COMMANDS = Object.fromEntries(
  ENTITY_TABLES.flatMap((t) => {
    const row = jsonSchema(ENTITIES[t].row, "output");
    return [
      ...(t === "messages" ? [] : [[`${t}.create`, { payload: entityCreateInput, summary: `Create a ${t} row (the fields of POST /api/entities/${t}); acked with the row`, ack: row }]]),
      [`${t}.update`, { payload: entityUpdateInput, summary: `Change a ${t} row: its id and the fields of PATCH /api/entities/${t}/{id}; acked with the row`, ack: row }],
      [`${t}.delete`, { payload: entityDeleteInput, summary: `Delete a ${t} row by id (DELETE /api/entities/${t}/{id})`, ack: anyObject }],
    ];
  }),
) as { [E in EntityCommandName]: Entry };

/** Client to server: each carries an ack `{ok: true, data} | {ok: false, error}`. */
export const COMMANDS: { [E in keyof ClientToServerEvents]: Entry } = {
  ...ENTITY_COMMANDS,
  "messages.create": { payload: messageCreateInput, summary: "Post a message; acked after the commit with the stored message", ack: { $ref: "#/components/schemas/ChatMessage" } },
  "messages.resolve": {
    payload: messagesResolveInput,
    summary: "Resolve (resolved: true) or reopen a thread by its root's id: its starter or someone who manages the channel (POST /api/chat/threads/resolve); acked with the root",
    ack: { $ref: "#/components/schemas/ChatMessage" },
  },
  "signals.send": { payload: signalSendInput, summary: "Relay a WebRTC signal to someone in the same call", ack: { type: "object", properties: { id: { type: "integer" } } } },
  "calls.initiate": { payload: callInitiateInput, summary: "Call one person", ack: anyObject },
  "calls.initiateGroup": { payload: callInitiateGroupInput, summary: "Call up to seven people", ack: anyObject },
  "calls.answer": { payload: callAnswerInput, summary: "Accept or reject a ringing call", ack: anyObject },
  "calls.end": { payload: callEndInput, summary: "Leave or end a call", ack: anyObject },
  "calls.invite": { payload: callInviteInput, summary: "Ring more people into a call one is in (it moves to the SFU past CALL_MESH_MAX)", ack: anyObject },
  "calls.resume": {
    payload: callResumeInput,
    summary: "After a reconnect: this socket holds one's place in the call again (otherwise one leaves CALL_LEAVE_GRACE_MS after one's last socket in it went); acked with the call, in which one is back only if one's participant is in_call",
    ack: jsonSchema(callRecord, "output"),
  },
  "calls.mute": { payload: callMuteInput, summary: "One's own microphone is off (muted: true) or on: the others see it on one's tile (participant_list[].muted)", ack: { type: "null" } },
  "meetings.join": { payload: meetingJoinInput, summary: "Walk into a meeting's room by its meeting id; nobody is rung", ack: anyObject },
  "meetings.raiseHand": { payload: meetingHandInput, summary: "Raise or lower one's hand in a meeting", ack: { type: "null" } },
  "meetings.mute": { payload: meetingModerateInput, summary: "The organiser mutes someone's microphone", ack: { type: "null" } },
  "meetings.remove": { payload: meetingModerateInput, summary: "The organiser removes someone from the meeting", ack: { type: "null" } },
  "sfu.publish": { payload: sfuPublishInput, summary: "Publish one's camera and microphone to the SFU: an offer, answered with Janus's answer", ack: anyObject },
  "sfu.answer": { payload: sfuAnswerInput, summary: "Answer the SFU's offer of everyone else's streams", ack: { type: "null" } },
  "sfu.trickle": { payload: sfuTrickleInput, summary: "An ICE candidate for the publisher or subscriber connection (null: gathering done)", ack: { type: "null" } },
  "sfu.configure": { payload: sfuConfigureInput, summary: "Which simulcast layer of each person's video to receive", ack: { type: "null" } },
  "presence.update": { payload: presenceUpdateInput, summary: "Set one's status", ack: jsonSchema(presenceState, "output") },
  "presence.subscribe": { payload: presenceSubscribeInput, summary: "Watch these users' presence; answers their current state", ack: { type: "array", items: jsonSchema(presenceState, "output") } },
  "channels.typing": { payload: channelTypingInput, summary: "Tell a channel's other members one is typing", ack: { type: "null" } },
  "channel_reads.update": {
    payload: channelReadsUpdateInput,
    summary: "Read up to message_id in a channel (the position only moves forward), or with unread: true mark message_id and after unread (POST /api/chat/read); acked with the row",
    ack: jsonSchema(ENTITIES.channel_reads.row, "output"),
  },
  "thread_follows.update": {
    payload: threadFollowsUpdateInput,
    summary: "Follow or unfollow a thread, and/or read its replies up to read_message_id (forward only; POST /api/chat/threads/follow); acked with the row",
    ack: jsonSchema(ENTITIES.thread_follows.row, "output"),
  },
  "channel_notification_settings.update": {
    payload: channelNotificationSettingsUpdateInput,
    summary: "Set one's notification level for a channel: all, mentions or muted (POST /api/notifications/channel-settings); acked with the row",
    ack: jsonSchema(ENTITIES.channel_notification_settings.row, "output"),
  },
  "sidebar_sections.setup": {
    payload: sidebarSetupInput,
    summary: "Make one's default sidebar sections where missing (POST /api/sidebar/setup); acked with all one's sections",
    ack: { type: "array", items: jsonSchema(ENTITIES.sidebar_sections.row, "output") },
  },
  "sidebar_sections.move": {
    payload: sidebarMoveInput,
    summary: "Place a readable channel in one of one's sidebar sections at index (POST /api/sidebar/move); acked with the sections it changed",
    ack: { type: "array", items: jsonSchema(ENTITIES.sidebar_sections.row, "output") },
  },
  "sidebar_sections.order": {
    payload: sidebarOrderInput,
    summary: "Put one's sidebar sections in a new order, every id once (POST /api/sidebar/order); acked with all of them",
    ack: { type: "array", items: jsonSchema(ENTITIES.sidebar_sections.row, "output") },
  },
  "changes.since": {
    payload: changesSinceInput,
    summary: "Catch up: the changes after `since` (the last seq applied) for what the user may read now; ask again from `next` while `more`",
    ack: jsonSchema(changesPage, "output"),
  },
};

/** Server to client. */
export const PUSHES: { [E in keyof ServerToClientEvents]: Entry } = {
  "signals.receive": { payload: signalMessage, summary: "A signal for this user (call invites, answers, SDP, ICE)" },
  "presence.update": { payload: presenceState, summary: "A watched user's presence changed" },
  "entities.change": {
    payload: entityChange,
    summary: "A row the user may read was created (a new message too), changed or deleted (op delete, row null: it left their view); remember the highest seq",
  },
  "channels.typing": { payload: typing, summary: "Someone is typing in a channel" },
  "calls.update": { payload: callRecord, summary: "A call the user is in changed state" },
  "session.ready": { payload: sessionReady, summary: "The socket is in its rooms: start sending. seq: the feed's head. recovered false: catch up (changes.since)" },
  "sync.required": { payload: syncRequired, summary: "Pushes from another node may have been lost since `since`: catch up (changes.since) from seq, or from your own point if earlier" },
  "notifications.create": { payload: appNotice, summary: "An in-app notice (a calendar reminder)" },
  "sfu.offer": { payload: sfuOffer, summary: "In a call through the SFU: Janus offers everyone else's streams (again when people come and go); answer with sfu.answer" },
  "sfu.talking": { payload: sfuTalking, summary: "In a call through the SFU: who is speaking (Janus's audio levels)" },
  "meetings.control": { payload: meetingControl, summary: "The organiser muted you (turn the microphone off) or removed you (you have left the call)" },
  "channel_receipts.update": {
    payload: channelReceipt,
    summary: "A member's read position moved in a dm or a channel of up to 20 members (read receipts; only between people who have them on)",
  },
};

const ackSchema = (data: JsonSchema): JsonSchema => ({
  oneOf: [
    { type: "object", properties: { ok: { const: true }, data }, required: ["ok", "data"] },
    { type: "object", properties: { ok: { const: false }, error: { type: "string" } }, required: ["ok", "error"] },
  ],
});

let cached: JsonSchema | null = null;

export function asyncApiDocument(): JsonSchema {
  if (cached) return cached;
  const channels: Record<string, JsonSchema> = {};
  const operations: Record<string, JsonSchema> = {};
  const messages: Record<string, JsonSchema> = {};
  const add = (dir: "send" | "receive", event: string, e: Entry) => {
    const key = `${dir === "send" ? "command" : "push"}.${event}`;
    messages[key] = { name: event, summary: e.summary, payload: jsonSchema(e.payload, dir === "send" ? "input" : "output") };
    channels[key] = { address: event, messages: { [key]: { $ref: `#/components/messages/${key}` } } };
    operations[key] = {
      action: dir,
      channel: { $ref: `#/channels/${key}` },
      summary: e.summary,
      ...(e.ack ? { reply: { messages: [{ $ref: `#/components/messages/${key}.ack` }] } } : {}),
    };
    if (e.ack) messages[`${key}.ack`] = { name: `${event} ack`, payload: ackSchema(e.ack) };
  };
  for (const [event, e] of Object.entries(COMMANDS)) add("send", event, e);
  for (const [event, e] of Object.entries(PUSHES)) add("receive", event, e);
  cached = {
    asyncapi: "3.0.0",
    info: {
      title: "Teamspace realtime (Socket.IO)",
      version: "1",
      description:
        'Socket.IO v4 on the app\'s origin, path /socket.io, auth {token, protocol_version} (the accessToken from POST /api/auth/login, and the integer PROTOCOL_VERSION of shared/realtime.ts the client speaks; absent is taken as the server\'s current one). Event names are channel addresses; a client emits commands (action send) with an ack callback and listens for pushes (action receive). A refused handshake says "Not authenticated" (sign in again) or "Service unavailable" (retry), or refuses the protocol version with data {reason: "clientTooOld" | "serverTooOld" | "invalidProtocol"}. See the docs/protocol.md.',
    },
    defaultContentType: "application/json",
    servers: { app: { host: "localhost:3000", protocol: "ws", pathname: "/socket.io", description: "The app's own origin (wss behind TLS)" } },
    channels,
    operations,
    components: { messages, schemas: { ChatMessage: jsonSchema(ENTITIES.messages.row, "output") } },
  };
  return cached;
}
