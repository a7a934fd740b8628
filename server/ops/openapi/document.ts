// The REST API as an OpenAPI 3.1 document, served at /api/openapi.json (docs/operations.md, "API descriptions"). Bodies, queries and rows come from the same zod schemas the server validates
// with (shared/entities for the Entity API, the routes' own schemas elsewhere), turned into JSON
// Schema by zod; a test checks that every route the server mounts is described here.
import type { z } from "zod";
import { ENTITY_TABLES, channelReadsUpdateInput, channelReceiptsQuery, channelsOpenDmInput, pushSubscriptionInput, pushUnsubscribeInput, threadFollowsUpdateInput, channelNotificationSettingsUpdateInput, messagesResolveInput, webhookPayload, sidebarMoveInput, sidebarOrderInput, sidebarSetupInput } from "@shared/entities";
import { callAnswerInput, callEndInput, callInitiateGroupInput, callInitiateInput, presenceUpdateInput, signalSendInput } from "@shared/realtime";
import { loginSchema } from "../../auth/routes";
import { totpConfirmInput, totpDisableInput, totpLoginInput, totpResetInput, totpSetupInput } from "../../auth/totp";
import { callbackQuery as oidcCallbackQuery } from "../../auth/oidc";
import { acceptSchema, createSchema as inviteSchema, policySchema } from "../../features/invitations/routes";
import { fieldsSchema, recordingStatusSchema } from "../../features/files/routes";
import { historyQuery } from "../../features/calls/routes";
import { searchQuery } from "../../features/notes/routes";
import { searchQuery as globalSearchQuery } from "../../features/search/routes";
import { searchAnswer } from "@shared/search";
import { slashCommandInput } from "@shared/entities/slashCommands";
import { changesQuery } from "../../feed/routes";
import { channelQuery, pinInput, reminderInput, saveInput, scheduleInput, scheduleUpdateInput } from "@shared/keep";
import { entityCreateSchema, entityRowSchema, entityUpdateSchema, jsonSchema, type JsonSchema } from "./schemas";

type Method = "get" | "post" | "patch" | "delete";

interface Op {
  method: Method;
  path: string;
  summary: string;
  tag: string;
  /** Needs the bearer token (or the sign-in cookie for reads); default true. */
  auth?: boolean;
  body?: z.ZodType | "multipart" | "octets";
  query?: z.ZodObject;
  /** Extra query parameters described by hand (name: description). */
  queryText?: Record<string, string>;
  response?: JsonSchema;
  status?: number;
  /** A response that is not JSON (a file, an archive, Prometheus text). */
  produces?: string;
}

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const anyObject: JsonSchema = { type: "object", additionalProperties: true };
const ok: JsonSchema = { type: "object", properties: { ok: { type: "boolean" } }, additionalProperties: true };

const ENTITY_LIST_QUERY: Record<string, string> = {
  limit: "How many rows (at most 1000)",
  offset: "Rows to skip",
  sort: "A column, or -column for descending",
  where: 'A JSON object ({"channel_id": 5}, {"status": {"in": ["todo"]}}, {"id": {"gt": 10}}) or the text form (col = \'x\' AND col IN (\'a\',\'b\'))',
};

function entityOps(): Op[] {
  return ENTITY_TABLES.flatMap((t): Op[] => {
    const row = ref(`${t}.row`);
    const tag = `entities: ${t}`;
    return [
      { method: "get", path: `/entities/${t}`, summary: `List ${t} the caller may read`, tag, queryText: ENTITY_LIST_QUERY, response: { type: "array", items: row } },
      { method: "post", path: `/entities/${t}`, summary: `Create one of ${t}`, tag, body: entityCreateSchema(t), response: row, status: 201 },
      { method: "get", path: `/entities/${t}/{id}`, summary: `One of ${t} by id (404 when the caller may not read it)`, tag, response: row },
      { method: "patch", path: `/entities/${t}/{id}`, summary: `Change one of ${t}`, tag, body: entityUpdateSchema(t), response: row },
      { method: "delete", path: `/entities/${t}/{id}`, summary: `Delete one of ${t}`, tag, response: { type: "object", properties: { ok: { const: true }, id: { type: "integer" } }, required: ["ok", "id"] } },
    ];
  });
}

