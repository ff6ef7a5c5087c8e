import type { ImportFieldError } from "@loupe/domain";
import type { ImportCellError, ImportRowInput } from "../import-kind";

/** The domain's refused fields as the dry-run report names them: the file's column and its cell as written. */
export const cellErrors = (row: ImportRowInput, errors: readonly ImportFieldError[]): ImportCellError[] =>
  errors.map((e) => ({
    field: e.field,
    column: row.columnOf(e.field),
    value: row.rawOf(e.field),
    reason: e.reason,
  }));

/** A checked row's parent (its customer or job): the engine resolved it before the write, so it is there. */
export function parentOf(row: { parentId: number | null; line: number }): number {
  if (row.parentId == null) throw new Error(`Line ${row.line} reached the write without its parent.`);
  return row.parentId;
}
