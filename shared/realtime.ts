// The Socket.IO contract, shared by the server, the web client and the load tester.
// Event names follow `<entities>.<verb>`; every client command carries an ack.
import { z } from "zod";
import { LIMITS } from "./constants";
import { USER_STATUSES, type ChatMessage, type EntityRow, type EntityTable, type PublicUser, type UserStatus } from "./entities";
import { messageCreateInput, messagesResolveInput } from "./entities/messages";
import { channelReadsUpdateInput } from "./entities/channel_reads";
import type { ChannelRead, ChannelReceipt } from "./entities/channel_reads";
import { threadFollowsUpdateInput, type ThreadFollow } from "./entities/thread_follows";
import { channelNotificationSettingsUpdateInput, type ChannelNotificationSetting } from "./entities/channel_notification_settings";
import { boundedJson, idRef, plainString } from "./entities/fields";
import { sidebarMoveInput, sidebarOrderInput, sidebarSetupInput, type SidebarSection } from "./entities/sidebar_sections";

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

// One schema for a new message, REST and socket alike (defined with the table).
export { messageCreateInput };
// One schema for resolving or reopening a thread: `messages.resolve` and POST /api/chat/threads/resolve.
export { messagesResolveInput };
// One schema for moving a read position: `channel_reads.update` and POST /api/chat/read.
export { channelReadsUpdateInput };
// One schema for following a thread and moving one's position in it: `thread_follows.update` and POST /api/chat/threads/follow.
export { threadFollowsUpdateInput };
// One schema for a person's level in a channel: `channel_notification_settings.update` and POST /api/notifications/channel-settings.
export { channelNotificationSettingsUpdateInput };
// One schema each for the sidebar's commands (docs/channels.md, "Sidebar") and their REST routes under /api/sidebar.
export { sidebarMoveInput, sidebarOrderInput, sidebarSetupInput };

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
  // More than groupCallMaxParticipants only when an SFU is configured (the server decides).
  target_user_ids: z.array(id).min(1).max(LIMITS.sfuCallMaxParticipants - 1),
  call_type: z.enum(CALL_TYPES).default("video"),
});

export const callAnswerInput = z.object({
  call_id: callId(),
  accepted: z.union([z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")]),
  /** A client that turns a call away by itself because its user is busy or already in a call. */
  reason: z.enum(["busy"]).optional(),
});

export const callEndInput = z.object({ call_id: callId() });
/**
 * This socket holds the user's place in the call again, after a reconnect (docs/calls.md):
 * without it the server lets them leave a few seconds after their last socket in the call went.
 */
export const callResumeInput = z.object({ call_id: callId() });
/** One's own microphone is off (or on again): the others show it on one's tile. */
export const callMuteInput = z.object({ call_id: callId(), muted: z.boolean() });

export const callInviteInput = z.object({
  call_id: callId(),
  user_ids: z.array(id).min(1).max(LIMITS.sfuCallMaxParticipants - 1),
});

/** Walk into a meeting's room (docs/calls.md, "Meetings"): nobody is rung. */
export const meetingJoinInput = z.object({
  meeting_id: str().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/),
  /** Walking in with the microphone off (the pre-join screen's choice, or a reloaded page's). */
  muted: z.boolean().optional(),
});
export const meetingHandInput = z.object({ call_id: callId(), raised: z.boolean() });
/** The organiser mutes someone's microphone or removes them from the meeting. */
export const meetingModerateInput = z.object({ call_id: callId(), user_id: id });

// SFU signalling (docs/calls.md): the browser talks only to our hub, which drives Janus.
const jsep = (type: "offer" | "answer") => z.object({ type: z.literal(type), sdp: str().min(1).max(LIMITS.signalMaxBytes) });
export const sfuPublishInput = z.object({ call_id: callId(), jsep: jsep("offer") });
export const sfuAnswerInput = z.object({ call_id: callId(), jsep: jsep("answer") });
export const sfuTrickleInput = z.object({
  call_id: callId(),
  target: z.enum(["publisher", "subscriber"]),
  // null: this side has gathered every candidate.
  candidate: z
    .object({ candidate: str().max(1000), sdpMid: str().max(64).nullable().optional(), sdpMLineIndex: z.number().int().min(0).max(1000).nullable().optional() })
    .nullable(),
});
/** Which simulcast layer (0 smallest .. 2 full) the viewer wants of each person's video. */
export const sfuConfigureInput = z.object({
  call_id: callId(),
  layers: z.array(z.object({ user_id: id, substream: z.number().int().min(0).max(2) })).max(LIMITS.sfuCallMaxParticipants),
});

export const presenceUpdateInput = z.object({
  status: z.enum(USER_STATUSES),
  device_info: z.union([str().max(1000), boundedJson(z.record(z.string(), z.unknown()), 8, 4096)]).optional(),
});

export const presenceSubscribeInput = z.object({
  user_ids: z.array(id).max(LIMITS.presenceSubscribeMax),
});

export const channelTypingInput = z.object({ channel_id: id });

/** A signal as delivered to a client: the documented signal message plus id and created_at. */
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
  /** Meetings: this person raised their hand. */
  hand_raised?: boolean;
  /** In the call right now (joined and not gone). */
  in_call?: boolean;
  /** Their microphone is off (calls.mute); false once they are gone. */
  muted?: boolean;
}

