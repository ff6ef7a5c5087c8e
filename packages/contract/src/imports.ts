import {
  IMPORT_DATE_FORMATS,
  IMPORT_KINDS,
  IMPORT_SOURCE_SYSTEMS,
  IMPORT_STATES,
  rowId,
} from "@loupe/domain";
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { dataEnvelope, expectedVersion, idParams, messageEnvelope, pagedEnvelope, qInt } from "./envelope";

// Switching to Loupe (issue 46): a chain's files come in as import batches. One batch is one file
// of one kind from one source system: uploaded, mapped (columns to fields, codes to Loupe's codes,
// the date format), checked by a dry run, imported in batches (paused and resumed), reconciled per
// outlet, then undone as a whole or marked final. Every row is keyed by its source system and source
// record id: a file run twice, or two overlapping files, create nothing twice. Who may: the customer
// rulebook's `import_records` (administrators).

const kind = z.enum(IMPORT_KINDS);
const sourceSystem = z.enum(IMPORT_SOURCE_SYSTEMS);
const dateFormat = z.enum(IMPORT_DATE_FORMATS);

/** Field key → the file's column header it is read from (a field not named is left empty). */
export const importMapping = z.record(z.string().max(60), z.string().max(200));
/** Field key → (the file's value, trimmed, as written → Loupe's code). A value not in the map is a rejected cell. */
export const importValueMaps = z.record(
  z.string().max(60),
  z.record(z.string().max(200), z.string().max(60)),
);

export const importCountsWire = z.object({
  /** Data rows in the file (blank rows not counted); null until the file has been read once. */
  rows_in_file: z.number().nullable(),
  /** Rows the last dry run (or the run) found good / refused. */
  rows_ok: z.number(),
  rows_rejected: z.number(),
  /** Of the run: records made, rows that matched a record Loupe already had (linked, not made), rows already imported before (same source id). */
  created: z.number(),
  merged: z.number(),
  already_imported: z.number(),
});

export const importProgressWire = z.object({
  rows_done: z.number(),
  rows_total: z.number().nullable(),
  rows_per_second: z.number().nullable(),
  seconds_left: z.number().nullable(),
  started_at: z.string().nullable(),
});

export const importBatchWire = z.object({
  id: z.number(),
  kind,
  source_system: sourceSystem,
  file_name: z.string(),
  file_bytes: z.number(),
  /** "utf-8" or "windows-1252", as detected (or as staff set it). */
  encoding: z.string(),
  /** CSV's delimiter as detected (",", ";", "\t", "|"); null for XLSX. */
  delimiter: z.string().nullable(),
  /** The file's header row. */
  columns: z.array(z.string()),
  /** The first rows as the file has them (at most 10), for the mapping screen. */
  preview_rows: z.array(z.array(z.string())),
  mapping: importMapping,
  value_maps: importValueMaps,
  date_format: dateFormat,
  preset_id: z.number().nullable(),
  state: z.enum(IMPORT_STATES),
  /** Why a failed batch failed, in plain words. */
  error: z.string().nullable(),
  counts: importCountsWire,
  progress: importProgressWire,
  checked_at: z.string().nullable(),
  imported_at: z.string().nullable(),
  final_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  created_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  version: z.number(),
});
export type ImportBatchWire = z.infer<typeof importBatchWire>;

export const importRejectWire = z.object({
  /** The file's line (the header is line 1). */
  line: z.number(),
  /** The column header; null when the row as a whole is refused (e.g. its parent is unknown). */
  column: z.string().nullable(),
  value: z.string().nullable(),
  reason: z.string(),
});
export type ImportRejectWire = z.infer<typeof importRejectWire>;

export const importReconciliationWire = z.object({
  batch_id: z.number(),
  kind,
  rows: z.array(
    z.object({
      outlet_id: z.number().nullable(),
      outlet_name: z.string().nullable(),
      in_file: z.number(),
      imported: z.number(),
      rejected: z.number(),
      merged: z.number(),
      already_imported: z.number(),
    }),
  ),
  /** Records of this batch now in Loupe (an undone batch: 0). */
  in_loupe: z.number(),
});
export type ImportReconciliationWire = z.infer<typeof importReconciliationWire>;

export const importPresetWire = z.object({
  id: z.number(),
  name: z.string(),
  source_system: sourceSystem,
  kind,
  mapping: importMapping,
  value_maps: importValueMaps,
  date_format: dateFormat,
  updated_at: z.string(),
  updated_by: z.string().nullable(),
  version: z.number(),
});
export type ImportPresetWire = z.infer<typeof importPresetWire>;

export const importPreviewWire = z.object({
  /** The first rows as Loupe would read them with the batch's mapping: each field's value or its error. */
  rows: z.array(
    z.object({
      line: z.number(),
      values: z.record(z.string(), z.string().nullable()),
      errors: z.array(z.object({ field: z.string(), column: z.string().nullable(), reason: z.string() })),
    }),
  ),
});
export type ImportPreviewWire = z.infer<typeof importPreviewWire>;

export const importColumnValuesWire = z.object({
  column: z.string(),
  /** The column's distinct values (trimmed) with how many rows hold each, most frequent first (at most 200). */
  values: z.array(z.object({ value: z.string(), rows: z.number() })),
  /** More distinct values than listed. */
  more: z.boolean(),
});

const batchAnswer = z.object({ message: z.string().optional(), data: importBatchWire });

export const listImports = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/imports",
  summary: "Import batches, newest first",
  query: z.object({
    page: qInt.min(1).default(1),
    per_page: qInt.min(1).max(100).default(25),
    kind: kind.optional(),
  }),
  response: pagedEnvelope(importBatchWire),
});

