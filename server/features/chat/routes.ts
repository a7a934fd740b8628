// POST /channels/dm {user_id}: open the direct message with a person (./dm.ts). Answers the
// channel row as the Entity API would: 201 when it was created, 200 when it already existed.
import { Router } from "express";
import { channelsOpenDmInput } from "@shared/entities";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { badRequest, zodMessage } from "../../errors";
import { openDm } from "./dm";

export function chatRoutes(ctx: AppContext): Router {
  const r = Router();
  r.post("/channels/dm", requireAuth, async (req, res) => {
    const parsed = channelsOpenDmInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const { channel, created } = await openDm(ctx, currentUser(req), parsed.data.user_id);
    res.status(created ? 201 : 200).json(channel);
  });
  return r;
}
