import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { type Editor, type VersionedTable, versionConflict } from "../../platform/db/versioning";
import type { AppError } from "../../platform/http/app-error";
import { outletTimeZoneOf } from "../reference";
import { staffUsers } from "./staff.tables";

// The version check's second read (ADR 0007): who made the newer version, from the staff table.

/**
 * After a versioned write touched no row: the error to answer. A record that is gone (or does not
 * match `extra`) is `missing`; one whose version moved on is a 409 that names who and when.
 */
export async function staleOrMissing(
  db: Db,
  table: VersionedTable,
  options: {
    id: number;
    expected: number | undefined;
    record: string;
    editor: Editor;
    missing: () => AppError;
    extra?: SQL;
  },
): Promise<AppError> {
  const [current] = await db
    .select({
      version: table.version,
      updatedAt: table.updatedAt,
      updatedBy: table.updatedBy,
      firstName: staffUsers.firstName,
      lastName: staffUsers.lastName,
    } as any)
    .from(table as any)
    .leftJoin(staffUsers, eq(staffUsers.id, table.updatedBy))
    .where(and(eq(table.id, options.id), options.extra));
  const row = current as
    | {
        version: number;
        updatedAt: Date;
        updatedBy: number | null;
        firstName: string | null;
        lastName: string | null;
      }
    | undefined;
  if (!row || options.expected === undefined || row.version === options.expected) return options.missing();
  const timeZone =
    options.editor.timeZone ?? (await outletTimeZoneOf(db, options.editor.outletId, options.editor.regionId));
  return versionConflict(options.record, options.id, options.expected, row, { ...options.editor, timeZone });
}

/** The 409 of a stale edit, naming who saved first and when in the editor's zone (ADR 0007). */
