import express, { Router } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { pino, type Logger } from "pino";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Config } from "./config";
import { openDb, migrate, type DbHandle } from "./db";
import { AppEvents, type AppContext } from "./context";
import { authenticate } from "./auth/middleware";
import { errorHandler, notFound } from "./errors";
import { authRoutes } from "./auth/routes";
import { createStorage } from "./storage";
import { LIMITS } from "@shared/constants";
import { mountFeatureRoutes, SOCKET_COMMANDS } from "./features";
import { attachRealtime } from "./realtime/handshake";
import { filesBodyParser } from "./features/files/upload";

export interface RunningApp {
  ctx: AppContext;
  server: http.Server;
  url: string;
  close: () => Promise<void>;
}

const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/client");

export function buildApi(ctx: AppContext): Router {
  const api = Router();
  // Uploads as base64 JSON need a larger limit than every other body; it only applies to signed-in callers.
  api.use(filesBodyParser(ctx));
  api.use(express.json({ limit: LIMITS.jsonBodyLimit }));
  api.use(express.urlencoded({ extended: false, limit: LIMITS.jsonBodyLimit }));
  api.use(authenticate(ctx));
  api.get("/health", (_req, res) => {
    res.json({ ok: true });
  });
  api.use(authRoutes(ctx));
  mountFeatureRoutes(api, ctx);
  api.use((req, _res, next) => next(notFound(`No route for ${req.method} ${req.path}`)));
  return api;
}

export function buildExpress(ctx: AppContext): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");
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
    app.use(pinoHttp({ logger: ctx.log, autoLogging: { ignore: (req) => req.url === "/api/health" } }));
  }
  const api = buildApi(ctx);
  app.use("/api", api);
  app.use("/phpapi", api);
  if (fs.existsSync(path.join(clientDist, "index.html"))) {
    app.use(express.static(clientDist, { index: false, maxAge: "1h" }));
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
    (await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, "db") }));
  await migrate(handle.db);
  const ctx: AppContext = { config, db: handle.db, log, events: new AppEvents(), storage: await createStorage(config) };
  if (opts.seed !== false) {
    const { seed } = await import("./seed");
    await seed(ctx);
  }
  // Realtime first: it may add its services to ctx before the routes that use them are built.
  const server = http.createServer();
  // Longer than a proxy's idle timeout, so a reused connection is never closed under a request.
  server.keepAliveTimeout = 65_000;
  const realtime = await attachRealtime(server, ctx, SOCKET_COMMANDS);
  server.on("request", buildExpress(ctx));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : config.port;
  return {
    ctx,
    server,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!opts.dbHandle) await handle.close();
    },
  };
}
