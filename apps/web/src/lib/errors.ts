import { ApiError } from "./api-client";

/** The alert text for a failure, the spec's way: the server's error, else its message, else "Error". */
export function errorText(err: unknown, fallback = "Error"): string {
  if (err instanceof ApiError) {
    const { error, message } = err.body;
    if (typeof error === "string" && error) return error;
    if (typeof message === "string" && message) return message;
    return fallback;
  }
  if (err instanceof Error && err.message) return `Exception: ${err.message}`;
  return fallback;
}

/** Every field message of a failed call, for forms that list server errors above the fields. */
export function errorList(err: unknown): string[] {
  if (err instanceof ApiError && Object.keys(err.errors).length) return Object.values(err.errors).flat();
  return [errorText(err)];
}
