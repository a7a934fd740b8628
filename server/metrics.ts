// GET /metrics: process memory and socket count, for the load tester and bench. Admins may
// read it from anywhere; anyone may read it over loopback when no proxy is in between.
import { Router, type Request } from "express";
import type { AppContext } from "./context";
import { isAdmin } from "./auth/roles";
import { forbidden } from "./errors";
import { isLocalCaller } from "./ops/local-caller";

function allowed(req: Request): boolean {
  if (req.user && isAdmin(req.user)) return true;
  // The same rule as /metrics (./ops/local-caller.ts): any forwarding header means a proxy is in between.
  return isLocalCaller(req);
}

export function metricsRoutes(ctx: AppContext): Router {
  const r = Router();
  r.get("/metrics", (req, res) => {
    if (!allowed(req)) throw forbidden();
    // ?gc=1 collects first when the process runs with --expose-gc, for steadier memory figures.
    const gc = (globalThis as { gc?: () => void }).gc;
    if (req.query.gc === "1" && gc) gc();
    const m = process.memoryUsage();
    res.json({
      rss: m.rss,
      heapUsed: m.heapUsed,
      heapTotal: m.heapTotal,
      external: m.external,
      sockets: ctx.realtime?.localSockets ?? 0,
      node: ctx.config.nodeId,
      uptime: Math.round(process.uptime()),
    });
  });
  return r;
}
