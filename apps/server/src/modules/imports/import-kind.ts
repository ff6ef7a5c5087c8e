// What one kind of record must do for the import engine (issue 46). The engine reads the file,
// maps each row's cells to the kind's fields (trimmed text, codes through the value maps, dates in
// the named format, numbers, booleans), resolves a row's parent by its source id, skips rows already
// imported, and keeps the cursor, counts, rejects and the import_records list. A kind only checks a
// mapped row by the domain's rules and writes (and undoes) its records through its owning module.

import type { ImportKind, ImportSourceSystem, SmsCountry } from "@loupe/domain";
import type { SearchPort } from "../../integrations/search";
import type { Db } from "../../platform/db/client";

/** A mapped cell: text and codes as trimmed strings, dates as YYYY-MM-DD, numbers, booleans; null when blank or unmapped. */
export type ImportValue = string | number | boolean | null;
/** Field key (IMPORT_FIELDS[kind]) → its value. Every field of the kind is present. */
export type ImportValues = Record<string, ImportValue>;

/** One refused cell (or the whole row: column null). `value` is the file's cell as written. */
export interface ImportCellError {
  field: string;
  /** The file's column header the field is mapped from; null for a row-level reason. */
  column: string | null;
  value: string | null;
  reason: string;
}

/** What a row is checked with: its mapped values, its line in the file, its parent's Loupe id. */
export interface ImportRowInput {
  /** The file's line (the header is line 1). */
  line: number;
  values: ImportValues;
  /** For kinds with a parent (IMPORT_KIND_PARENTS): the Loupe id the parent's source id was imported as; else null. */
  parentId: number | null;
  /** The field key → the column it is mapped from, to name a cell in an error. */
  columnOf: (field: string) => string | null;
  /** The file's raw cell for a field, as written (for an error's value). */
  rawOf: (field: string) => string | null;
}

export interface ImportOutlet {
  id: number;
  abbreviation: string;
  name: string;
  regionId: number;
  /** The outlet's region's country (ISO alpha-2): phones and postcodes of its customers are read for it. */
  country: string;
}

/** Read once per run (dry or real) and shared by every row. */
export interface ImportKindContext<L = unknown> {
  kind: ImportKind;
  sourceSystem: ImportSourceSystem;
  batchId: number;
  /** The administrator who started the run. */
  actor: { id: number; name: string };
  /** Phone numbers are read for this country when a row's outlet says nothing (the first outlet's). */
  country: SmsCountry;
  /** Active outlets; an `outlet` code is an outlet's abbreviation. */
  outlets: readonly ImportOutlet[];
  /** Today (YYYY-MM-DD) for "not in the future" rules. */
  today: string;
  now: Date;
  /** What the kind's `load` read (reference data: job statuses, recall types…). */
  loaded: L;
}

export type ImportCheck<R> =
  | { ok: true; record: R; outletId: number | null }
  | { ok: false; errors: ImportCellError[] };

/** A checked row handed to `write`, in file order. */
export interface ImportWriteRow<R> {
  line: number;
  sourceId: string;
  record: R;
  parentId: number | null;
  outletId: number | null;
}

/** Per written row, same order: a record made, or an existing Loupe record the row was linked to. */
export type ImportOutcome =
  | { outcome: "created"; recordId: number }
  | { outcome: "merged"; recordId: number };

/** What `afterCommit` and `afterUndo` may use. */
export interface ImportPorts {
  db: Db;
  search: SearchPort;
}

export interface ImportKindHandler<R = unknown, L = unknown> {
  kind: ImportKind;
  /**
   * Tables the kind's writes grow and its writes also read (the customers' match by e-mail or
   * mobile, a job number's uniqueness): the run analyzes them with import_records as they grow, so
   * the planner does not keep a plan made for an empty table (a full scan per chunk).
   */
  grows?: readonly string[];
  /** Reference data the checks need, read once per run (optional). */
  load?(db: Db): Promise<L>;
  /** Checks one mapped row by the same rules as the screens and the API; pure (no database). */
  check(row: ImportRowInput, ctx: ImportKindContext<L>): ImportCheck<R>;
  /**
   * Writes up to ~1000 checked rows in the engine's transaction, through the owning module's bulk
   * writer; answers one outcome per row in the same order. Rows already imported never reach it.
   */
  write(tx: Db, rows: ImportWriteRow<R>[], ctx: ImportKindContext<L>): Promise<ImportOutcome[]>;
  /**
   * After a chunk's transaction committed (optional): outside work on what it wrote, such as the
   * search port. A failure is logged, never undoes the chunk.
   */
  afterCommit?(ports: ImportPorts, outcomes: ImportOutcome[]): Promise<void>;
  /** After an undo's transaction committed (optional), with the record ids it removed. */
  afterUndo?(ports: ImportPorts, recordIds: number[]): Promise<void>;
  /** Removes records this kind created (never those a row was merged into), in the engine's transaction. */
  undo(tx: Db, recordIds: number[], ctx: ImportKindContext<L>): Promise<void>;
}
