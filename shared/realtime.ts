// The Socket.IO contract, shared by the server, the web client and the load tester.
// Event names follow `<entities>.<verb>`; every client command carries an ack.
import { z } from "zod";
import { LIMITS } from "./constants";
import { USER_STATUSES, type ChatMessage, type EntityTable, type PublicUser, type UserStatus } from "./entities";
import { boundedJson, idRef, plainString } from "./entities/fields";

export const SIGNAL_TYPES = [
  "call_invite",
  "call_accept",
  "call_reject",
  "call_end",
  "offer",
  "answer",
  "ice_candidate",
] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

export const CALL_TYPES = ["audio", "video"] as const;
export type CallType = (typeof CALL_TYPES)[number];

export { USER_STATUSES };
export type { UserStatus, PublicUser, ChatMessage, EntityTable };

// Ids are whole numbers or their decimal text, nothing else (true, [1] and "0x1" are refused).
const id = idRef;
// Text without NUL (Postgres text cannot hold it).
const str = plainString;
const callId = () => str().min(1).max(100);

export const messageCreateInput = z.object({
  channel_id: id,
  content: str().max(LIMITS.messageMaxChars),
  message_type: z.enum(["text", "file", "image"]).optional(),
  file_url: str().max(2000).optional(),
  file_name: str().max(500).optional(),
});

export const signalSendInput = z.object({
  call_id: callId(),
  to_user_id: id,
  message_type: z.enum(SIGNAL_TYPES),
  // SDP and ICE payloads: an object or JSON text, bounded in depth and size so one client
  // cannot flood others or make the server walk a structure thousands of levels deep.
  message_data: z
    .union([str().max(LIMITS.signalMaxBytes), boundedJson(z.record(z.string(), z.unknown()), 32, LIMITS.signalMaxBytes)])
    .optional(),
});

export const callInitiateInput = z.object({
  target_user_id: id,
  call_type: z.enum(CALL_TYPES).default("video"),
});

export const callInitiateGroupInput = z.object({
  target_user_ids: z.array(id).min(1).max(LIMITS.groupCallMaxParticipants - 1),
  call_type: z.enum(CALL_TYPES).default("video"),
});

export const callAnswerInput = z.object({
  call_id: callId(),
  accepted: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
});

export const callEndInput = z.object({ call_id: callId() });

export const presenceUpdateInput = z.object({
  status: z.enum(USER_STATUSES),
  device_info: z.union([str().max(1000), boundedJson(z.record(z.string(), z.unknown()), 8, 4096)]).optional(),
});

export const presenceSubscribeInput = z.object({
  user_ids: z.array(id).max(LIMITS.presenceSubscribeMax),
});

export const channelTypingInput = z.object({ channel_id: id });

/** A signal as delivered to a client: the spec's signal message plus id and created_at. */
export interface SignalMessage {
  id: number;
  call_id: string;
  message_type: SignalType;
  message_data: unknown;
  from_user_id: number;
  from_user_name: string;
  from_user_email: string;
  to_user_id: number;
  created_at: string;
  /** Present on call_invite: the kind of call and, for group calls, everyone in it. */
  call_type?: CallType;
  participant_ids?: number[];
}

export interface PresenceState {
  user_id: number;
  user_status: UserStatus;
  online: boolean;
}

export interface CallParticipant {
  user_id: number;
  name: string;
  status: string;
  duration_seconds: number;
}

export interface CallRecord {
  id: number;
  call_id: string;
  call_type: CallType;
  status: "initiated" | "ringing" | "connected" | "ended" | "rejected" | "missed";
  /** The spec's text form: `id:name:status:duration|...` */
  participants: string;
  participant_list: CallParticipant[];
  initiator_id: number;
  started_at: string | null;
  created_at: string;
  ended_at: string | null;
  duration_seconds: number;
  recording: { recording_status: string; error_message: string | null; file_id?: string | null };
}

export interface EntityChange {
  table: EntityTable;
  op: "create" | "update" | "delete";
  id: number;
  row: Record<string, unknown> | null;
}

/** Sent once per connection after the server has joined the socket to its rooms. */
export interface SessionReady {
  user_id: number;
  node_id: string;
  /** True when connection state recovery restored the session (missed room events were replayed). */
  recovered: boolean;
}

/** The answer to calls.initiate / calls.initiateGroup: `status` is `rejected` (reason `busy`) when nobody could be rung. */
export interface CallStarted {
  call_id: string;
  status?: CallRecord["status"];
  reason?: string;
  rejected_user_ids?: number[];
}

export type Ack<T = unknown> = { ok: true; data: T } | { ok: false; error: string };
type AckFn<T> = (res: Ack<T>) => void;

export interface ClientToServerEvents {
  "messages.create": (p: z.input<typeof messageCreateInput>, ack: AckFn<ChatMessage>) => void;
  "signals.send": (p: z.input<typeof signalSendInput>, ack: AckFn<{ id: number }>) => void;
  "calls.initiate": (p: z.input<typeof callInitiateInput>, ack: AckFn<CallStarted>) => void;
  "calls.initiateGroup": (p: z.input<typeof callInitiateGroupInput>, ack: AckFn<CallStarted>) => void;
  "calls.answer": (p: z.input<typeof callAnswerInput>, ack: AckFn<{ call_id: string }>) => void;
  "calls.end": (p: z.input<typeof callEndInput>, ack: AckFn<{ call_id: string }>) => void;
  "presence.update": (p: z.input<typeof presenceUpdateInput>, ack: AckFn<PresenceState>) => void;
  "presence.subscribe": (p: z.input<typeof presenceSubscribeInput>, ack: AckFn<PresenceState[]>) => void;
  "channels.typing": (p: z.input<typeof channelTypingInput>, ack: AckFn<null>) => void;
}

export interface ServerToClientEvents {
  "signals.receive": (s: SignalMessage) => void;
  "messages.create": (m: ChatMessage) => void;
  "presence.update": (p: PresenceState) => void;
  "entities.change": (c: EntityChange) => void;
  "channels.typing": (t: { channel_id: number; user_id: number; user_name: string }) => void;
  "calls.update": (c: CallRecord) => void;
  "session.ready": (s: SessionReady) => void;
  /** An in-app notice for this user (a calendar reminder); `link` is a path in the app. */
  "notifications.create": (n: AppNotice) => void;
}

export interface AppNotice {
  id: string;
  title: string;
  body: string;
  link: string | null;
}

export const rooms = {
  user: (id: number) => `user:${id}`,
  channel: (id: number) => `channel:${id}`,
  call: (id: string) => `call:${id}`,
};
