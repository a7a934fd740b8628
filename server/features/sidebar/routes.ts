// The sidebar over HTTP (docs/channels.md, "Sidebar"): the same commands as the socket's
// (./commands.ts). Creating, renaming, sorting, collapsing and deleting a section are the Entity
// API's `/entities/sidebar_sections` routes.
import { Router } from "express";
import { sidebarMoveInput, sidebarOrderInput, sidebarSetupInput } from "@shared/entities";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { badRequest, zodMessage } from "../../errors";
import { moveChannel, orderSections, setupSidebar } from "./sections";

export function sidebarRoutes(ctx: AppContext): Router {
  const r = Router();
  r.post("/sidebar/setup", requireAuth, async (req, res) => {
    const parsed = sidebarSetupInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(await setupSidebar(ctx, currentUser(req)));
  });
  r.post("/sidebar/move", requireAuth, async (req, res) => {
    const parsed = sidebarMoveInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const { channel_id, section_id, index } = parsed.data;
    res.json(await moveChannel(ctx, currentUser(req), { channel_id: Number(channel_id), section_id: Number(section_id), index }));
  });
  r.post("/sidebar/order", requireAuth, async (req, res) => {
    const parsed = sidebarOrderInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(await orderSections(ctx, currentUser(req), { ids: parsed.data.ids.map(Number) }));
  });
  return r;
}
