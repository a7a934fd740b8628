// The notification centre's items (docs/notifications.md): written by the server's notification
// worker only, read by their owner alone (audience `user:<id>`), who may only mark them read.
import { z } from "zod";
import { boolish } from "./fields";
import { defineEntity, rowBase } from "./define";

export const NOTIFICATION_KINDS = ["message", "task", "approval", "file", "call", "digest"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notifications = defineEntity({
  table: "notifications",
  input: { is_read: boolish },
  required: [],
  nullable: [],
  serverSet: ["user_id"],
  row: z.object({
    ...rowBase,
    user_id: z.number().int(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string(),
    is_read: z.boolean(),
  }),
  instants: [],
  internal: z.object({ job_id: z.number().int().nullable() }),
  filters: { id: "int", user_id: "int", kind: "text", is_read: "bool" },
});

export type AppNotification = z.infer<typeof notifications.row>;

/** What a push carries to the service worker (client/sw/push.ts shows it). */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  kind: z.string(),
  /** An incoming call (kind `call_ring`): which call, and whether it is audio or video. */
  call_id: z.string().optional(),
  call_type: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** `POST /api/push/subscriptions`: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionInput = z.object(
  {
    endpoint: z
      .string({ error: "endpoint must be the push service's https URL" })
      .max(2000, "endpoint must be at most 2000 characters")
      .regex(/^https?:\/\//, "endpoint must be the push service's https URL"),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z.string({ error: "keys.p256dh is required" }).min(1, "keys.p256dh is required").max(200, "keys.p256dh is too long"),
        auth: z.string({ error: "keys.auth is required" }).min(1, "keys.auth is required").max(100, "keys.auth is too long"),
      },
      { error: "keys must be an object with p256dh and auth" },
    ),
  },
  { error: "the body must be a PushSubscription as JSON" },
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** `DELETE /api/push/subscriptions`: the endpoint to forget. */
export const pushUnsubscribeInput = z.object(
  { endpoint: z.string({ error: "endpoint is required" }).min(1, "endpoint is required").max(2000, "endpoint must be at most 2000 characters") },
  { error: "the body must be an object" },
);
