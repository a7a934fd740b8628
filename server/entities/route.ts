// The generic Entity API (docs/architecture.md, "The write path"): HTTP in and out only; the rules are in
// ./pipeline.ts and the per-table policies and hooks of the features.
import { Router, type Request, type Response } from "express";
import { isEntityTable, type EntityTable } from "@shared/entities";
import type { AppContext } from "../context";
import { currentUser, requireAuth } from "../auth/middleware";
import { badRequest, notFound } from "../errors";
import { createEntity, deleteEntity, getEntity, listEntities, updateEntity } from "./pipeline";
import { recentHead } from "../feed/repository";
import { isExisting } from "./existing";

function tableOf(req: Request): EntityTable {
  const name = String(req.params.table);
  if (!isEntityTable(name)) throw notFound(`Unknown table: ${name.slice(0, 100)}`);
  return name;
}

function idOf(req: Request): number {
  const raw = String(req.params.id);
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id > 0 && id <= 2_147_483_647)) throw badRequest("id must be a positive whole number");
  return id;
}

export function entityRoutes(ctx: AppContext): Router {
  /**
   * `X-Feed-Seq`: the change feed's position read before the rows, so the answer holds every change
   * up to it. A client that loads data before its socket is in its rooms catches up from there
   * (docs/protocol.md, "The change feed and catching up").
   */
  const feedPosition = async (res: Response) => res.setHeader("X-Feed-Seq", String(await recentHead(ctx.db)));

  const r = Router();
  r.use("/entities", requireAuth);

  r.get("/entities/:table", async (req, res) => {
    const table = tableOf(req);
    await feedPosition(res);
    res.json(await listEntities(ctx, currentUser(req), table, req.query as Record<string, unknown>));
  });

  r.get("/entities/:table/:id", async (req, res) => {
    const table = tableOf(req);
    await feedPosition(res);
    res.json(await getEntity(ctx, currentUser(req), table, idOf(req)));
  });

  r.post("/entities/:table", async (req, res) => {
    const table = tableOf(req);
    const made = await createEntity(ctx, currentUser(req), table, req.body);
    // 200: a retry answered with the row an earlier try stored (server/entities/existing.ts).
    res.status(isExisting(made) ? 200 : 201).json(made);
  });

  r.patch("/entities/:table/:id", async (req, res) => {
    const table = tableOf(req);
    const id = idOf(req);
    res.json(await updateEntity(ctx, currentUser(req), table, id, req.body));
  });

  r.delete("/entities/:table/:id", async (req, res) => {
    const table = tableOf(req);
    const id = idOf(req);
    res.json(await deleteEntity(ctx, currentUser(req), table, id));
  });

  return r;
}