const OPS: Op[] = [
  { method: "get", path: "/health", summary: "Liveness: the process answers", tag: "operations", auth: false, response: ok },
  { method: "get", path: "/ready", summary: "Readiness: Postgres (and Redis when configured) answer; 503 when not", tag: "operations", auth: false, response: anyObject },
  { method: "get", path: "/metrics", summary: "Process memory and socket count as JSON (admins, or loopback); Prometheus' format is at /metrics outside /api", tag: "operations", response: anyObject },
  { method: "get", path: "/openapi.json", summary: "This document", tag: "operations", auth: false, response: anyObject },
  { method: "get", path: "/asyncapi.json", summary: "The Socket.IO contract as an AsyncAPI 3 document", tag: "operations", auth: false, response: anyObject },
  { method: "post", path: "/auth/login", summary: "Sign in (or, with refresh=true and the bearer token, renew the token)", tag: "auth", auth: false, body: loginSchema, response: anyObject },
  { method: "post", path: "/auth/logout", summary: "Revoke the token's session (end_session_url: where to end a single sign-on session at the provider)", tag: "auth", response: ok },
  { method: "get", path: "/auth/methods", summary: "How one may sign in: password, and the OpenID provider's name", tag: "auth", auth: false, response: anyObject },
  { method: "get", path: "/auth/oidc/start", summary: "Single sign-on: a redirect to the OpenID provider (or to /Login?error=)", tag: "auth", auth: false, status: 303, produces: "text/plain" },
  { method: "get", path: "/auth/oidc/callback", summary: "Single sign-on: the provider's redirect back; signs in and redirects to /Login?sso=1 (or /Login?error=)", tag: "auth", auth: false, query: oidcCallbackQuery, status: 303, produces: "text/plain" },
  { method: "get", path: "/auth/oidc/session", summary: "Single sign-on: the token of the session just made, once (the hand-off cookie)", tag: "auth", auth: false, response: anyObject },
  { method: "post", path: "/auth/login/totp", summary: "Two-step sign-in: trade the challenge of /auth/login and a current code (or a recovery code) for the session", tag: "auth", auth: false, body: totpLoginInput, response: anyObject },
  { method: "get", path: "/auth/totp", summary: "Whether the caller's two-step sign-in is on, recovery codes left, whether REQUIRE_TOTP applies", tag: "auth", response: anyObject },
  { method: "post", path: "/auth/totp/setup", summary: "Two-step sign-in: a new secret (text, otpauth URI and QR code) and its enrolment, stored only on confirmation", tag: "auth", body: totpSetupInput, response: anyObject },
  { method: "post", path: "/auth/totp/confirm", summary: "Two-step sign-in: turn it on with a current code; answers the recovery codes once (and the session, with an enrolment challenge)", tag: "auth", body: totpConfirmInput, response: anyObject },
  { method: "post", path: "/auth/totp/disable", summary: "Two-step sign-in: turn it off with a current code or the password", tag: "auth", body: totpDisableInput, response: ok },
  { method: "post", path: "/auth/totp/reset", summary: "Two-step sign-in: an admin turns it off for someone who lost their device", tag: "auth", body: totpResetInput, response: ok },
  { method: "get", path: "/auth/me", summary: "The signed-in user", tag: "auth", response: ref("users.row") },
  { method: "patch", path: "/auth/user/{id}", summary: "Change a user's profile (self, or an admin)", tag: "auth", body: entityUpdateSchema("users"), response: ref("users.row") },
  { method: "post", path: "/auth/accept-invite", summary: "Create the account an invitation is for", tag: "auth", auth: false, body: acceptSchema, response: anyObject, status: 201 },
  { method: "get", path: "/invitations/policy", summary: "Who may invite people", tag: "invitations", response: anyObject },
  { method: "patch", path: "/invitations/policy", summary: "Set who may invite people (admins)", tag: "invitations", body: policySchema, response: anyObject },
  { method: "post", path: "/invitations", summary: "Invite someone: a one-time link", tag: "invitations", body: inviteSchema, response: anyObject, status: 201 },
  { method: "get", path: "/invitations/{token}", summary: "What an invitation link is for", tag: "invitations", auth: false, response: anyObject },
  { method: "post", path: "/files", summary: "Upload a file (multipart field `file`, or the JSON body with data_base64)", tag: "files", body: "multipart", response: anyObject, status: 201 },
  { method: "get", path: "/files/{id}", summary: "Download a stored file (Range supported)", tag: "files", produces: "application/octet-stream" },
  { method: "post", path: "/test-storage-connection", summary: "Check recording storage settings (admins; the body is the org_storage_config form)", tag: "files", body: entityUpdateSchema("org_storage_config"), response: anyObject },
  { method: "get", path: "/download-recording/{id}", summary: "A call recording as {call_id}.mp4", tag: "calls", produces: "video/mp4" },
  { method: "post", path: "/recordings/{call_id}/status", summary: "Report the recorder's state", tag: "calls", body: recordingStatusSchema, response: anyObject },
  { method: "post", path: "/recordings/{call_id}", summary: "Upload a whole recording (multipart)", tag: "calls", body: "multipart", response: anyObject },
  { method: "post", path: "/recordings/{call_id}/start", summary: "Start recording a call", tag: "calls", response: anyObject },
  { method: "post", path: "/recordings/{call_id}/chunks/{seq}", summary: "Store one recorded chunk (raw media bytes)", tag: "calls", body: "octets", response: anyObject },
  { method: "post", path: "/recordings/{call_id}/finish", summary: "Stop recording: the server builds the MP4", tag: "calls", response: anyObject },
  { method: "get", path: "/webrtc/get-signals", summary: "Claim the caller's undelivered signals (polling clients)", tag: "calls", response: { type: "array", items: anyObject } },
  { method: "post", path: "/webrtc/send-signal", summary: "Relay a signal to someone in the same call", tag: "calls", body: signalSendInput, response: anyObject },
  { method: "post", path: "/webrtc/initiate-call", summary: "Call one person", tag: "calls", body: callInitiateInput, response: anyObject },
  { method: "post", path: "/webrtc/initiate-group-call", summary: "Call up to seven people", tag: "calls", body: callInitiateGroupInput, response: anyObject },
  { method: "post", path: "/webrtc/answer-call", summary: "Accept or reject a ringing call", tag: "calls", body: callAnswerInput, response: anyObject },
  { method: "post", path: "/webrtc/end-call", summary: "Leave or end a call", tag: "calls", body: callEndInput, response: anyObject },
  { method: "post", path: "/webrtc/update-presence", summary: "Set status; also marks a polling client online", tag: "calls", body: presenceUpdateInput, response: anyObject },
  { method: "get", path: "/webrtc/call-history", summary: "The caller's calls, newest first", tag: "calls", query: historyQuery, response: { type: "array", items: anyObject } },
  { method: "get", path: "/webrtc/config", summary: "ICE servers for WebRTC", tag: "calls", response: anyObject },
  { method: "get", path: "/webrtc/meetings/{meetingId}", summary: "A meeting's room: its call (if running), who is in and who is invited", tag: "calls", response: anyObject },
  { method: "post", path: "/webrtc/meetings/{meetingId}/chat", summary: "The meeting's chat channel (made on first use), for those who may join the meeting", tag: "calls", response: ref("channels.row") },
  {
    method: "get",
    path: "/changes",
    summary: "Catch up: the changes after `since` (the last seq applied) for what the caller may read now, a page at a time (the socket's changes.since)",
    tag: "feed",
    query: changesQuery,
    response: anyObject,
  },
  { method: "post", path: "/channels/dm", summary: "Open the direct message with one person: 200 with the existing one, 201 when created", tag: "channels", body: channelsOpenDmInput, response: ref("channels.row") },
  {
    method: "get",
    path: "/chat/unread",
    summary: "Unread counts of the caller's channels in one answer: {channels: [{channel_id, last_read_message_id, unread, mentions}]}; both count up to 100",
    tag: "channels",
    response: {
      type: "object",
      properties: {
        channels: {
          type: "array",
          items: {
            type: "object",
            properties: { channel_id: { type: "integer" }, last_read_message_id: { type: "integer" }, unread: { type: "integer" }, mentions: { type: "integer" } },
            required: ["channel_id", "last_read_message_id", "unread", "mentions"],
          },
        },
      },
      required: ["channels"],
    },
  },
  {
    method: "get",
    path: "/chat/receipts",
    summary: "Read receipts of a dm or a channel of up to 20 members: {channel_id, enabled, receipts: [{channel_id, user_id, user_email, last_read_message_id}]}; only people who have them on, and none when the caller has them off",
    tag: "channels",
    query: channelReceiptsQuery,
    response: anyObject,
  },
  { method: "post", path: "/chat/read", summary: "channel_reads.update: read up to message_id (the position only moves forward), or with unread: true mark message_id and after unread", tag: "channels", body: channelReadsUpdateInput, response: ref("channel_reads.row") },
  {
    method: "get",
    path: "/chat/threads",
    summary: "The threads the caller follows, unread first: {threads: [{thread_root_id, channel_id, last_read_message_id, unread, root}]}; unread counts up to 100",
    tag: "channels",
    response: {
      type: "object",
      properties: {
        threads: {
          type: "array",
          items: {
            type: "object",
            properties: {
              thread_root_id: { type: "integer" },
              channel_id: { type: "integer" },
              last_read_message_id: { type: "integer" },
              unread: { type: "integer" },
              root: ref("messages.row"),
            },
            required: ["thread_root_id", "channel_id", "last_read_message_id", "unread", "root"],
          },
        },
      },
      required: ["threads"],
    },
  },
  { method: "post", path: "/chat/threads/resolve", summary: "messages.resolve: resolve (resolved: true) or reopen a thread by its root's id; its starter or someone who manages the channel", tag: "channels", body: messagesResolveInput, response: ref("messages.row") },
  // Pinned, Saved, Reminders, Scheduled messages (docs/messages.md).
  { method: "post", path: "/chat/pins", summary: "messages.pin: pin (pinned: true) or unpin a message; its author or someone who manages the channel", tag: "channels", body: pinInput, response: ref("messages.row") },
  { method: "get", path: "/chat/pins", summary: "A channel's pinned messages, newest pin first (404 when the caller may not read the channel)", tag: "channels", query: channelQuery, response: { type: "array", items: ref("messages.row") } },
  { method: "post", path: "/chat/saved", summary: "Save (saved: true) or unsave a message for oneself: {message_id, saved}", tag: "channels", body: saveInput, response: anyObject },
  { method: "get", path: "/chat/saved", summary: "One's saved messages, newest saved first, only those one may still read: [{message, channel_name, saved_at}]", tag: "channels", response: { type: "array", items: anyObject } },
  { method: "get", path: "/chat/reminders", summary: "One's pending reminders, soonest first: [{id, message_id, channel_id, note, remind_at, fired_at}]", tag: "channels", response: { type: "array", items: anyObject } },
  { method: "post", path: "/chat/reminders", summary: "Remind me about a message at remind_at (in the future, within a year)", tag: "channels", body: reminderInput, response: anyObject, status: 201 },
  { method: "delete", path: "/chat/reminders/{id}", summary: "Cancel one's reminder", tag: "channels", response: ok },
  { method: "get", path: "/chat/scheduled", summary: "One's scheduled messages (pending and failed), optionally of one channel: [{id, channel_id, content, send_at, status, error, message_id}]", tag: "channels", queryText: { channel_id: "Only this channel's" }, response: { type: "array", items: anyObject } },
  { method: "post", path: "/chat/scheduled", summary: "Schedule a message: posted at send_at through messages.create as the caller", tag: "channels", body: scheduleInput, response: anyObject, status: 201 },
  { method: "patch", path: "/chat/scheduled/{id}", summary: "Change a scheduled message's text or time (a failed one is armed again); 409 while it is being posted", tag: "channels", body: scheduleUpdateInput, response: anyObject },
  { method: "post", path: "/chat/scheduled/{id}/send", summary: "Send a scheduled message now; answers it as it ended (sent, or failed with why)", tag: "channels", response: anyObject },
  { method: "delete", path: "/chat/scheduled/{id}", summary: "Delete a scheduled message", tag: "channels", response: ok },
  { method: "post", path: "/chat/threads/follow", summary: "thread_follows.update: follow or unfollow a thread, and/or read its replies up to read_message_id (forward only)", tag: "channels", body: threadFollowsUpdateInput, response: ref("thread_follows.row") },
  { method: "get", path: "/push/key", summary: "The server's VAPID public key for PushManager.subscribe: {publicKey}", tag: "notifications", response: { type: "object", properties: { publicKey: { type: "string" } }, required: ["publicKey"] } },
  { method: "post", path: "/push/subscriptions", summary: "Store this browser's PushSubscription (tied to the session; removed on logout); 409 when another account subscribed the endpoint", tag: "notifications", body: pushSubscriptionInput, response: anyObject },
  { method: "delete", path: "/push/subscriptions", summary: "Forget this browser's push subscription, if it is the caller's: {removed}", tag: "notifications", body: pushUnsubscribeInput, response: anyObject },
  { method: "post", path: "/notifications/channel-settings", summary: "channel_notification_settings.update: set the caller's notification level for a channel (all, mentions, muted)", tag: "notifications", body: channelNotificationSettingsUpdateInput, response: ref("channel_notification_settings.row") },
  { method: "post", path: "/hooks/{token}", summary: "An incoming webhook (docs/integrations.md): post to its channel as the integration, in Slack's format (JSON, or a form with payload=) or the native {text, name}; answers \"ok\"; 400 bad payload, 404 unknown or revoked, 413 too large, 429 too many", tag: "integrations", auth: false, body: webhookPayload, produces: "text/plain" },
  { method: "post", path: "/commands", summary: "Run a slash command typed in a channel's composer (docs/integrations.md, Slash commands): {command, notice, message_id?, action?}; 400 unknown command or bad arguments, 403 not allowed, 404 channel not readable", tag: "integrations", body: slashCommandInput, response: anyObject },
  { method: "post", path: "/sidebar/setup", summary: "sidebar_sections.setup: the caller's sidebar sections, Favourites, Channels and Direct messages made where missing (docs/channels.md, Sidebar)", tag: "channels", body: sidebarSetupInput, response: { type: "array", items: ref("sidebar_sections.row") } },
  { method: "post", path: "/sidebar/move", summary: "sidebar_sections.move: place a readable channel in one of the caller's sections at index (the end when absent); answers the sections it changed", tag: "channels", body: sidebarMoveInput, response: { type: "array", items: ref("sidebar_sections.row") } },
  { method: "post", path: "/sidebar/order", summary: "sidebar_sections.order: every one of the caller's section ids in the new order; answers them all", tag: "channels", body: sidebarOrderInput, response: { type: "array", items: ref("sidebar_sections.row") } },
  { method: "post", path: "/notifications/read-all", summary: "notifications.update: mark every item of the caller's notification centre read: {updated}", tag: "notifications", response: anyObject },
  { method: "get", path: "/notes/search", summary: "Full-text search of the caller's notes", tag: "notes", query: searchQuery, response: { type: "array", items: ref("notes.row") } },
  {
    method: "get",
    path: "/search",
    summary: "Search messages of readable channels (words, prefixes, \"phrases\", URL fragments, CJK text; in:, from:, before:, after:, has:file), task titles, the caller's notes and file names (docs/search.md)",
    tag: "search",
    query: globalSearchQuery,
    response: jsonSchema(searchAnswer, "output"),
  },
  { method: "get", path: "/approvals/{id}/audit", summary: "The history of an approval request", tag: "approvals", response: { type: "array", items: anyObject } },
  { method: "get", path: "/calendar/feed", summary: "The caller's calendar subscription link", tag: "calendar", response: anyObject },
  { method: "post", path: "/calendar/feed", summary: "Create (or replace) the subscription link", tag: "calendar", response: anyObject },
  { method: "delete", path: "/calendar/feed", summary: "Revoke the subscription link", tag: "calendar", response: anyObject },
  { method: "get", path: "/calendar/feed/{file}", summary: "The iCalendar feed behind a subscription link (the link is the credential)", tag: "calendar", auth: false, produces: "text/calendar" },
  { method: "get", path: "/admin/overview", summary: "Whether the caller is an admin (403 otherwise)", tag: "admin", response: anyObject },
  { method: "get", path: "/admin/security", summary: "Active sessions and sign-in rules", tag: "admin", response: anyObject },
  { method: "delete", path: "/admin/sessions/{id}", summary: "Revoke a session: its sockets end at once", tag: "admin", response: ok },
  { method: "get", path: "/admin/database", summary: "Database size, row counts and migration version", tag: "admin", response: anyObject },
  { method: "get", path: "/admin/database/backup", summary: "A backup archive, the same as npm run backup (database, files, secrets)", tag: "admin", produces: "application/gzip" },
  {
    method: "get",
    path: "/admin/feed",
    summary: "The change feed's durable consumers: {consumers: [{name, cursor_seq, behind, failures, retry_at, last_error, updated_at}], dead_letters: [{id, consumer, seq, tbl, op, row_id, error, attempts, created_at, retried_at}]}",
    tag: "admin",
    response: anyObject,
  },
  { method: "post", path: "/admin/feed/dead-letters/{id}/retry", summary: "Hand a dead letter to its consumer once more: 200 {ok}, 404 when there is none, 409 with the error when it fails again", tag: "admin", response: ok },
  ...entityOps(),
];

