import type { VersionConflictDetails } from "@loupe/contract";
import { timeZoneForRegion, versionConflictMessage } from "@loupe/domain";
import { AppError } from "../../platform/http/app-error";

/**
 * The 409 of a stale staff-member edit, in the shape every versioned record answers (ADR 0007).
 * Written apart from versioning.ts's `staleOrMissing` because the editor is itself a staff user:
 * naming them needs a self-join that helper cannot express.
 */
export function staffConflict(
  id: number,
  expected: number,
  row: {
    version: number;
    updatedAt: Date;
    updatedBy: number | null;
    firstName: string | null;
    lastName: string | null;
  },
  editor: { regionId: number | null },
): AppError {
  const fullName = row.firstName != null ? `${row.firstName} ${row.lastName ?? ""}`.trim() : null;
  const details: VersionConflictDetails = {
    record: "staff member",
    id,
    expected_version: expected,
    current_version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy != null && fullName ? { id: row.updatedBy, full_name: fullName } : null,
  };
  const message = versionConflictMessage({
    record: "staff member",
    by: details.updated_by?.full_name ?? null,
    at: row.updatedAt,
    timeZone: timeZoneForRegion(editor.regionId),
  });
  return new AppError("conflict", message, undefined, { versionConflict: details });
}
