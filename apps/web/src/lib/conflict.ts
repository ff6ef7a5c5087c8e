/**
 * Lost-edit refusals (ADR 0007): a 409 `conflict` whose `details.versionConflict` says who changed
 * the record and when. The server's message uses the editor's region; the web re-words it in the
 * zone of the outlet the user is working at, from the same domain rule.
 */
import type { VersionConflictDetails } from "@loupe/contract";
import { versionConflictMessage } from "@loupe/domain";
import { ApiError } from "./api-client";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * The contract's `versionConflictDetails`, checked by hand: every edit form reads it, and a screen
 * opened cold loads no zod for it (issue 31). conflict.test.tsx holds the check to the schema.
 */
export function isVersionConflictDetails(v: unknown): v is VersionConflictDetails {
  if (!isObject(v)) return false;
  const by = v.updated_by;
  return (
    typeof v.record === "string" &&
    typeof v.id === "number" &&
    typeof v.expected_version === "number" &&
    typeof v.current_version === "number" &&
    typeof v.updated_at === "string" &&
    (by === null || (isObject(by) && typeof by.id === "number" && typeof by.full_name === "string"))
  );
}

/** The conflict facts of a failed call, or null when it was some other failure. */
export function versionConflictOf(err: unknown): VersionConflictDetails | null {
  if (!(err instanceof ApiError) || err.status !== 409 || err.code !== "conflict") return null;
  const details = (err.body.details as Record<string, unknown> | undefined)?.versionConflict;
  return isVersionConflictDetails(details) ? details : null;
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
