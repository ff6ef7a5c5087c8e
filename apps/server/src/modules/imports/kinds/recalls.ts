import {
  checkRecallRow,
  IMPORT_SOURCE_SYSTEM_LABELS,
  type ImportRecallType,
  importedFromText,
  type RecallImport,
} from "@loupe/domain";
import { importRecalls, recallTypesForImport, removeImportedRecalls } from "../../recalls";
import type { ImportKindHandler } from "../import-kind";
import { cellErrors, parentOf } from "./cell-errors";

// Recall due dates (issue 46): the code names one of the recalls module's types; a customer who has
// a recall of that type already is linked to it (merged), never given a second.

export const recallsKind: ImportKindHandler<RecallImport, { recallTypes: ImportRecallType[] }> = {
  kind: "recalls",
  async load(db) {
    return { recallTypes: await recallTypesForImport(db) };
  },
  check(row, ctx) {
    const checked = checkRecallRow(row.values, { recallTypes: ctx.loaded.recallTypes });
    if (!checked.ok) return { ok: false, errors: cellErrors(row, checked.errors) };
    return { ok: true, record: checked.record, outletId: null };
  },
  async write(tx, rows, ctx) {
    const basis = importedFromText(IMPORT_SOURCE_SYSTEM_LABELS[ctx.sourceSystem], ctx.batchId);
    const outcomes = await importRecalls(
      tx,
      rows.map((r) => ({
        customerId: parentOf(r),
        recallTypeIds: r.record.recallTypeIds,
        dueOn: r.record.dueOn,
        basis,
        importedBy: ctx.actor.id,
      })),
      ctx.today,
    );
    return outcomes.map((o) => ({
      outcome: o.created ? ("created" as const) : ("merged" as const),
      recordId: o.recallId,
    }));
  },
  undo: (tx, ids) => removeImportedRecalls(tx, ids),
};
