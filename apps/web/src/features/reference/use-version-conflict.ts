import { useCallback, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { versionConflictText } from "../../lib/conflict";
import { errorText } from "../../lib/errors";
import { useUserTimeZone } from "./use-date-format";

/**
 * The edit forms' side of optimistic locking (ADR 0007).
 *
 * @example
 *   const conflict = useVersionConflict();
 *   catch (err) { if (!conflict.take(err)) setServerErrors(errorList(err)); }
 *   {conflict.message && <ConflictAlert message={conflict.message} reloading={conflict.reloading}
 *     onReload={() => conflict.reload(async () => { const fresh = await refetch(); resetForm(fresh); })} />}
 */
export function useVersionConflict() {
  const timeZone = useUserTimeZone();
  const [message, setMessage] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);

  /** Shows a version conflict and answers true; answers false (showing nothing) for any other failure. */
  const take = useCallback(
    (err: unknown): boolean => {
      const text = versionConflictText(err, timeZone);
      if (text) setMessage(text);
      return text !== null;
    },
    [timeZone],
  );

  /** Runs the form's reload (refetch the record, reset the form); the notice goes once it has worked. */
  const reload = useCallback(async (load: () => Promise<void>) => {
    setReloading(true);
    try {
      await load();
      setMessage(null);
    } catch (err) {
      setMessage(
        err instanceof Error && !(err instanceof ApiError)
          ? err.message
          : errorText(err, "The record could not be reloaded."),
      );
    } finally {
      setReloading(false);
    }
  }, []);

  const clear = useCallback(() => setMessage(null), []);
  return { message, reloading, take, reload, clear };
}

/**
 * For list actions (delete) that have no form to keep: the text of a failure, worded in the user's
 * zone when it was a version conflict, and whether it was one (the caller then refetches the list).
 */
export function useFailureText() {
  const timeZone = useUserTimeZone();
  return useCallback(
    (err: unknown, fallback?: string) => {
      const conflict = versionConflictText(err, timeZone);
      return { text: conflict ?? errorText(err, fallback), conflict: conflict !== null };
    },
    [timeZone],
  );
}
