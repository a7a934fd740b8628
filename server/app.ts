import express, { Router, type RequestHandler } from "express";
import helmet from "helmet";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import { pino, type Logger } from "pino";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { LISTEN_BACKLOG, type Config } from "./config";
import { openDb, migrate, type DbHandle } from "./db";
import { AppEvents, type AppContext } from "./context";
import { authenticate } from "./auth/middleware";
import { HttpError, badRequest, errorHandler, notFound } from "./errors";
import { authRoutes } from "./auth/routes";
import { createStorage } from "./storage";
import { LIMITS } from "@shared/constants";
import { mountFeatureRoutes, SOCKET_COMMANDS } from "./features";
import { attachRealtime } from "./realtime/handshake";
import { filesBodyParser } from "./features/files/upload";
import { LOG_REDACT, REDACTED, redactRequest } from "./log-redaction";
import { httpMetrics, metricsEndpoint, readyRoute } from "./ops/routes";
import { apiDescriptions } from "./ops/openapi/routes";
import { closeSfu } from "./features/sfu/service";
import { DEFAULT_CLIENT_DIR } from "./realtime/build";
import { inputProblem } from "./input-guard";

export interface RunningApp {
  ctx: AppContext;
  server: http.Server;
  url: string;
  close: () => Promise<void>;
}


// NUL in the URL itself (refuseBadPath); bodies and queries are checked by ./input-guard.ts.
const NUL = "\u0000";

/** Refuses bad input every route would otherwise have to refuse itself, before any route runs (the socket dispatcher runs the same guard). */
function refuseBadBody(): RequestHandler {
  return (req, _res, next) => {
    const problem = inputProblem(req.query, "") ?? inputProblem(req.body, "");
    next(problem ? badRequest(problem) : undefined);
  };
}

// Multipart bodies are read by the upload routes themselves; anywhere else they would arrive unread (as no body at all).
const MULTIPART_PATHS = /^\/(files|upload|recordings\/[^/]+)\/?$/;
// Recording chunks arrive as raw media bytes, read by their route as a stream.
const RAW_PATHS = /^\/recordings\/[^/]+\/chunks\/[^/]+\/?$/;

/**
 * A body the API does not read is refused (415) rather than treated as an empty one: a create
 * with an XML or text body must not store a row of defaults.
 */
function refuseUnreadBody(): RequestHandler {
  return (req, _res, next) => {
    const hasBody = req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";
    if (!hasBody || RAW_PATHS.test(req.path)) return next();
    const kind = req.is(["application/json", "application/*+json", "application/x-www-form-urlencoded", "multipart/form-data"]);
    if (kind === "multipart/form-data" && MULTIPART_PATHS.test(req.path)) return next();
    if (kind && kind !== "multipart/form-data") return next();
    next(new HttpError(415, "Unsupported content type: send JSON (application/json) or a form (application/x-www-form-urlencoded)"));
  };
}

function splitOnce(s: string, sep: string): [string, string?] {
  const i = s.indexOf(sep);
  return i < 0 ? [s] : [s.slice(0, i), s.slice(i + 1)];
}

/** A URL that cannot be decoded, or whose path decodes to a NUL, is refused before routing (the router would 500 on it). */
function refuseBadPath(): RequestHandler {
  return (req, _res, next) => {
    const [rawPath, rawQuery = ""] = splitOnce(req.originalUrl, "?");
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
      // The query parser would keep a malformed value as it is; refuse it the same way.
      if (rawQuery) decodeURIComponent(rawQuery.replace(/\+/g, " "));
    } catch {
      return next(badRequest("Malformed percent-encoding in the URL"));
    }
    next(decoded.includes(NUL) ? badRequest("The URL must not contain a NUL character") : undefined);
  };
}

// Socket.IO, ranged requests and stored files (which answer Range and keep their length) are never compressed.
const UNCOMPRESSED = /^\/(socket\.io\/|(api|phpapi)\/(files|download-recording|recordings)(\/|$))/;
function compress(): RequestHandler {
  return compression({
    filter: (req, res) => !req.headers.range && !UNCOMPRESSED.test(req.originalUrl ?? req.url) && compression.filter(req, res),
  });
}

export function buildApi(ctx: AppContext): Router {
  const api = Router();
  // Uploads as base64 JSON need a larger limit than every other body; it only applies to signed-in callers.
  api.use(refuseUnreadBody());
  api.use(filesBodyParser(ctx));
  api.use(express.json({ limit: LIMITS.jsonBodyLimit }));
  api.use(express.urlencoded({ extended: false, limit: LIMITS.jsonBodyLimit }));
  api.use(refuseBadBody());
  // Number("0x1") is 1: the user route's id must be decimal like every other id (the entity routes check their own).
  api.use("/auth/user/:id", (req, _res, next) => {
    next(/^\d{1,10}$/.test(String(req.params.id)) && Number(req.params.id) <= 2_147_483_647 ? undefined : badRequest("id must be a positive whole number"));
  });
  api.use(authenticate(ctx));
  api.get("/health", (_req, res) => {
    res.json({ ok: true });
  });
  api.get("/ready", readyRoute(ctx));
  api.use(apiDescriptions());
  api.use(authRoutes(ctx));
  mountFeatureRoutes(api, ctx);
  api.use((req, _res, next) => next(notFound(`No route for ${req.method} ${req.path}`)));
  return api;
}

