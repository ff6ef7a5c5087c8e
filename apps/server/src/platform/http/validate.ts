import type { z } from "zod";
import { validationError } from "./app-error";

/**
 * Zod's own wording names no field; staff forms need the field, in the spec's "The x field…" style.
 * Messages that are already the spec's own (they start otherwise) pass through untouched.
 */
export function fieldMessage(field: string, code: string | undefined, message: string): string {
  const leaf = field.split(".").pop() || field;
  if (code === "invalid_type" && /received undefined/.test(message)) return `The ${leaf} field is required.`;
  if (/^(Invalid|Too (small|big)|Expected)/.test(message))
    return `The ${leaf} field is invalid: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
  return message;
}

/** Runs a domain schema and turns its issues into a field-keyed 422, the spec's messages intact. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "body";
    (errors[field] ??= []).push(fieldMessage(field, issue.code, issue.message));
  }
  throw validationError(errors);
}
