import { type ErrorCode, type ErrorEnvelope, errorCodes } from "@loupe/contract";
import type { FastifyError, FastifyInstance } from "fastify";
import { ZodError } from "zod";
import { AppError } from "./app-error";
import { fieldMessage } from "./validate";

function envelope(code: ErrorCode, message: string, errors?: Record<string, string[]>): ErrorEnvelope {
  return errors ? { code, message, error: message, errors } : { code, message, error: message };
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
        return reply.status(errorCodes[err.code]).send(envelope(err.code, err.message, err.errors));
      }
      if (err instanceof ZodError) {
        const errors: Record<string, string[]> = {};
        for (const issue of err.issues) {
          const field = issue.path.join(".") || "body";
          (errors[field] ??= []).push(fieldMessage(field, issue.code, issue.message));
        }
        const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
        return reply.status(422).send(envelope("validation_failed", first, errors));
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
        return reply.status(422).send(envelope("validation_failed", first, errors));
      }
      const status = err.statusCode ?? 500;
      if (status === 413)
        return reply.status(413).send(envelope("payload_too_large", "The request body is too large."));
      if (status === 415)
        return reply
          .status(415)
          .send(envelope("unsupported_media_type", err.message || "Unsupported media type."));
      if (status === 429)
        return reply.status(429).send(envelope("rate_limited", err.message || "Too many requests."));
      if (status >= 400 && status < 500) {
        const message =
          err.code === "FST_ERR_CTP_INVALID_JSON_BODY" ? "The request body is not valid JSON." : err.message;
        return reply.status(status).send(envelope(status === 404 ? "not_found" : "bad_request", message));
      }
      req.log.error({ err }, "unhandled error");
      return reply
        .status(500)
        .send(envelope("internal", "Something went wrong on our side. Please try again."));
    },
  );
}
