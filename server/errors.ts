import type { ErrorRequestHandler } from "express";
import { ZodError } from "zod";
import type { Logger } from "pino";
import { MESSAGES } from "@shared/constants";
import { redactUrl } from "./log-redaction";
import { isUnavailable } from "./ops/unavailable";

/** An error whose message is safe to show to the client, with its HTTP status. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const unauthorized = () => new HttpError(401, MESSAGES.notAuthenticated);
export const forbidden = () => new HttpError(403, MESSAGES.forbidden);
export const notFound = (what = "Not found") => new HttpError(404, what);
/** A dependency (the database, Redis) is away; the client may retry. */
export const serviceUnavailable = () => new HttpError(503, MESSAGES.serviceUnavailable);

export function zodMessage(err: ZodError): string {
  return err.issues
    .slice(0, 5)
    .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
    .join("; ");
}

interface PgLikeError {
  code?: string;
  detail?: string;
  column?: string;
  constraint?: string;
  message?: string;
}

/** Maps database constraint errors to client errors; anything else is a server fault. */
export function fromDbError(err: unknown): HttpError | null {
  const e = err as PgLikeError;
  if (!e || typeof e.code !== "string") return null;
  const detail = (e.detail || e.message || "").slice(0, 300);
  switch (e.code) {
    case "23505":
      return new HttpError(409, `Already exists: ${detail}`);
    case "23503":
      return new HttpError(400, `Referenced row does not exist: ${detail}`);
    case "23502":
      return new HttpError(400, `${e.column ?? "A required field"} is required`);
    case "23514":
      return new HttpError(400, `Invalid value (${e.constraint ?? "check"} failed)`);
    case "22021": // a NUL byte (or bytes invalid in UTF-8) in text
    case "22P05": // \u0000 in jsonb
      return new HttpError(400, "Invalid text: must not contain a NUL character");
    case "54001": // a value nested too deep for the database to read
      return new HttpError(400, "Invalid value: nested too deeply");
    case "22P02":
    case "22007":
    case "22008":
    case "22003":
    case "22001":
      return new HttpError(400, `Invalid value: ${detail}`);
    default:
      return null;
  }
}

export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    void _next;
    let status = 500;
    let message = "Internal server error";
    const bodyErr = err as { type?: string; status?: number; expose?: boolean };
    if (err instanceof HttpError) {
      status = err.status;
      message = err.message;
    } else if (isUnavailable(err)) {
      status = 503;
      message = MESSAGES.serviceUnavailable;
    } else if (err instanceof ZodError) {
      status = 400;
      message = zodMessage(err);
    } else if (bodyErr?.type === "entity.parse.failed") {
      status = 400;
      message = "Malformed JSON body";
    } else if (bodyErr?.type === "entity.too.large") {
      status = 413;
      message = "Request body too large";
    } else if (bodyErr?.expose && typeof bodyErr.status === "number" && bodyErr.status < 500) {
      status = bodyErr.status;
      message = (err as Error).message;
    } else if (err instanceof URIError || (typeof bodyErr?.status === "number" && bodyErr.status >= 400 && bodyErr.status < 500)) {
      // The router could not decode a path parameter ('%E0%A4%A'): the request's fault.
      status = typeof bodyErr?.status === "number" && bodyErr.status < 500 ? bodyErr.status : 400;
      message = err instanceof URIError ? "Malformed percent-encoding in the URL" : "Bad request";
    } else {
      const mapped = fromDbError(err);
      if (mapped) {
        status = mapped.status;
        message = mapped.message;
      }
    }
    // A dependency that is away is an outage the readiness probe reports, not a bug: one line each.
    if (status === 503) log.warn({ url: redactUrl(req.originalUrl), err: (err as Error)?.message }, "request failed: service unavailable");
    else if (status >= 500) log.error({ err, url: redactUrl(req.originalUrl) }, "request failed");
    if (res.headersSent) return;
    res.status(status).json({ error: message });
  };
}
