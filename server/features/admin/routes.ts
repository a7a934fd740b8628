// Admin Settings: what the Security and Database tabs show. Every route is
// admin-only on the server; /admin/overview is what the page asks first, so a member opening
// /Admin is refused here (403) whatever the client shows.
import { Router, type Request } from "express";
import type { AppContext } from "../../context";
import { currentUser, requireAuth } from "../../auth/middleware";
import { signInSettings } from "../../auth/oidc";
import { isAdmin } from "../../auth/roles";
import { z } from "zod";
import { HttpError, badRequest, forbidden, notFound, serviceUnavailable, zodMessage } from "../../errors";
import { consumerStatus } from "../../feed/consumers.repository";
import { LIMITS } from "@shared/constants";
import { readInvitePolicy } from "../invitations/repository";
import { activeSessions, databaseFacts, revokeSessionById } from "./repository";
import { backupFileName, writeBackupArchive } from "../../ops/backup/archive";
import { costlyReads } from "../../rate-limits";
import { DEAD_LETTER_NOT_FOUND } from "../../feed/consumers";

/** POST /admin/feed/dead-letters/:id/retry's path. */
export const deadLetterParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

function requireAdmin(req: Request): void {
  if (!isAdmin(currentUser(req))) throw forbidden();
}

export function adminRoutes(ctx: AppContext): Router {
  const r = Router();
  r.use("/admin", requireAuth, (req, _res, next) => {
    requireAdmin(req);
    next();
  });

  r.get("/admin/overview", (req, res) => {
    res.json({ ok: true, user_id: currentUser(req).id });
  });

  r.get("/admin/security", async (req, res) => {
    const sessions = await activeSessions(ctx.db);
    res.json({
      sessions: sessions.map((s) => ({
        id: s.id,
        user_id: s.user_id,
        full_name: s.full_name,
        email: s.email,
        created_at: new Date(s.created_at).toISOString(),
        expires_at: new Date(s.expires_at).toISOString(),
        current: s.id === req.sessionId,
      })),
      settings: {
        login_rate_limit: ctx.config.loginRateLimit,
        login_rate_window_minutes: 15,
        token_lifetime_seconds: LIMITS.tokenLifetimeSeconds,
        session_max_age_seconds: LIMITS.sessionMaxAgeSeconds,
        password_min_length: 8,
        max_upload_bytes: ctx.config.maxUploadBytes,
        invite_policy: await readInvitePolicy(ctx.db),
        sign_in: signInSettings(ctx.config),
      },
    });
  });

  r.delete("/admin/sessions/:id", async (req, res) => {
    const id = String(req.params.id ?? "");
    if (!/^[0-9a-f-]{36}$/i.test(id) || !(await revokeSessionById(ctx.db, id))) throw notFound("Session not found");
    // Sockets opened with that session end at once (the handshake module listens).
    ctx.events.emit("sessions.revoke", id);
    res.json({ ok: true });
  });

  r.get("/admin/database", async (_req, res) => {
    res.json(await databaseFacts(ctx.db));
  });

  // The same archive as `npm run backup` (docs/operations.md, "Backup and restore"): restorable, so it holds
  // password hashes and the generated secrets, and is only ever handed to an admin.
  // It reads the whole database: a count per person (EXPORT_RATE_LIMIT).
  r.get("/admin/database/backup", costlyReads(ctx).export, async (_req, res) => {
    res.setHeader("Content-Type", "application/gzip");
    res.setHeader("Content-Disposition", `attachment; filename="${backupFileName()}"`);
    res.setHeader("Cache-Control", "no-store");
    try {
      await writeBackupArchive({ db: ctx.db, engine: ctx.config.databaseUrl ? "postgres" : "pglite", storage: ctx.storage, dataDir: ctx.config.dataDir }, res);
    } catch (err) {
      ctx.log.warn({ err }, "backup interrupted");
      res.destroy();
    }
  });

  // The feed's durable consumers (docs/architecture.md, "Side effects"): how far behind each is,
  // its failures and last error, and the records given up on (dead letters), newest first.
  r.get("/admin/feed", async (_req, res) => {
    res.json(await consumerStatus(ctx.db));
  });

  // A dead letter through its consumer once more; 409 with the error when it fails again.
  r.post("/admin/feed/dead-letters/:id/retry", async (req, res) => {
    const parsed = deadLetterParams.safeParse(req.params);
    if (!parsed.success) throw badRequest(zodMessage(parsed.error));
    if (!ctx.consumers) throw serviceUnavailable();
    const done = await ctx.consumers.retry(parsed.data.id);
    if (!done.ok) throw done.error === DEAD_LETTER_NOT_FOUND ? notFound(done.error) : new HttpError(409, done.error);
    res.json({ ok: true });
  });

  return r;
}
