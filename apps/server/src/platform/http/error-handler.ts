import { type ErrorCode, type ErrorEnvelope, errorCodes } from "@loupe/contract";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { ZodError } from "zod";
import { AppError } from "./app-error";

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
        for (const issue of err.issues) (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
        const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
        return reply.status(422).send(errorBody(req, "validation_failed", first, errors));
      }
      if (err.validation) {
        const errors: Record<string, string[]> = {};
        for (const v of err.validation) {
          const field = fieldName(v.instancePath ?? "", err.validationContext);
          const leaf = field.split(".").pop() ?? field;
          if (v.keyword === "unrecognized_keys") {
            for (const key of (v.params?.keys ?? []) as string[]) {
              (errors[key] ??= []).push(`The ${key} field is not allowed.`);
            }
            continue;
          }
          const message: string = v.message ?? "is invalid";
          // Zod's wording names no field; staff forms need the field, in the spec's "The x field…" style.
          const text =
            v.keyword === "invalid_type" && /received undefined/.test(message)
              ? `The ${leaf} field is required.`
              : /^(Invalid|Too (small|big)|Expected)/.test(message)
                ? `The ${leaf} field is invalid: ${message.charAt(0).toLowerCase()}${message.slice(1)}`
                : message;
          (errors[field] ??= []).push(text);
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
      req.log.error({ err }, "unhandled error");
      return reply
        .status(500)
        .send(errorBody(req, "internal", "Something went wrong on our side. Please try again."));
    },
  );
}
