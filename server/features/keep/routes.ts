// Pins, saved messages, reminders and scheduled messages over REST (docs/messages.md):
//   POST /chat/pins {message_id, pinned}            messages.pin
//   GET  /chat/pins?channel_id=                      the channel's Pinned list
//   POST /chat/saved {message_id, saved}            save or unsave for oneself
//   GET  /chat/saved                                 one's Saved list, newest first
//   GET  /chat/reminders, POST {message_id, remind_at}, DELETE /chat/reminders/:id
//   GET  /chat/scheduled[?channel_id=], POST {channel_id, content, send_at},
//   PATCH /chat/scheduled/:id {content?, send_at?}, POST /chat/scheduled/:id/send, DELETE /chat/scheduled/:id
import { Router } from "express";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { badRequest, zodMessage } from "../../errors";
import { idRef } from "@shared/entities/fields";
import { channelQuery, pinInput, reminderInput, saveInput, scheduleInput, scheduleUpdateInput } from "@shared/keep";
import { listPins, pinMessage } from "./pins";
import { listSaved, saveMessage } from "./saved";
import { cancelReminder, createReminder, listReminders } from "./reminders";
import { editScheduled, listScheduled, removeScheduled, scheduleMessage, sendScheduledNow } from "./scheduled";
import { startKeepSweep } from "./sweep";

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw badRequest(zodMessage(parsed.error));
  return parsed.data;
}

const idOf = (v: unknown): number => {
  const parsed = idRef.safeParse(v);
  if (!parsed.success) throw badRequest(`id: ${zodMessage(parsed.error)}`);
  return parsed.data;
};

export function keepRoutes(ctx: AppContext): Router {
  startKeepSweep(ctx);
  const r = Router();
  r.post("/chat/pins", requireAuth, async (req, res) => {
    res.json(await pinMessage(ctx, currentUser(req), parse(pinInput, req.body)));
  });
  r.get("/chat/pins", requireAuth, async (req, res) => {
    res.json(await listPins(ctx, currentUser(req), parse(channelQuery, req.query).channel_id));
  });
  r.post("/chat/saved", requireAuth, async (req, res) => {
    res.json(await saveMessage(ctx, currentUser(req), parse(saveInput, req.body)));
  });
  r.get("/chat/saved", requireAuth, async (req, res) => {
    res.json(await listSaved(ctx, currentUser(req)));
  });
  r.get("/chat/reminders", requireAuth, async (req, res) => {
    res.json(await listReminders(ctx, currentUser(req)));
  });
  r.post("/chat/reminders", requireAuth, async (req, res) => {
    res.status(201).json(await createReminder(ctx, currentUser(req), parse(reminderInput, req.body)));
  });
  r.delete("/chat/reminders/:id", requireAuth, async (req, res) => {
    res.json(await cancelReminder(ctx, currentUser(req), idOf(req.params.id)));
  });
  r.get("/chat/scheduled", requireAuth, async (req, res) => {
    const channel = req.query.channel_id === undefined ? undefined : parse(channelQuery, req.query).channel_id;
    res.json(await listScheduled(ctx, currentUser(req), channel));
  });
  r.post("/chat/scheduled", requireAuth, async (req, res) => {
    res.status(201).json(await scheduleMessage(ctx, currentUser(req), parse(scheduleInput, req.body)));
  });
  r.patch("/chat/scheduled/:id", requireAuth, async (req, res) => {
    res.json(await editScheduled(ctx, currentUser(req), idOf(req.params.id), parse(scheduleUpdateInput, req.body)));
  });
  r.post("/chat/scheduled/:id/send", requireAuth, async (req, res) => {
    res.json(await sendScheduledNow(ctx, currentUser(req), idOf(req.params.id)));
  });
  r.delete("/chat/scheduled/:id", requireAuth, async (req, res) => {
    res.json(await removeScheduled(ctx, currentUser(req), idOf(req.params.id)));
  });
  return r;
}