export function buildExpress(ctx: AppContext, metricsRouter?: Router): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Only the configured proxy may name the client's address (TRUST_PROXY); by default nobody can,
  // so a forged X-Forwarded-For never changes req.ip or the sign-in limiter's key.
  app.set("trust proxy", ctx.config.trustProxy);
  app.use(refuseBadPath());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          "default-src": ["'self'"],
          "img-src": ["'self'", "data:", "blob:", "https:"],
          "media-src": ["'self'", "blob:", "data:"],
          "connect-src": ["'self'", "ws:", "wss:"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "script-src": ["'self'"],
          "upgrade-insecure-requests": null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  if (ctx.config.logLevel !== "silent") {
    // Credentials never reach the log: headers are removed, secrets in URLs replaced (log-redaction.ts).
    const logger = ctx.log.child({}, { redact: { paths: LOG_REDACT, censor: REDACTED } });
    app.use(pinoHttp({ logger, serializers: { req: redactRequest }, autoLogging: { ignore: (req) => req.url === "/api/health" || req.url === "/api/ready" || req.url === "/metrics" } }));
  }
  app.use(httpMetrics());
  if (metricsRouter) app.use(metricsRouter);
  app.use(compress());
  // engine.io answers everything under /socket.io/ itself; whatever still arrives here (a path
  // engine.io does not claim, such as /socket.io without its slash) is not the web app's either.
  app.use("/socket.io", (req, _res, next) => next(notFound(`No route for ${req.method} ${req.baseUrl}${req.path}`)));
  const api = buildApi(ctx);
  app.use("/api", api);
  app.use("/phpapi", api);
  const clientDist = ctx.config.clientDir ?? DEFAULT_CLIENT_DIR;
  if (fs.existsSync(path.join(clientDist, "index.html"))) {
    const assetsDir = path.join(clientDist, "assets") + path.sep;
    // The build writes each script and stylesheet compressed beside it (vite.config.ts): they are
    // sent as they are, brotli first, rather than compressed again per request. Files under
    // /assets/ have their content's hash in their name, so browsers may keep them for good.
    app.use(
      expressStaticGzip(clientDist, {
        enableBrotli: true,
        orderPreference: ["br", "gzip"],
        index: false,
        serveStatic: {
          index: false,
          maxAge: "1h",
          setHeaders: (res, file) => {
            if (file.startsWith(assetsDir)) res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
          },
        },
      }),
    );
    // The client routes by the last path segment, so every other GET serves the app.
    app.get(/.*/, (_req, res) => {
      res.sendFile(path.join(clientDist, "index.html"));
    });
  }
  app.use(errorHandler(ctx.log));
  return app;
}

export interface StartOptions {
  config: Config;
  /** Use an existing database handle (tests); otherwise one is opened from config. */
  dbHandle?: DbHandle;
  logger?: Logger;
  seed?: boolean;
}

export async function startApp(opts: StartOptions): Promise<RunningApp> {
  const { config } = opts;
  const log = opts.logger ?? pino({ level: config.logLevel });
  const handle =
    opts.dbHandle ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, "db"),
      // The embedded database's one session, waited for too long: docs/architecture.md, "The embedded database".
      onStall: (stall) => log.error(stall, "a query has waited for the embedded database's session"),
      onSlowQuery: (slow) => log.warn(slow, "slow query"),
    }));
  await migrate(handle.db);
  const ctx: AppContext = { config, db: handle.db, log, events: new AppEvents(), storage: await createStorage(config) };
  if (opts.seed !== false) {
    const { seed } = await import("./seed/index");
    await seed(ctx);
  }
  // Realtime first: it may add its services to ctx before the routes that use them are built. But
  // the HTTP listener must be registered before Socket.IO attaches: engine.io wraps the listeners
  // it finds and hands them only requests outside its path. A listener added afterwards would also
  // get every long-polling request, answer it with the web app while engine.io held it open, and
  // engine.io's later reply would throw ERR_HTTP_HEADERS_SENT and end the process.
  let web: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => web(req, res));
  // Longer than a proxy's idle timeout, so a reused connection is never closed under a request.
  server.keepAliveTimeout = 65_000;
  const realtime = await attachRealtime(server, ctx, SOCKET_COMMANDS);
  const ops = metricsEndpoint(ctx);
  web = buildExpress(ctx, ops.router);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : config.port;
  return {
    ctx,
    server,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      ops.close();
      await ctx.consumers?.stop();
      await realtime.close();
      await closeSfu(ctx);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!opts.dbHandle) await handle.close();
    },
  };
}
