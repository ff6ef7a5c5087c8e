import type { z } from "zod";
import { validationError } from "./app-error";

/** Runs a domain schema and turns its issues into a field-keyed 422, the spec's messages intact. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (errors[issue.path.join(".") || "body"] ??= []).push(issue.message);
  throw validationError(errors);
}
