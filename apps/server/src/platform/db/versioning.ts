import type { VersionConflictDetails } from "@loupe/contract";
import { timeZoneForRegion, versionConflictMessage } from "@loupe/domain";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { AppError, validationError } from "../http/app-error";

/**
 * Optimistic locking shared by the versioned records (ADR 0007): customers, prescriptions, PDs,
 * addresses, notes and message templates. The version check and the write are one statement
 * (`UPDATE … WHERE id = $1 AND version = $2 RETURNING`), so of several edits made from the same
 * read exactly one wins; only when that statement touched nothing do we read again, to tell a
 * missing record (404) from a stale one (409 naming who changed it and when).
 */
export type VersionedTable = PgTable & {
  id: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
  updatedBy: PgColumn;
};

/** Who is editing: their id is recorded as the last changer, their region picks the message's zone. */
export interface Editor {
  id: number;
  regionId: number | null;
  /** Their outlet: the message's time is on its clock (ADR 0035). */
  outletId?: number | null;
  /** The zone already worked out, when the caller has it. */
  timeZone?: string;
}

/** The version a client sent back, from a body field or the `version` query; absent means "unchecked". */
export function readVersion(value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1)
    throw validationError({ version: ["The version field must be a positive whole number."] });
  return n;
}

/** `id = $1 [AND version = $2] [AND extra]`: the one condition every versioned write uses. */
export function matchVersion(table: VersionedTable, id: number, expected?: number, extra?: SQL): SQL {
  return and(
    eq(table.id, id),
    expected === undefined ? undefined : eq(table.version, expected),
    extra,
  ) as SQL;
}

/** The columns every update sets besides its own: the next version, the time and the editor. */
export function nextVersion(table: VersionedTable, editor: { id: number } | null) {
  return {
    version: sql`${table.version} + 1`,
    updatedAt: new Date(),
    updatedBy: editor?.id ?? null,
  };
}

export function versionConflict(
  record: string,
  id: number,
  expected: number,
  row: {
    version: number;
    updatedAt: Date;
    updatedBy: number | null;
    firstName: string | null;
    lastName: string | null;
  },
  editor: Editor,
): AppError {
  const fullName = row.firstName != null ? `${row.firstName} ${row.lastName ?? ""}`.trim() : null;
  const details: VersionConflictDetails = {
    record,
    id,
    expected_version: expected,
    current_version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy != null && fullName ? { id: row.updatedBy, full_name: fullName } : null,
  };
  const message = versionConflictMessage({
    record,
    by: details.updated_by?.full_name ?? null,
    at: row.updatedAt,
    timeZone: editor.timeZone ?? timeZoneForRegion(editor.regionId),
  });
  return new AppError("conflict", message, undefined, { versionConflict: details });
}
