// GET /notes/search?q=...: server-side full-text search over the caller's own notes (the notes
// policy: creator only), presented like the Entity API's rows.
import { Router } from "express";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { badRequest, zodMessage } from "../../errors";
import { emailOf } from "../../entities/policy-helpers";
import { present } from "../../entities/present";
import { searchNotes } from "./repository";
import { costlyReads } from "../../rate-limits";

export const searchQuery = z.object({ q: z.string({ error: "q must be text" }).max(500, "q must be at most 500 characters").optional().default("") });

export function notesRoutes(ctx: AppContext): Router {
  const r = Router();
  // Counts with GET /search against one limit per person (SEARCH_RATE_LIMIT).
  r.get("/notes/search", requireAuth, costlyReads(ctx).search, async (req, res) => {
    const parsed = searchQuery.safeParse({ q: req.query.q });
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    const user = currentUser(req);
    const rows = await searchNotes(ctx.db, emailOf(user), parsed.data.q);
    res.json(rows.map((row) => present("notes", row, user)));
  });
  return r;
}
