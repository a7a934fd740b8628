// POST /channels/dm {user_id}: open the direct message with a person (./dm.ts). Answers the
// channel row as the Entity API would: 201 when it was created, 200 when it already existed.
// GET /chat/unread and POST /chat/read: unread counts and the read-position command (./reads.ts);
// GET /chat/receipts: read receipts (./receipts.ts).
// GET /chat/threads and POST /chat/threads/follow: followed threads and thread_follows.update;
// POST /chat/threads/resolve: messages.resolve (./threads.ts).
import { Router } from "express";
import { channelReadsUpdateInput, channelReceiptsQuery, channelsOpenDmInput, messagesResolveInput, threadFollowsUpdateInput } from "@shared/entities";
import { presentMessage } from "../../entities/present";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { badRequest, zodMessage } from "../../errors";
import { openDm } from "./dm";
import { listUnread, updateChannelRead } from "./reads";
import { listReceipts } from "./receipts";
import { listFollowedThreads, resolveThread, updateThreadFollow } from "./threads";
import { costlyReads } from "../../rate-limits";

export function chatRoutes(ctx: AppContext): Router {
  const r = Router();
  r.post("/channels/dm", requireAuth, async (req, res) => {
    const parsed = channelsOpenDmInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const { channel, created } = await openDm(ctx, currentUser(req), parsed.data.user_id);
    res.status(created ? 201 : 200).json(channel);
  });
  // Unread recounts read every own channel's tail: a count per person (UNREAD_RATE_LIMIT).
  const recount = costlyReads(ctx).unread;
  r.get("/chat/unread", requireAuth, recount, async (req, res) => {
    res.json({ channels: await listUnread(ctx, currentUser(req)) });
  });
  // Read receipts of a small channel (docs/messages.md, "Mentions and read receipts"; ./receipts.ts).
  r.get("/chat/receipts", requireAuth, async (req, res) => {
    const parsed = channelReceiptsQuery.safeParse(req.query ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(await listReceipts(ctx, currentUser(req), Number(parsed.data.channel_id)));
  });
  // channel_reads.update, as the socket command is (docs/unread.md).
  r.post("/chat/read", requireAuth, async (req, res) => {
    const parsed = channelReadsUpdateInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(await updateChannelRead(ctx, currentUser(req), parsed.data));
  });
  // Threads (docs/threads.md): the followed ones with unread replies, and thread_follows.update.
  r.get("/chat/threads", requireAuth, recount, async (req, res) => {
    res.json({ threads: await listFollowedThreads(ctx, currentUser(req)) });
  });
  r.post("/chat/threads/resolve", requireAuth, async (req, res) => {
    const parsed = messagesResolveInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(presentMessage(await resolveThread(ctx, currentUser(req), parsed.data)));
  });
  r.post("/chat/threads/follow", requireAuth, async (req, res) => {
    const parsed = threadFollowsUpdateInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(await updateThreadFollow(ctx, currentUser(req), parsed.data));
  });
  return r;
}
