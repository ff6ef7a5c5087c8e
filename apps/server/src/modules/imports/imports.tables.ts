import type { ImportDateFormat, ImportKind, ImportSourceSystem, ImportState } from "@loupe/domain";
import { IMPORT_DATE_FORMATS, IMPORT_KINDS, IMPORT_SOURCE_SYSTEMS, IMPORT_STATES } from "@loupe/domain";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { outlets } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

// Switching to Loupe (issue 46). A batch is one uploaded file of one kind; its bytes stay in the
// file store (never in the database) and are read again, streamed, by each dry run and run.
// import_records is both the idempotency key (one Loupe record per source system, kind and source
// id, whatever file brings it) and the batch's undo list.

export type ImportMappingValue = Record<string, string>;
export type ImportValueMapsValue = Record<string, Record<string, string>>;

export const importBatches = pgTable(
  "import_batches",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: IMPORT_KINDS }).$type<ImportKind>().notNull(),
    sourceSystem: text("source_system", { enum: IMPORT_SOURCE_SYSTEMS })
      .$type<ImportSourceSystem>()
      .notNull(),
    /** The file store's key (generated, never the uploaded name). */
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    fileBytes: bigint("file_bytes", { mode: "number" }).notNull(),
    fileSha256: text("file_sha256").notNull(),
    format: text("format", { enum: ["csv", "xlsx"] }).notNull(),
    encoding: text("encoding").notNull(),
    delimiter: text("delimiter"),
    columns: jsonb("columns").$type<string[]>().notNull(),
    previewRows: jsonb("preview_rows").$type<string[][]>().notNull(),
    mapping: jsonb("mapping").$type<ImportMappingValue>().notNull().default({}),
    valueMaps: jsonb("value_maps").$type<ImportValueMapsValue>().notNull().default({}),
    dateFormat: text("date_format", { enum: IMPORT_DATE_FORMATS }).$type<ImportDateFormat>().notNull(),
    presetId: integer("preset_id").references(() => importPresets.id, { onDelete: "set null" }),
    state: text("state", { enum: IMPORT_STATES }).$type<ImportState>().notNull().default("uploaded"),
    error: text("error"),
    rowsInFile: integer("rows_in_file"),
    rowsOk: integer("rows_ok").notNull().default(0),
    rowsRejected: integer("rows_rejected").notNull().default(0),
    created: integer("created").notNull().default(0),
    merged: integer("merged").notNull().default(0),
    alreadyImported: integer("already_imported").notNull().default(0),
    /** The run's cursor: the last file line whose row is done (written, linked, skipped or rejected). */
    lastLine: integer("last_line").notNull().default(1),
    rowsDone: integer("rows_done").notNull().default(0),
    /** Rows done and seconds spent by the current run since it (re)started, for rows per second. */
    runRowsDone: integer("run_rows_done").notNull().default(0),
    runSeconds: real("run_seconds").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }),
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    importedAt: timestamp("imported_at", { withTimezone: true }),
    finalAt: timestamp("final_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    /** The administrator who started the current dry run, run or undo (the access log names them). */
    startedBy: integer("started_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdBy: integer("created_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("import_batches_created_idx").on(t.createdAt.desc(), t.id.desc()),
    // Foreign keys' own indexes: removing a staff member or a preset finds its batches without a scan.
    index("import_batches_created_by_idx").on(t.createdBy),
    index("import_batches_started_by_idx").on(t.startedBy),
    index("import_batches_preset_idx").on(t.presetId),
  ],
);

/** A refused cell (or row) of a dry run or of the run; a new run of either replaces its own. */
export const importRejects = pgTable(
  "import_rejects",
  {
    id: serial("id").primaryKey(),
    batchId: integer("batch_id")
      .notNull()
      .references(() => importBatches.id, { onDelete: "cascade" }),
    run: text("run", { enum: ["dry", "real"] }).notNull(),
    line: integer("line").notNull(),
    column: text("column"),
    value: text("value"),
    reason: text("reason").notNull(),
    outletId: integer("outlet_id"),
  },
  (t) => [index("import_rejects_batch_idx").on(t.batchId, t.run, t.line, t.id)],
);

/**
 * Per outlet, what a dry run or the run counted (rows whose outlet is unknown under outlet 0):
 * the reconciliation's figures, kept as counts so that a million rows are not grouped each time.
 */
export const importOutletCounts = pgTable(
  "import_outlet_counts",
  {
    batchId: integer("batch_id")
      .notNull()
      .references(() => importBatches.id, { onDelete: "cascade" }),
    run: text("run", { enum: ["dry", "real"] }).notNull(),
    /** 0: rows whose outlet could not be read. */
    outletId: integer("outlet_id").notNull(),
    inFile: integer("in_file").notNull().default(0),
    imported: integer("imported").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    merged: integer("merged").notNull().default(0),
    alreadyImported: integer("already_imported").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.run, t.outletId] })],
);

/** One Loupe record per (source system, kind, source id): the key that makes a rerun create nothing twice. */
export const importRecords = pgTable(
  "import_records",
  {
    /** A handle for a customer merge, which moves these rows and may move them back. */
    id: serial("id").notNull().unique(),
    sourceSystem: text("source_system").$type<ImportSourceSystem>().notNull(),
    kind: text("kind").$type<ImportKind>().notNull(),
    sourceId: text("source_id").notNull(),
    recordId: integer("record_id").notNull(),
    batchId: integer("batch_id")
      .notNull()
      .references(() => importBatches.id),
    outcome: text("outcome", { enum: ["created", "merged"] }).notNull(),
    outletId: integer("outlet_id").references(() => outlets.id),
    /** The parent's Loupe id (a prescription's customer): an undo of the parent's batch asks whether children hang on it. */
    parentRecordId: integer("parent_record_id"),
  },
  (t) => [
    primaryKey({ columns: [t.sourceSystem, t.kind, t.sourceId] }),
    index("import_records_batch_idx").on(t.batchId, t.outcome),
    index("import_records_parent_idx").on(t.kind, t.parentRecordId),
    index("import_records_outlet_idx").on(t.outletId),
  ],
);

/** A dry run's source ids so far, to tell a row repeated in the file (emptied when the dry run ends). */
export const importSeen = pgTable(
  "import_seen",
  {
    batchId: integer("batch_id")
      .notNull()
      .references(() => importBatches.id, { onDelete: "cascade" }),
    sourceId: text("source_id").notNull(),
    line: integer("line").notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.sourceId] })],
);

/** Saved mappings, shared by every administrator. */
export const importPresets = pgTable(
  "import_presets",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    sourceSystem: text("source_system", { enum: IMPORT_SOURCE_SYSTEMS })
      .$type<ImportSourceSystem>()
      .notNull(),
    kind: text("kind", { enum: IMPORT_KINDS }).$type<ImportKind>().notNull(),
    mapping: jsonb("mapping").$type<ImportMappingValue>().notNull(),
    valueMaps: jsonb("value_maps").$type<ImportValueMapsValue>().notNull(),
    dateFormat: text("date_format", { enum: IMPORT_DATE_FORMATS }).$type<ImportDateFormat>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer("updated_by").references(() => staffUsers.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("import_presets_kind_idx").on(t.sourceSystem, t.kind),
    index("import_presets_updated_by_idx").on(t.updatedBy),
  ],
);
