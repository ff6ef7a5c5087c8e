/**
 * Turning a failed call into what the spec shows. Screens differ in which field they read
 * (§8: "failure shows data.error" vs "shows data.message"), so both orders are offered.
 *
 * @example
 *   catch (err) { showAlert({ variant: "danger", message: errorText(err) }) }          // data.error first
 *   catch (err) { showAlert({ variant: "danger", message: errorMessage(err) }) }       // data.message first
 *   catch (err) { setServerErrors(errorList(err)) }                                      // list above a form
 *   catch (err) { applyFieldErrors(err, form.setError) || showAlert(...) }              // under the fields
 */
import { ApiError } from "./api-client";

const firstFieldMessage = (err: ApiError): string | undefined => Object.values(err.errors).flat()[0];

function pick(err: unknown, order: ("error" | "message")[], fallback: string): string {
  if (err instanceof ApiError) {
    for (const field of order) {
      const value = err.body[field];
      if (typeof value === "string" && value) return value;
    }
    return firstFieldMessage(err) ?? fallback;
  }
  // Anything that is not an HTTP answer (a thrown bug, a provider SDK error) reads as the spec's "Exception: …".
  if (err instanceof Error && err.message) return `Exception: ${err.message}`;
  return fallback;
}

/** The alert text for a failure: data.error, else data.message, else the first field error, else `fallback`. */
export const errorText = (err: unknown, fallback = "Error"): string =>
  pick(err, ["error", "message"], fallback);

/** Like `errorText`, for the screens whose spec reads data.message first. */
export const errorMessage = (err: unknown, fallback = "Error"): string =>
  pick(err, ["message", "error"], fallback);

/** Every field message of a failed call, for forms that list server errors above the fields. */
export function errorList(err: unknown): string[] {
  if (err instanceof ApiError && Object.keys(err.errors).length) return Object.values(err.errors).flat();
  return [errorText(err)];
}

/**
 * Puts the server's field errors (data.errors) under the matching react-hook-form fields.
 * Answers false when the failure carried none, so the caller can fall back to an alert.
 */
export function applyFieldErrors(
  err: unknown,
  setError: (name: never, error: { type: string; message: string }) => void,
): boolean {
  if (!(err instanceof ApiError)) return false;
  const entries = Object.entries(err.errors).filter(([, messages]) => messages.length > 0);
  for (const [field, messages] of entries)
    setError(field as never, { type: "server", message: messages.join(" ") });
  return entries.length > 0;
}
