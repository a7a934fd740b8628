// POST /api/commands {channel_id, text, thread_root_id?, time_zone?}: runs a slash command typed
// in a composer, for the web client, other clients and bots alike (./run.ts; docs/integrations.md,
// "Slash commands"). Answers `{command, notice, message_id?, action?}`; a bad line is a 400 that
// says what was wrong, and the caller keeps what was typed.
import { Router } from "express";
import { slashCommandInput } from "@shared/entities/slashCommands";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { badRequest, zodMessage } from "../../errors";
import { runSlashCommand } from "./run";

export function slashCommandRoutes(ctx: AppContext): Router {
  const r = Router();
  r.post("/commands", requireAuth, async (req, res) => {
    const parsed = slashCommandInput.safeParse(req.body ?? {});
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    res.json(await runSlashCommand(ctx, currentUser(req), parsed.data));
  });
  return r;
}
