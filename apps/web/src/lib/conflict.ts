/**
 * Lost-edit refusals (ADR 0007): a 409 `conflict` whose `details.versionConflict` says who changed
 * the record and when. The server's message uses the editor's region; the web re-words it in the
 * zone of the outlet the user is working at, from the same domain rule.
 */
import { type VersionConflictDetails, versionConflictDetails } from "@loupe/contract";
import { versionConflictMessage } from "@loupe/domain";
import { ApiError } from "./api-client";

/** The conflict facts of a failed call, or null when it was some other failure. */
export function versionConflictOf(err: unknown): VersionConflictDetails | null {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== "conflict") return null;
  const parsed = versionConflictDetails.safeParse(
    (err.body.details as Record<string, unknown> | undefined)?.versionConflict,
  );
  return parsed.success ? parsed.data : null;
}

/** "This PD was changed by Jane Smith at 23/11/2026 3:04 pm. Reload to see their changes." */
export function versionConflictText(err: unknown, timeZone: string): string | null {
  const details = versionConflictOf(err);
  if (!details) return null;
  return versionConflictMessage({
    record: details.record,
    by: details.updated_by?.full_name ?? null,
    at: details.updated_at,
    timeZone,
  });
}