export const uploadImport = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/imports",
  summary:
    "Upload a file (multipart: `file`, `kind`, `source_system`, optional `preset_id`): CSV in UTF-8 or Windows-1252, any delimiter, or XLSX. Answers the batch with its columns and first rows",
  multipart: true,
  response: batchAnswer,
});

export const getImport = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/imports/:id",
  summary: "One import batch: its mapping, state, counts and progress",
  params: idParams,
  response: dataEnvelope(importBatchWire),
});

export const importMappingBody = z.strictObject({
  version: expectedVersion,
  mapping: importMapping,
  value_maps: importValueMaps.default({}),
  date_format: dateFormat,
  encoding: z.enum(["utf-8", "windows-1252"]).optional(),
  preset_id: rowId().nullish(),
});
export type ImportMappingBody = z.input<typeof importMappingBody>;

export const mapImport = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/imports/:id/mapping",
  summary:
    "Set how the file's columns and codes are read (before the run; a checked batch must be checked again)",
  params: idParams,
  body: importMappingBody,
  serviceValidates: true,
  response: batchAnswer,
});

export const previewImport = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/imports/:id/preview",
  summary: "The first rows as the batch's mapping reads them, with each cell's error",
  params: idParams,
  query: z.object({ rows: qInt.min(1).max(50).default(10) }),
  response: dataEnvelope(importPreviewWire),
});

export const importColumnValues = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/imports/:id/values",
  summary: "A column's distinct values and how often each occurs, to build a value map",
  params: idParams,
  query: z.object({ column: z.string().min(1).max(200) }),
  response: dataEnvelope(importColumnValuesWire),
});

const versionBody = z.strictObject({ version: expectedVersion });

export const dryRunImport = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/imports/:id/dry-run",
  summary:
    "Check every row by the rules of the screens and the API, writing nothing (runs in the background)",
  params: idParams,
  body: versionBody,
  serviceValidates: true,
  response: batchAnswer,
});

export const runImport = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/imports/:id/run",
  summary: "Import the checked batch in the background, in batches; a row already imported is not made again",
  params: idParams,
  body: versionBody,
  serviceValidates: true,
  response: batchAnswer,
});

export const pauseImport = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/imports/:id/pause",
  summary: "Pause a running import after its current batch of rows",
  params: idParams,
  body: versionBody,
  serviceValidates: true,
  response: batchAnswer,
});

export const resumeImport = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/imports/:id/resume",
  summary: "Resume a paused import where it stopped",
  params: idParams,
  body: versionBody,
  serviceValidates: true,
  response: batchAnswer,
});

export const undoImport = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/imports/:id/undo",
  summary: "Remove every record this batch made (not those it linked to existing records), until it is final",
  params: idParams,
  body: versionBody,
  serviceValidates: true,
  response: batchAnswer,
});

export const finalImport = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/imports/:id/final",
  summary: "Mark the batch final: it can no longer be undone (merges and edits remain)",
  params: idParams,
  body: versionBody,
  serviceValidates: true,
  response: batchAnswer,
});

export const listImportRejects = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/imports/:id/rejects",
  summary: "The rows the last dry run or run refused: line, column, value and reason, in file order",
  params: idParams,
  query: z.object({ page: qInt.min(1).default(1), per_page: qInt.min(1).max(200).default(50) }),
  response: pagedEnvelope(importRejectWire),
});

export const downloadImportRejects = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/imports/:id/rejects.csv",
  summary: "The rejected rows as CSV (line, column, value, reason)",
  params: idParams,
  files: { description: "The dry run's or run's rejected rows", mediaTypes: ["text/csv"] },
});

export const getImportReconciliation = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/imports/:id/reconciliation",
  summary: "Per outlet: rows in the file, imported, rejected, merged into existing records, already imported",
  params: idParams,
  response: dataEnvelope(importReconciliationWire),
});

export const listImportPresets = defineEndpoint({
  method: "GET",
  base: "api",
  path: "/staff/import-presets",
  summary: "Saved mappings, shared by every administrator, per source system and kind",
  query: z.object({ kind: kind.optional(), source_system: sourceSystem.optional() }),
  response: dataEnvelope(z.array(importPresetWire)),
});

export const importPresetBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  source_system: sourceSystem,
  kind,
  mapping: importMapping,
  value_maps: importValueMaps.default({}),
  date_format: dateFormat,
});
export type ImportPresetBody = z.input<typeof importPresetBody>;
/** A change keeps the version it read (ADR 0027). */
export const importPresetEditBody = importPresetBody.extend({ version: expectedVersion });

export const createImportPreset = defineEndpoint({
  method: "POST",
  base: "api",
  path: "/staff/import-presets",
  summary: "Save a mapping as a preset for its source system and kind",
  body: importPresetBody,
  serviceValidates: true,
  response: z.object({ message: z.string(), data: importPresetWire }),
});

export const updateImportPreset = defineEndpoint({
  method: "PUT",
  base: "api",
  path: "/staff/import-presets/:id",
  summary: "Change a preset (its version must be the one read)",
  params: idParams,
  body: importPresetEditBody,
  serviceValidates: true,
  response: z.object({ message: z.string(), data: importPresetWire }),
});

export const deleteImportPreset = defineEndpoint({
  method: "DELETE",
  base: "api",
  path: "/staff/import-presets/:id",
  summary: "Delete a preset",
  params: idParams,
  response: messageEnvelope,
});
