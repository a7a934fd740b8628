// POST /api/hooks/:token (docs/integrations.md): where tools post. No sign-in: the token in the
// address is the credential, so each webhook has its own rate limit (a leaked address floods at
// most its channel, at Slack's pace), and the answer is Slack's own ("ok", 200) so tools that
// check it are content. The body parsers of server/app.ts have read the body already (JSON or a
// form, at most LIMITS.jsonBodyLimit: larger is a 413; nesting too deep a 400).
import { Router, type Request } from "express";
import { rateLimit } from "express-rate-limit";
import type { AppContext } from "../../context";
import { limitStore } from "../../rate-limits";
import { tokenHash } from "./hooks";
import { receiveWebhook } from "./receive";

/** Posts per webhook per minute: Slack allows about one a second, with short bursts. */
export const WEBHOOK_POSTS_PER_MINUTE = 120;

const tokenOf = (req: Request) => String(req.params.token ?? "");

export function integrationRoutes(ctx: AppContext): Router {
  const r = Router();
  const limit = rateLimit({
    store: limitStore(ctx, "webhooks"),
    windowMs: 60_000,
    limit: WEBHOOK_POSTS_PER_MINUTE,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    // Counted per webhook, by its hash: the token itself never becomes a key in Redis.
    keyGenerator: (req) => tokenHash(tokenOf(req)),
    handler: (_req, res) => {
      const wait = Number(res.getHeader("Retry-After")) || 60;
      res.status(429).json({ error: `Too many messages through this webhook: try again in ${wait} second${wait === 1 ? "" : "s"}` });
    },
  });
  r.post("/hooks/:token", limit, async (req, res) => {
    await receiveWebhook(ctx, tokenOf(req), req.body, req.is("application/x-www-form-urlencoded") === "application/x-www-form-urlencoded");
    res.type("text/plain").send("ok");
  });
  return r;
}
