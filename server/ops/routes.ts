// The operations endpoints (docs/operations.md, "Monitoring"): GET /metrics in Prometheus' text format for a
// scraper holding METRICS_TOKEN or calling from loopback without a proxy in between, GET
// /api/ready for load balancers, and the HTTP latency middleware.
import crypto from "node:crypto";
import { Router, type Request, type RequestHandler } from "express";
import type { AppContext } from "../context";
import { MESSAGES } from "@shared/constants";
import { metrics, registry, setCountSource } from "./metrics";
import { checkReadiness } from "./readiness";
import { readDbCounts } from "./repository";
import { isLocalCaller } from "./local-caller";

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash("sha256").update(given).digest();
  const b = crypto.createHash("sha256").update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** A scraper with the token, or a caller on this machine that no proxy forwarded. */
export function mayScrape(req: Request, token: string | undefined): boolean {
  const h = req.headers.authorization;
  if (token && h && /^Bearer\s+/i.test(h)) return sameSecret(h.replace(/^Bearer\s+/i, "").trim(), token);
  return isLocalCaller(req);
}

/** The /metrics router, and the function that detaches the app's database from the gauges. */
export function metricsEndpoint(ctx: AppContext): { router: Router; close: () => void } {
  const r = Router();
  const close = setCountSource(() => readDbCounts(ctx.db));
  r.get("/metrics", async (req, res) => {
    if (!mayScrape(req, ctx.config.metricsToken)) {
      res.status(ctx.config.metricsToken ? 401 : 403).json({ error: ctx.config.metricsToken ? MESSAGES.notAuthenticated : MESSAGES.forbidden });
      return;
    }
    res.setHeader("Content-Type", registry.contentType);
    res.setHeader("Cache-Control", "no-store");
    res.end(await registry.metrics());
  });
  return { router: r, close };
}

/** Readiness: 200 when every dependency answers, else 503 with which one did not. */
export function readyRoute(ctx: AppContext): RequestHandler {
  return async (_req, res) => {
    const r = await checkReadiness(ctx);
    res.setHeader("Cache-Control", "no-store");
    res.status(r.ready ? 200 : 503).json(r.ready ? { status: "ready", checks: r.checks } : { status: "unavailable", error: MESSAGES.serviceUnavailable, checks: r.checks });
  };
}

/**
 * Times every HTTP request under its route pattern (`/api/entities/:table/:id`, never the raw
 * path, so the label stays bounded); requests no route matched count as `unmatched`.
 */
export function httpMetrics(): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      const pattern = req.route?.path;
      const route = typeof pattern === "string" ? `${req.baseUrl}${pattern}` : pattern ? "static" : "unmatched";
      metrics.httpRequest(req.method, route, res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  };
}