export interface CallRecord {
  id: number;
  call_id: string;
  call_type: CallType;
  status: "initiated" | "ringing" | "connected" | "ended" | "rejected" | "missed";
  /** The documented text form: `id:name:status:duration|...` */
  participants: string;
  participant_list: CallParticipant[];
  initiator_id: number;
  started_at: string | null;
  created_at: string;
  ended_at: string | null;
  duration_seconds: number;
  /**
   * Why a call that never connected ended: `cancelled` (the caller hung up while it rang; the
   * others missed it), `busy` (nobody could take it), `declined`; null otherwise.
   */
  end_reason: "cancelled" | "busy" | "declined" | null;
  /** The meeting whose room this call is (null for a call). */
  meeting_id: string | null;
  /** Where the media flow: browser to browser, or through the SFU. */
  media: CallMedia;
  recording: { recording_status: string; error_message: string | null; file_id?: string | null };
}

/**
 * One committed change of one row, as pushed live (`entities.change`) and as returned by a
 * catch-up (`changes.since`). `seq` is the change feed's sequence number: every change a client
 * may see has one, increasing in commit order. `row` is the row as this reader sees it (exactly
 * what REST answers for it); `delete` also means "you may no longer see this row".
 */
type ChangeOf<T extends EntityTable> =
  | { seq: number; table: T; op: "create" | "update"; id: number; row: EntityRow<T> }
  | { seq: number; table: T; op: "delete"; id: number; row: null };
export type EntityChange = { [T in EntityTable]: ChangeOf<T> }[EntityTable];
export type EntityChangeOp = EntityChange["op"];

/** `changes.since`: what changed after `since` (the last `seq` applied), for what the caller may read now. */
export const changesSinceInput = z.object({
  since: z.number({ error: "must be a sequence number" }).int().min(0),
  limit: z.number().int().min(1).max(LIMITS.changesPageMax).optional(),
});

/**
 * A page of catch-up. Apply `changes` in order, then ask again from `next` while `more` is true.
 * `reset: true` means `since` is older than the feed keeps: reload everything instead.
 */
export type ChangesPage = { reset: false; changes: EntityChange[]; next: number; more: boolean } | { reset: true; changes: []; next: number; more: false };

/** Sent once per connection after the server has joined the socket to its rooms. */
export interface SessionReady {
  user_id: number;
  node_id: string;
  /** True when connection state recovery restored the session (missed room events were replayed). */
  recovered: boolean;
  /** The feed's newest sequence number: a client with nothing to catch up starts from here. */
  seq: number;
  /** The newest protocol version the server speaks (PROTOCOL_VERSION below). */
  protocol_version: number;
  /**
   * The id of the web client build this server serves, null when it serves none. A tab whose own
   * build differs was loaded before a deploy and reloads itself (docs/protocol.md, "Connect and authenticate").
   */
  build: string | null;
}

// The contract's version and the reasons a handshake is refused for it live in shared/protocol.ts,
// which the web client's first screen imports without this file's schemas.
export { OLDEST_PROTOCOL_VERSION, PROTOCOL_VERSION, INCOMPATIBILITY_REASONS, refusalReason, type IncompatibilityReason, type ProtocolRefusal } from "./protocol";

/** The handshake's `auth.protocol_version`: a whole number, or absent (null counts as absent). */
export const handshakeProtocolVersion = z.number().int().nonnegative().nullish();

/**
 * Sent by a node to its own sockets when pushes from other nodes may have been lost (Redis was
 * unreachable, or another node could not publish for a while). Catch up exactly as after a
 * `session.ready` with `recovered: false`; pushes from `since` on may be missing, so take the
 * resync point from what was held before `since` (an ISO instant, server time).
 */
