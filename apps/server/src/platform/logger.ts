import { randomUUID } from "node:crypto";
import type { FastifyServerOptions } from "fastify";

/**
 * What reaches the log. Customer records are health information, so a log line carries ids,
 * routes and outcomes, never values: no query strings (searches hold names, phones and e-mails),
 * no headers (the bearer token), no bodies, and no SQL parameters of a failed query.
 */

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A request id per request; a well-formed one from a trusted edge (X-Request-Id) is kept so logs join up. */
export function requestIdFor(header: unknown): string {
  return typeof header === "string" && REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * What a log line names as the request's address: its route pattern
 * (`/shop-api/receipt/show/:orderId/:token`, `/api/staff/customers/:id`), never the path the client
 * sent, which holds tokens, ids and whatever a caller typed (issue 25); `[unmatched]` when no route
 * matched. The request id joins the line to the access log, which keeps the ids.
 */
export function loggedUrl(req: { routeOptions?: { url?: string } }): string {
  return req.routeOptions?.url ?? "[unmatched]";
}

/** The path without its query string: `/api/v4/users?q=0412…` becomes `/api/v4/users`. */
export function pathOnly(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const cut = url.indexOf("?");
  return cut === -1 ? url : url.slice(0, cut);
}

// drizzle wraps a failed statement as "Failed query: <sql>\nparams: <values>"; the values are customer data.
const PARAMS = /\n?params:[\s\S]*$/;
// Postgres echoes the offending values in messages like `Key (email)=(a@b.c) already exists`.
const VALUE_ECHO = /=\([^)]*\)/g;

// ... and quotes them in its own messages: `invalid input syntax for type integer: "NaN"`,
// `value "99999999999" is out of range`, `invalid byte sequence for encoding "UTF8": 0x00`.
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const BYTES = /: 0x[0-9a-f]{2}(?: 0x[0-9a-f]{2})*/gi;

/**
 * A message without the values a client sent. A drizzle "Failed query" keeps its SQL (identifiers
 * are ours, values are parameters) and loses its params; any other message, such as PostgreSQL's
 * own, loses every quoted string and byte dump, where it echoes the offending value.
 */
export function scrubMessage(message: string): string {
  const cut = message.replace(PARAMS, " params: [redacted]").replace(VALUE_ECHO, "=([redacted])");
  return cut.startsWith("Failed query:")
    ? cut
    : cut.replace(QUOTED, '"[redacted]"').replace(BYTES, ": [bytes]");
}

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  cause?: unknown;
  routine?: unknown;
}

/** An error as support needs it: type, code and where it happened; the values involved are cut out. */
export function serializeError(
  err: unknown,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!err || typeof err !== "object") return { type: "Error", message: String(err), stack: "" };
  const e = err as LoggableError;
  const message = scrubMessage(String(e.message ?? ""));
  const frames = (e.stack ?? "").split("\n").filter((l) => /^\s+at /.test(l));
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: e.name ?? "Error",
    message,
    stack: [`${e.name ?? "Error"}: ${message}`, ...frames].join("\n"),
  };
  if (typeof e.code === "string" || typeof e.code === "number") out.code = e.code;
  if (typeof e.routine === "string") out.routine = e.routine;
  if (e.cause && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (req: { id?: string; method?: string; routeOptions?: { url?: string } }) => ({
        id: req.id,
        method: req.method,
        url: loggedUrl(req),
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: (err: unknown) => serializeError(err),
    },
    // A last line of defence for fields a future log call might add by mistake.
    redact: {
      paths: [
        "authorization",
        "token",
        "password",
        "body",
        "text",
        "html",
        "link",
        "*.authorization",
        "*.token",
        "*.password",
        "*.body",
        "*.text",
        "*.html",
        "*.link",
        "headers.authorization",
        "req.headers.authorization",
      ],
      censor: "[redacted]",
    },
  };
}
