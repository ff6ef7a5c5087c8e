/**
 * PostgreSQL's answers that mean "not now" rather than "not this": the server is shutting down,
 * starting up or out of connections (class 08 and these), a statement ran past statement_timeout,
 * or a failover left us on a read-only standby.
 */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "25006"]);

/** The socket's errors when the database's host refuses, drops or never answers a connection. */
const UNAVAILABLE_SYSCALL_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * node-postgres says these in words only: a connection that ended under a statement, the pool's
 * wait for a connection running out (connectionTimeoutMillis), a client already broken.
 */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Whether a failure means the database cannot be reached or cannot serve right now, so the request
 * may succeed if sent again later (503 with Retry-After; ADR 0055). Looks through the causes an
 * error carries (Drizzle wraps the driver's error in its own) and an AggregateError's parts (one
 * refused connection per address of the host).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string") {
    if (/^08[0-9A-Z]{3}$/.test(e.code) || UNAVAILABLE_SQLSTATES.has(e.code)) return true;
    if (UNAVAILABLE_SYSCALL_CODES.has(e.code)) return true;
  }
  if (typeof e.message === "string" && UNAVAILABLE_MESSAGES.some((m) => m.test(e.message as string)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