export interface SyncRequired {
  node_id: string;
  reason: "redis_reconnected" | "peer_publish_failed";
  since: string;
  /** The feed's last sequence number before `since`: catch up (`changes.since`) from here, or from your own point if it is earlier. */
  seq: number;
}

/** The answer to calls.initiate / calls.initiateGroup: `status` is `rejected` (reason `busy`) when nobody could be rung. */
export interface CallStarted {
  call_id: string;
  /** "sfu" when the call is large enough to go through the SFU from the start. */
  media?: CallMedia;
  status?: CallRecord["status"];
  reason?: string;
  rejected_user_ids?: number[];
}

export type CallMedia = "mesh" | "sfu";

/** The answer to meetings.join: the room's call and who else is in it now. */
export interface MeetingJoined {
  call_id: string;
  media: CallMedia;
  organiser_id: number | null;
  call_type: CallType;
  participants: { user_id: number; name: string }[];
}

export interface Jsep {
  type: "offer" | "answer";
  sdp: string;
}

/** Janus's offer for the subscriber connection; `streams` says whose each m-line (mid) is. */
export interface SfuOffer {
  call_id: string;
  jsep: Jsep;
  streams: { mid: string; user_id: number; kind: "audio" | "video" }[];
}

export type Ack<T = unknown> = { ok: true; data: T } | { ok: false; error: string };
type AckFn<T> = (res: Ack<T>) => void;

/**
 * The entity commands over the socket, `<table>.create`, `<table>.update` and `<table>.delete`: the
 * same commands, rules and answers as REST's /entities routes (docs/protocol.md, "Commands"); `messages.create`,
 * `channel_reads.update`, `thread_follows.update` and `channel_notification_settings.update` (not a row id) have their own entries below. The fields are checked by the table's definition, so the schemas here
 * only ask for an object and, where the command names a row, its id.
 */
export const entityCreateInput = z.object({}, { error: "the body must be an object" }).catchall(z.unknown());
export const entityUpdateInput = z.object({ id: idRef }).catchall(z.unknown());
export const entityDeleteInput = z.object({ id: idRef });
type EntityCommands = {
  [T in EntityTable as T extends "messages" ? never : `${T}.create`]: (p: Record<string, unknown>, ack: AckFn<EntityRow<T>>) => void;
} & {
  [T in EntityTable as T extends "channel_reads" | "thread_follows" | "channel_notification_settings" ? never : `${T}.update`]: (p: { id: number | string } & Record<string, unknown>, ack: AckFn<EntityRow<T>>) => void;
} & {
  [T in EntityTable as `${T}.delete`]: (p: { id: number | string }, ack: AckFn<{ ok: true; id: number }>) => void;
};

