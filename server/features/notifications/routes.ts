// Notifications over HTTP (docs/notifications.md): the server's Web Push key, a browser's push
// subscription (kept per session, so signing out ends it), and marking every item of the
// notification centre read. Mounting these also starts this node's notification worker and the
// feed consumer that queues its jobs from committed changes (./enqueue.ts).
import { Router } from "express";
import { channelNotificationSettingsUpdateInput, pushSubscriptionInput, pushUnsubscribeInput } from "@shared/entities";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { HttpError, badRequest, zodMessage } from "../../errors";
import { withChanges } from "../../feed/changelog";
import { vapidKeys } from "./push";
import { endpointProblem } from "./endpoint-guard";
import { deleteSubscription, saveSubscription } from "./repository";
import { notificationConsumer, wireSubscriptionCleanup } from "./enqueue";
import { hostConsumers, type FeedConsumer } from "../../feed/consumers";
import { wireCallPushes } from "./call-push";
import { startNotificationWorker } from "./worker";
import { updateChannelNotificationSetting } from "./channel-settings";

/** The 409 of a push subscription whose endpoint another account subscribed (the web client then subscribes afresh). */
const PUSH_ENDPOINT_TAKEN = "This push subscription belongs to another account; unsubscribe this browser and subscribe again";

/** `consumers`: the other features' feed consumers, hosted with this one (link previews). */
export function notificationRoutes(ctx: AppContext, consumers: FeedConsumer[] = []): Router {
  const worker = startNotificationWorker(ctx);
  // Jobs about committed rows come from the change feed (docs/architecture.md, "Side effects").
  hostConsumers(ctx, [notificationConsumer(ctx, worker.wake), ...consumers]);
  wireSubscriptionCleanup(ctx);
  // These effects' jobs are written in the transaction of their change (a missed call's in the
  // call's, ./call-push.ts; a reminder's in the sweep's, ./reminder-push.ts; an invitation's mail
  // in the invitation's, ./invitation-mail.ts): the events after the commit only wake the worker.
  for (const name of ["calls.missed", "calendar.reminder", "invitations.create", "keep.notices"] as const) ctx.events.on(name, () => worker.wake());
  // An incoming call's ring likewise (in the waiting invite's); its withdrawals are decided from
  // the call's committed rows, sooner than the calls sweep when a transition's event comes (./call-push.ts).
  wireCallPushes(ctx, worker.wake);

  const r = Router();
  r.get("/push/key", requireAuth, (_req, res) => {
    res.json({ publicKey: vapidKeys(ctx.config).publicKey });
  });
  r.post("/push/subscriptions", requireAuth, async (req, res) => {
    const parsed = pushSubscriptionInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const { endpoint, keys } = parsed.data;
    // Not a way into the server's own network (./endpoint-guard.ts).
    const problem = await endpointProblem(endpoint, ctx.config.notify);
    if (problem) throw badRequest(problem);
    // An endpoint stays with the person who subscribed it: another account posting it (it leaked,
    // or the browser is shared) neither takes it over nor, then, may delete it.
    if (!(await saveSubscription(ctx.db, currentUser(req).id, req.sessionId ?? null, { endpoint, p256dh: keys.p256dh, auth: keys.auth }))) {
      throw new HttpError(409, PUSH_ENDPOINT_TAKEN);
    }
    res.status(201).json({ ok: true });
  });
  r.delete("/push/subscriptions", requireAuth, async (req, res) => {
    const parsed = pushUnsubscribeInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json({ removed: await deleteSubscription(ctx.db, currentUser(req).id, parsed.data.endpoint) });
  });
  // channel_notification_settings.update, as the socket command is.
  r.post("/notifications/channel-settings", requireAuth, async (req, res) => {
    const parsed = channelNotificationSettingsUpdateInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(await updateChannelNotificationSetting(ctx, currentUser(req), { channel_id: Number(parsed.data.channel_id), level: parsed.data.level }));
  });
  // notifications.update for every unread item of the caller, with a change record each.
  r.post("/notifications/read-all", requireAuth, async (req, res) => {
    const user = currentUser(req);
    const count = await withChanges(ctx, async (trx, log) => {
      const before = await trx.selectFrom("notifications").selectAll().where("user_id", "=", user.id).where("is_read", "=", false).forUpdate().execute();
      if (!before.length) return 0;
      const after = await trx.updateTable("notifications").set({ is_read: true, updated_at: new Date() }).where("id", "in", before.map((b) => b.id)).returningAll().execute();
      const was = new Map(before.map((b) => [b.id, b]));
      for (const row of after) log.add("notifications", "update", row.id, row, was.get(row.id));
      return after.length;
    });
    res.json({ updated: count });
  });
  return r;
}
