import { chainTimeZone, checkPdRow, importedDayInstant, type PdImport } from "@loupe/domain";
import { importedPdSourceId, importPds, removeImportedPds } from "../../pds";
import type { ImportKindHandler } from "../import-kind";
import { cellErrors, parentOf } from "./cell-errors";

// PDs and fitting heights (issue 46): checked by the PD screen's schema (limits, half steps),
// written by the PDs module under the "Imported from another system" source.

export const pdsKind: ImportKindHandler<PdImport, { sourceId: number | null }> = {
  kind: "pds",
  async load(db) {
    return { sourceId: await importedPdSourceId(db) };
  },
  check(row, ctx) {
    const checked = checkPdRow(row.values, { sourceId: ctx.loaded.sourceId ?? 0, today: ctx.today });
    if (!checked.ok) return { ok: false, errors: cellErrors(row, checked.errors) };
    return { ok: true, record: checked.record, outletId: null };
  },
  async write(tx, rows, ctx) {
    const zone = chainTimeZone(ctx.country);
    const ids = await importPds(
      tx,
      rows.map((r) => ({
        customerId: parentOf(r),
        pd: r.record,
        createdAt: importedDayInstant(r.record.measuredOn, zone),
        importedBy: ctx.actor.id,
      })),
    );
    return ids.map((recordId) => ({ outcome: "created" as const, recordId }));
  },
  undo: (tx, ids) => removeImportedPds(tx, ids),
};
