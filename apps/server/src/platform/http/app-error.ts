import type { ErrorCode } from "@loupe/contract";

/** The one error type services throw; the error handler turns it into the wire envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Structured facts for the client (e.g. who changed a record, for a 409); sent as `details`. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** A field-level failure: the first message becomes the headline, all of them stay per field. */
export function validationError(errors: Record<string, string[]>): AppError {
  const first = Object.values(errors).flat()[0] ?? "The given data was invalid.";
  return new AppError("validation_failed", first, errors);
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