export interface ClientToServerEvents extends EntityCommands {
  "messages.create": (p: z.input<typeof messageCreateInput>, ack: AckFn<ChatMessage>) => void;
  /** Resolve or reopen a thread (docs/threads.md); acked with its root as it now is. */
  "messages.resolve": (p: z.input<typeof messagesResolveInput>, ack: AckFn<ChatMessage>) => void;
  /** Move one's read position in a channel (docs/unread.md); acked with the row after it. */
  "channel_reads.update": (p: z.input<typeof channelReadsUpdateInput>, ack: AckFn<ChannelRead>) => void;
  /** Follow or unfollow a thread and/or move one's read position in it (docs/threads.md). */
  "thread_follows.update": (p: z.input<typeof threadFollowsUpdateInput>, ack: AckFn<ThreadFollow>) => void;
  /** Set one's notification level for a channel (docs/notifications.md); acked with the row. */
  "channel_notification_settings.update": (p: z.input<typeof channelNotificationSettingsUpdateInput>, ack: AckFn<ChannelNotificationSetting>) => void;
  /** Make one's default sidebar sections where missing (docs/channels.md, "Sidebar"); acked with all one's sections. */
  "sidebar_sections.setup": (p: z.input<typeof sidebarSetupInput>, ack: AckFn<SidebarSection[]>) => void;
  /** Place a channel in one of one's sections; acked with the sections it changed. */
  "sidebar_sections.move": (p: z.input<typeof sidebarMoveInput>, ack: AckFn<SidebarSection[]>) => void;
  /** Put one's sections in a new order; acked with all of them. */
  "sidebar_sections.order": (p: z.input<typeof sidebarOrderInput>, ack: AckFn<SidebarSection[]>) => void;
  "signals.send": (p: z.input<typeof signalSendInput>, ack: AckFn<{ id: number }>) => void;
  "calls.initiate": (p: z.input<typeof callInitiateInput>, ack: AckFn<CallStarted>) => void;
  "calls.initiateGroup": (p: z.input<typeof callInitiateGroupInput>, ack: AckFn<CallStarted>) => void;
  "calls.answer": (p: z.input<typeof callAnswerInput>, ack: AckFn<{ call_id: string; status?: string; media?: CallMedia }>) => void;
  "calls.end": (p: z.input<typeof callEndInput>, ack: AckFn<{ call_id: string }>) => void;
  "calls.invite": (p: z.input<typeof callInviteInput>, ack: AckFn<{ call_id: string; media: CallMedia }>) => void;
  /** Acked with the call as it is now; the user is back in it only if their participant is `in_call`. */
  "calls.resume": (p: z.input<typeof callResumeInput>, ack: AckFn<CallRecord>) => void;
  "calls.mute": (p: z.input<typeof callMuteInput>, ack: AckFn<null>) => void;
  "meetings.join": (p: z.input<typeof meetingJoinInput>, ack: AckFn<MeetingJoined>) => void;
  "meetings.raiseHand": (p: z.input<typeof meetingHandInput>, ack: AckFn<null>) => void;
  "meetings.mute": (p: z.input<typeof meetingModerateInput>, ack: AckFn<null>) => void;
  "meetings.remove": (p: z.input<typeof meetingModerateInput>, ack: AckFn<null>) => void;
  "sfu.publish": (p: z.input<typeof sfuPublishInput>, ack: AckFn<{ jsep: Jsep }>) => void;
  "sfu.answer": (p: z.input<typeof sfuAnswerInput>, ack: AckFn<null>) => void;
  "sfu.trickle": (p: z.input<typeof sfuTrickleInput>, ack: AckFn<null>) => void;
  "sfu.configure": (p: z.input<typeof sfuConfigureInput>, ack: AckFn<null>) => void;
  "presence.update": (p: z.input<typeof presenceUpdateInput>, ack: AckFn<PresenceState>) => void;
  "presence.subscribe": (p: z.input<typeof presenceSubscribeInput>, ack: AckFn<PresenceState[]>) => void;
  "channels.typing": (p: z.input<typeof channelTypingInput>, ack: AckFn<null>) => void;
  "changes.since": (p: z.input<typeof changesSinceInput>, ack: AckFn<ChangesPage>) => void;
}

export interface ServerToClientEvents {
  "signals.receive": (s: SignalMessage) => void;
  "presence.update": (p: PresenceState) => void;
  /** Every committed row change the socket's user may see, new messages included, in `seq` order. */
  "entities.change": (c: EntityChange) => void;
  "channels.typing": (t: { channel_id: number; user_id: number; user_name: string }) => void;
  "calls.update": (c: CallRecord) => void;
  "session.ready": (s: SessionReady) => void;
  "sync.required": (s: SyncRequired) => void;
  /** The SFU offers (again) the streams of everyone else in the call; answer with sfu.answer. */
  "sfu.offer": (o: SfuOffer) => void;
  /** Janus's audio-level detection: who is speaking. */
  "sfu.talking": (t: { call_id: string; user_id: number; talking: boolean }) => void;
  /** The meeting's organiser muted this user, or removed them (they have left the call). */
  "meetings.control": (c: { call_id: string; action: "mute" | "remove"; by_user_id: number }) => void;
  /** An in-app notice for this user (a calendar reminder); `link` is a path in the app. */
  "notifications.create": (n: AppNotice) => void;
  /**
   * A member's read position moved in a small channel (docs/messages.md, "Mentions and read receipts"):
   * sent to the members who have read receipts on, when the mover has them on too.
   */
  "channel_receipts.update": (r: ChannelReceipt) => void;
}

export interface AppNotice {
  id: string;
  title: string;
  body: string;
  link: string | null;
}

/**
 * Socket.IO rooms, and the audience of a change record: a change goes to the sockets in the rooms
 * its table names for the row (docs/architecture.md, "The change feed").
 */
export const rooms = {
  /** Every signed-in socket. */
  org: "org",
  /** Managers and admins. */
  staff: "staff",
  /** Admins (role admin or team_role admin). */
  admins: "admins",
  user: (id: number) => `user:${id}`,
  /** The sockets of whoever signs in with this address (rows name people by e-mail). */
  email: (address: string) => `email:${address.toLowerCase()}`,
  channel: (id: number) => `channel:${id}`,
  call: (id: string) => `call:${id}`,
};
