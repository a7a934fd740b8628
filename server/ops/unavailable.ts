// A dependency that is away (Postgres stopped or restarting, a pool that cannot connect) is not a
// bug: the request is answered 503 "Service unavailable" (a socket command's ack says the same),
// and the client may retry. The server itself stays up and recovers when the dependency returns
// (docs/operations.md, "Failures and recovery").

// Postgres: shutting down, crashed, starting up, connection failures, too many connections.
const PG_CODES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300"]);
const NET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ENOTFOUND"]);
// What pg says when a connection ends under a query, or the pool cannot get one in time.
const PG_TEXT = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Connection ended unexpectedly/i;

/** Whether `err` means a dependency is unreachable rather than that the request or the code is wrong. */
export function isUnavailable(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: unknown; message?: unknown; errors?: unknown; status?: unknown };
  if (e.status === 503) return true;
  if (typeof e.code === "string" && (PG_CODES.has(e.code) || NET_CODES.has(e.code))) return true;
  if (typeof e.message === "string" && PG_TEXT.test(e.message)) return true;
  // Connecting to "localhost" tries every address: Node reports an AggregateError of each failure.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isUnavailable);
}
