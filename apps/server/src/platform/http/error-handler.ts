import { type ErrorCode, type ErrorEnvelope, errorCodes } from "@loupe/contract";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { isDatabaseUnavailable } from "../db/unavailable";
import { AppError } from "./app-error";
import { fieldMessage } from "./validate";

const SECURITY_EVENTS = new Set<ErrorCode>(["unauthenticated", "forbidden", "rate_limited"]);

/** The one error body; the request id lets support find the matching log line. */
export function errorBody(
  req: FastifyRequest,
  code: ErrorCode,
  message: string,
  errors?: Record<string, string[]>,
  details?: Record<string, unknown>,
): ErrorEnvelope {
  const body: ErrorEnvelope = { code, message, error: message, request_id: req.id };
  if (errors) body.errors = errors;
  if (details) body.details = details;
  return body;
}

function fieldName(path: string, context?: string): string {
  const name = path.replace(/^\//, "").replace(/\//g, ".");
  return name || context || "body";
}

/** What a value that slipped past validation and was refused by PostgreSQL itself is answered with. */
export const UNSTORABLE_VALUE = "A value in the request cannot be stored (out of range or not valid text).";

/** What a request is answered while the database is unavailable (503). */
export const UNAVAILABLE_MESSAGE = "The service is briefly unavailable. Please try again in a few seconds.";
/** How long a client is told to wait before sending the request again. */
export const RETRY_AFTER_SECONDS = 5;

/** The driver's code or first words, for the log line: enough to tell a refusal from a timeout. */
function unavailableReason(err: unknown): string {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === "string") return e.code;
    if (!e.cause) return typeof e.message === "string" ? e.message.slice(0, 60) : "unknown";
    e = e.cause as typeof e;
  }
  return "unknown";
}

/** PostgreSQL's "data exception" class (22xxx: out of range, NUL in text, bad encoding, bad date…). */
function dataException(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === "string" ? e.code : e.cause?.code;
  return typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code) ? code : undefined;
}

/** Maps every failure onto the one envelope: known codes keep their status, the rest are a bare 500. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(
    (err: FastifyError & { validation?: any[]; validationContext?: string }, req, reply) => {
      if (err instanceof AppError) {
        if (SECURITY_EVENTS.has(err.code)) {
          // Refusals are security events (ASVS 16.3): who and what, never the values sent.
          req.log.warn(
            { event: `refused.${err.code}`, staffId: req.staff?.id ?? null, route: req.routeOptions?.url },
            err.code,
          );
        }
        return reply
          .status(errorCodes[err.code])
          .send(errorBody(req, err.code, err.message, err.errors, err.details));
      }
      if (err instanceof ZodError) {
        const errors: Record<string, string[]> = {};
        for (const issue of err.issues) {
          const field = issue.path.join(".") || "body";
          (errors[field] ??= []).push(fieldMessage(field, issue.code, issue.message));
        }
        const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
        return reply.status(422).send(errorBody(req, "validation_failed", first, errors));
      }
      if (err.validation) {
        const errors: Record<string, string[]> = {};
        for (const v of err.validation) {
          const field = fieldName(v.instancePath ?? "", err.validationContext);
          if (v.keyword === "unrecognized_keys") {
            for (const key of (v.params?.keys ?? []) as string[]) {
              (errors[key] ??= []).push(`The ${key} field is not allowed.`);
            }
            continue;
          }
          (errors[field] ??= []).push(fieldMessage(field, v.keyword, v.message ?? "is invalid"));
        }
        const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
        return reply.status(422).send(errorBody(req, "validation_failed", first, errors));
      }
      const status = err.statusCode ?? 500;
      if (status === 413)
        return reply.status(413).send(errorBody(req, "payload_too_large", "The request body is too large."));
      if (status === 415)
        return reply
          .status(415)
          .send(errorBody(req, "unsupported_media_type", err.message || "Unsupported media type."));
      if (status === 429)
        return reply.status(429).send(errorBody(req, "rate_limited", err.message || "Too many requests."));
      if (status >= 400 && status < 500) {
        const message =
          err.code === "FST_ERR_CTP_INVALID_JSON_BODY" ? "The request body is not valid JSON." : err.message;
        return reply
          .status(status)
          .send(errorBody(req, status === 404 ? "not_found" : "bad_request", message));
      }
      if (isDatabaseUnavailable(err)) {
        // Not the request's fault and not a bug: the database is down, restarting or saturated.
        // Whatever the statement was, it did not commit (or its caller never heard that it did), so
        // the client may send it again; a warning per request, without the statement's values.
        req.log.warn(
          { event: "database.unavailable", route: req.routeOptions?.url, reason: unavailableReason(err) },
          "database unavailable",
        );
        return reply
          .status(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .send(errorBody(req, "unavailable", UNAVAILABLE_MESSAGE));
      }
      const sqlState = dataException(err);
      if (sqlState) {
        // A safety net, not the rule: shared schemas and the binder refuse these by field name. If
        // one gets here, validation has a gap (logged in full to close it); the caller still sent a
        // bad value, so it is a 400, and the statement failed, so nothing was written by it.
        req.log.error({ err, sqlState }, "a request value reached the database unvalidated");
        return reply.status(400).send(errorBody(req, "bad_request", UNSTORABLE_VALUE));
      }
      req.log.error({ err }, "unhandled error");
      return reply
        .status(500)
        .send(errorBody(req, "internal", "Something went wrong on our side. Please try again."));
    },
  );
}