function operation(op: Op): JsonSchema {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  if (op.query) {
    const q = jsonSchema(op.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(q.properties ?? {})) params.push({ name, in: "query", required: !!q.required?.includes(name), schema } as never);
  }
  for (const [name, description] of Object.entries(op.queryText ?? {})) params.push({ name, in: "query", required: false, description, schema: { type: "string" } } as never);
  const success = op.produces
    ? { description: "The content", content: { [op.produces]: { schema: { type: "string", contentMediaType: op.produces } } } }
    : { description: "Done", content: { "application/json": { schema: op.response ?? anyObject } } };
  const out: JsonSchema = {
    operationId: `${op.method} ${op.path}`,
    summary: op.summary,
    tags: [op.tag],
    ...(params.length ? { parameters: params } : {}),
    responses: { [String(op.status ?? 200)]: success, "4XX": { $ref: "#/components/responses/ClientError" }, "5XX": { $ref: "#/components/responses/ServerError" } },
    ...(op.auth === false ? { security: [] } : {}),
  };
  if (op.body === "multipart") {
    out.requestBody = { required: true, content: { "multipart/form-data": { schema: { type: "object", properties: { file: { type: "string", contentMediaType: "application/octet-stream" } }, additionalProperties: true } }, "application/json": { schema: jsonSchema(fieldsSchema) } } };
  } else if (op.body === "octets") {
    out.requestBody = { required: true, content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } } };
  } else if (op.body) {
    const schema = jsonSchema(op.body);
    out.requestBody = { required: true, content: { "application/json": { schema }, "application/x-www-form-urlencoded": { schema } } };
  }
  return out;
}

