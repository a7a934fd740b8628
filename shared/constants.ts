// Limits and constants from the specification, in one place for client and server.
export const LIMITS = {
  messagePageSize: 50,
  messageMaxChars: 10_000,
  signalMaxBytes: 64 * 1024,
  socketMaxPayloadBytes: 256 * 1024,
  /** The most people a full-mesh call holds (each browser sends its video to every other). */
  groupCallMaxParticipants: 8,
  /** Calls larger than this move to the SFU when one is configured (CALL_MESH_MAX). */
  meshCallMaxDefault: 4,
  /** The most people a call or meeting through the SFU holds. */
  sfuCallMaxParticipants: 50,
  presenceSubscribeMax: 1000,
  callHistoryPageSize: 50,
  callRingTimeoutMs: 45_000,
  signalPollIntervalMs: 1000,
  tokenExpiryMarginSeconds: 300,
  tokenRefreshBelowSeconds: 3600,
  tokenCheckIntervalMs: 3_600_000,
  tokenLifetimeSeconds: 24 * 3600,
  sessionMaxAgeSeconds: 30 * 24 * 3600,
  incomingNoticesKept: 5,
  browserNotificationMs: 30_000,
  sidebarCookieSeconds: 604_800,
  mobileBreakpointPx: 768,
  toastLimit: 20,
  toastRemoveDelayMs: 500,
  toastDurationMs: 4000,
  tooltipDelayMs: 700,
  tooltipSkipDelayMs: 300,
  cameraTestMs: 5000,
  microphoneTestMs: 3000,
  autoAwayMinDefault: 15,
  autoAwayMin: 5,
  autoAwayMax: 120,
  directorySampleMax: 10,
  listMaxLimit: 1000,
  jsonBodyLimit: "1mb",
  presenceGraceMs: 10_000,
  /** A participant whose sockets in a call are all gone this long leaves it (CALL_LEAVE_GRACE_MS; docs/calls.md). */
  callLeaveGraceMs: 5_000,
  pollOnlineWindowMs: 5_000,
  /** Most changes one catch-up page carries (the default page is this size too). */
  changesPageMax: 500,
  /** Unread counts stop at this (shown as "99+"), so counting costs at most this many rows per channel. */
  unreadCountMax: 100,
  /** Read receipts ("Seen by") are shown in channels of at most this many members (docs/messages.md, "Mentions and read receipts"). */
  receiptsMaxMembers: 20,
  /**
   * A user group of more than this many members notifies like `@channel`: only those who may use
   * @channel may mention it (docs/groups.md, "Mentioning a group").
   */
  groupMentionMembersMax: 20,
} as const;

/** A UUID in its usual text form (session ids, recording ids). */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const TASK_CHANNELS = ["vr-bugs", "vr-ideas", "vr-problems"] as const;

export const DEFAULT_JOB_TITLE = "Team Member";
export const NOTE_ORG_KEY = "org_1";

export const MESSAGES = {
  callNeedsSfu: "A call of more than 8 people needs the media server (SFU), and none is configured on this server",
  notAuthenticated: "Not authenticated",
  /** A dependency (the database, Redis) is away: the request can be retried later. */
  serviceUnavailable: "Service unavailable",
  forbidden: "Forbidden",
  notFound: "Not found",
  loginFailed: "Login failed",
  invalidCredentials: "Invalid email or password",
  busyStart: "You are in Do Not Disturb mode. Please change your status to receive calls.",
  fileRequired: "file is required",
} as const;
