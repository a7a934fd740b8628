// GET /changes: catching up over REST, for clients without a socket (docs/architecture.md,
// "Catching up"); the socket's `changes.since` answers the same pages.
import { Router } from "express";
import { z } from "zod";
import { LIMITS } from "@shared/constants";
import { rooms, type ChangesPage } from "@shared/realtime";
import type { AppContext } from "../context";
import type { User } from "../db/schema";
import { currentUser, requireAuth } from "../auth/middleware";
import { badRequest, zodMessage } from "../errors";
import { readerRooms } from "../entities/audience";
import { emailOf } from "../entities/policy-helpers";
import { readableChannelIds } from "../features/chat/repository";
import { catchUpFor } from "./catchup";

const count = (max: number) => z.coerce.number({ error: "must be a whole number" }).int("must be a whole number").min(0).max(max);
export const changesQuery = z.object({ since: count(Number.MAX_SAFE_INTEGER), limit: count(LIMITS.changesPageMax).optional() });

/** A page of changes after `since` for `user`, whose channel rooms are `channelRooms`. */
export function changesFor(ctx: AppContext, user: User, channelRooms: string[], since: number, limit?: number): Promise<ChangesPage> {
  return catchUpFor(ctx.db, !!ctx.realtime?.clustered).page({ user, readerIn: [...readerRooms(user), ...channelRooms], since, limit });
}

export function changesRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/changes", requireAuth, async (req, res) => {
    const q = changesQuery.safeParse(req.query);
    if (!q.success) throw badRequest(zodMessage(q.error));
    const user = currentUser(req);
    const channels = (await readableChannelIds(ctx.db, emailOf(user))).map(rooms.channel);
    res.json(await changesFor(ctx, user, channels, q.data.since, q.data.limit));
  });
  return r;
}
