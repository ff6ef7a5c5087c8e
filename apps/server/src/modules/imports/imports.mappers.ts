import type { ImportBatchWire, ImportPresetWire } from "@loupe/contract";
import type { ImportBatchRow } from "./imports.engine";
import type { importPresets } from "./imports.tables";

export type ImportPresetRow = typeof importPresets.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** States in which the run's figures (not the dry run's) are the batch's. */
export const RUN_STATES = new Set(["running", "paused", "imported", "undoing", "undone", "final"]);

export function toBatchWire(b: ImportBatchRow, createdByName: string | null): ImportBatchWire {
  const total = b.rowsInFile;
  const rate = b.runSeconds > 0 && b.runRowsDone > 0 ? b.runRowsDone / b.runSeconds : null;
  const active = b.state === "running" || b.state === "checking";
  return {
    id: b.id,
    kind: b.kind,
    source_system: b.sourceSystem,
    file_name: b.fileName,
    file_bytes: b.fileBytes,
    encoding: b.encoding,
    delimiter: b.delimiter,
    columns: b.columns,
    preview_rows: b.previewRows,
    mapping: b.mapping,
    value_maps: b.valueMaps,
    date_format: b.dateFormat,
    preset_id: b.presetId,
    state: b.state,
    error: b.error,
    counts: {
      rows_in_file: total,
      rows_ok: b.rowsOk,
      rows_rejected: b.rowsRejected,
      created: b.created,
      merged: b.merged,
      already_imported: b.alreadyImported,
    },
    progress: {
      rows_done: b.rowsDone,
      rows_total: total,
      rows_per_second: rate === null ? null : Math.round(rate),
      seconds_left:
        rate && total !== null && active ? Math.max(0, Math.round((total - b.rowsDone) / rate)) : null,
      started_at: iso(b.startedAt),
    },
    checked_at: iso(b.checkedAt),
    imported_at: iso(b.importedAt),
    final_at: iso(b.finalAt),
    undone_at: iso(b.undoneAt),
    created_by: b.createdBy !== null ? { id: b.createdBy, name: createdByName ?? "" } : null,
    created_at: b.createdAt.toISOString(),
    version: b.version,
  };
}

export function toPresetWire(p: ImportPresetRow, updatedByName: string | null): ImportPresetWire {
  return {
    id: p.id,
    name: p.name,
    source_system: p.sourceSystem,
    kind: p.kind,
    mapping: p.mapping,
    value_maps: p.valueMaps,
    date_format: p.dateFormat,
    updated_at: p.updatedAt.toISOString(),
    updated_by: updatedByName,
    version: p.version,
  };
}