let cached: JsonSchema | null = null;

/** The OpenAPI 3.1 document (built once; it depends on the code only). */
export function openApiDocument(): JsonSchema {
  if (cached) return cached;
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of OPS) (paths[op.path] ??= {})[op.method] = operation(op);
  const schemas: Record<string, JsonSchema> = {
    Error: { type: "object", properties: { error: { type: "string", description: "What went wrong, safe to show" } }, required: ["error"] },
  };
  for (const t of ENTITY_TABLES) schemas[`${t}.row`] = jsonSchema(entityRowSchema(t), "output");
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Teamspace REST API",
      version: "1",
      description:
        "Every path is also served under /phpapi. Errors are JSON {error}. A dependency that is away answers 503 \"Service unavailable\" (retry later). Realtime (Socket.IO) is described by /api/asyncapi.json.",
    },
    servers: [{ url: "/api" }],
    security: [{ bearer: [] }],
    tags: [...new Set(OPS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "accessToken from POST /auth/login" } },
      schemas,
      responses: {
        ClientError: { description: "Bad input (400), not signed in (401), forbidden (403), not found (404), conflict (409), too large (413), too many requests (429)", content: { "application/json": { schema: ref("Error") } } },
        ServerError: { description: "Service unavailable (503) while a dependency is away, or a server fault", content: { "application/json": { schema: ref("Error") } } },
      },
    },
  };
  return cached;
}
