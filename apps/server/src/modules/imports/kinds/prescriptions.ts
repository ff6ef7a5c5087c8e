import {
  chainTimeZone,
  checkPrescriptionRow,
  importedDayInstant,
  type PrescriptionImport,
} from "@loupe/domain";
import {
  importedPrescriptionSourceId,
  importPrescriptions,
  removeImportedPrescriptions,
} from "../../prescriptions";
import type { ImportKindHandler } from "../import-kind";
import { cellErrors, parentOf } from "./cell-errors";

// Spectacle and contact-lens prescriptions (issue 46): checked by the prescription screens' own
// schema, written by the prescriptions module under the "Imported from another system" source.

export const prescriptionsKind: ImportKindHandler<PrescriptionImport, { sourceId: number | null }> = {
  kind: "prescriptions",
  async load(db) {
    return { sourceId: await importedPrescriptionSourceId(db) };
  },
  check(row, ctx) {
    const checked = checkPrescriptionRow(row.values, {
      sourceId: ctx.loaded.sourceId ?? 0,
      today: ctx.today,
    });
    if (!checked.ok) return { ok: false, errors: cellErrors(row, checked.errors) };
    return { ok: true, record: checked.record, outletId: null };
  },
  async write(tx, rows, ctx) {
    const zone = chainTimeZone(ctx.country);
    const ids = await importPrescriptions(
      tx,
      rows.map((r) => ({
        customerId: parentOf(r),
        values: r.record.values,
        createdAt: importedDayInstant(r.record.prescribedOn, zone),
        importedBy: ctx.actor.id,
      })),
    );
    return ids.map((recordId) => ({ outcome: "created" as const, recordId }));
  },
  undo: (tx, ids) => removeImportedPrescriptions(tx, ids),
};
