import { chainTimeZone, checkNoteRow, importedDayInstant, type NoteImport } from "@loupe/domain";
import { importNotes, removeImportedNotes } from "../../notes";
import type { ImportKindHandler } from "../import-kind";
import { cellErrors, parentOf } from "./cell-errors";

// A customer's notes (issue 46): the note screen's limits; the author, no Loupe user, signs the text.

export const notesKind: ImportKindHandler<NoteImport> = {
  kind: "notes",
  check(row, ctx) {
    const checked = checkNoteRow(row.values, { today: ctx.today });
    if (!checked.ok) return { ok: false, errors: cellErrors(row, checked.errors) };
    return { ok: true, record: checked.record, outletId: null };
  },
  async write(tx, rows, ctx) {
    const zone = chainTimeZone(ctx.country);
    const ids = await importNotes(
      tx,
      rows.map((r) => ({
        customerId: parentOf(r),
        content: r.record.content,
        createdAt: importedDayInstant(r.record.writtenOn, zone),
        importedBy: ctx.actor.id,
      })),
    );
    return ids.map((recordId) => ({ outcome: "created" as const, recordId }));
  },
  undo: (tx, ids) => removeImportedNotes(tx, ids),
};
