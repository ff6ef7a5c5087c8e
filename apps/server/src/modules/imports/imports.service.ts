// The import batches staff work with (issue 46): upload, mapping, preview, dry run, run, pause,
// resume, undo, final, the report and the reconciliation, and the shared presets. The heavy work is
// the engine's, on the queue; here each request checks the rulebook, the batch's version and state.

import { randomUUID } from "node:crypto";
import { type Readable, Transform } from "node:stream";
import {
  type ImportBatchWire,
  type ImportPreviewWire,
  type ImportReconciliationWire,
  type ImportRejectWire,
  importMappingBody,
  importPresetBody,
  importPresetEditBody,
} from "@loupe/contract";
import {
  csvLine,
  DEFAULT_IMPORT_DATE_FORMAT,
  decideCustomerAction,
  IMPORT_FIELDS,
  IMPORT_FIXED_CODES,
  IMPORT_KIND_PARENTS,
  IMPORT_KINDS,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_SOURCE_SYSTEMS,
  type ImportKind,
  type ImportState,
} from "@loupe/domain";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { FileStorage } from "../../integrations/file-storage";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import type { Queue } from "../../platform/queue/queue";
import { recordAccess } from "../access-log";
import { columnNames, fileRows, fileWatcher } from "./import-file";
import { IMPORT_KIND_HANDLERS } from "./import-kinds";
import { unmappedRequired } from "./import-map";
import type { ImportBatchRow, ImportEngine } from "./imports.engine";
import { RUN_STATES, toBatchWire, toPresetWire } from "./imports.mappers";
import { importOutlets, outletNames, staffNames } from "./imports.queries";
import { importBatches, importPresets } from "./imports.tables";

export const IMPORT_TASKS = { check: "imports.check", run: "imports.run", undo: "imports.undo" } as const;

const PREVIEW_ROWS = 10;
const DISTINCT_LIMIT = 200;
/** Distinct values counted for a value map before the rest are only flagged as "more". */
const DISTINCT_KEPT = 5000;

/** An upload's multipart parts as they arrive: fields and the one file. */
export type UploadPart =
  | { type: "field"; name: string; value: string }
  | { type: "file"; fileName: string; stream: Readable & { truncated?: boolean } };

const uploadFields = z.object({
  kind: z.enum(IMPORT_KINDS, { error: "Choose the kind of record the file holds." }),
  source_system: z.enum(IMPORT_SOURCE_SYSTEMS, { error: "Choose the system the file comes from." }),
  preset_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

const STATE_WORDS: Record<ImportState, string> = {
  uploaded: "uploaded",
  checking: "being checked",
  checked: "checked",
  running: "importing",
  paused: "paused",
  imported: "imported",
  undoing: "being undone",
  undone: "undone",
  final: "final",
  failed: "failed",
};

const refuseState = (b: ImportBatchRow, what: string) =>
  new AppError("conflict", `This import is ${STATE_WORDS[b.state]}: it cannot ${what} now.`);

function zodErrors(error: z.ZodError): AppError {
  const errors: Record<string, string[]> = {};
  for (const i of error.issues) {
    const k = i.path.join(".") || "body";
    errors[k] = [...(errors[k] ?? []), i.message];
  }
  return validationError(errors);
}

/** A mapping guessed from the header: a column named as a field's key or label. */
function guessMapping(kind: ImportKind, columns: string[]): Record<string, string> {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  const byName = new Map(columns.map((c) => [norm(c), c]));
  const out: Record<string, string> = {};
  for (const f of IMPORT_FIELDS[kind]) {
    const c = byName.get(norm(f.key)) ?? byName.get(norm(f.label));
    if (c) out[f.key] = c;
  }
  return out;
}

export interface ImportsServiceDeps {
  db: Db;
  storage: FileStorage;
  queue: Queue;
  engine: ImportEngine;
}

export function createImportsService({ db, storage, queue, engine }: ImportsServiceDeps) {
  async function batchOr404(id: number): Promise<ImportBatchRow> {
    const b = await engine.loadBatch(id);
    if (!b) throw notFound("Import");
    return b;
  }

  async function wire(b: ImportBatchRow): Promise<ImportBatchWire> {
    const names = await staffNames(db, b.createdBy ? [b.createdBy] : []);
    return toBatchWire(b, b.createdBy ? (names.get(b.createdBy) ?? null) : null);
  }

  function checkVersion(b: ImportBatchRow, version: number | undefined) {
    if (version !== undefined && version !== b.version)
      throw new AppError(
        "conflict",
        `This import has changed since you read it (it is now ${STATE_WORDS[b.state]}, version ${b.version}): reload it.`,
        undefined,
        {
          versionConflict: {
            record: "import",
            id: b.id,
            expected_version: version,
            current_version: b.version,
            updated_at: b.updatedAt.toISOString(),
            updated_by: null,
          },
        },
      );
  }

  /** A state change from the states allowed, on the version read; answers the batch after it. */
  async function move(
    b: ImportBatchRow,
    version: number | undefined,
    to: ImportState,
    extra: ReturnType<typeof sql> | null,
    then?: (tx: Db) => Promise<void>,
  ): Promise<ImportBatchRow> {
    checkVersion(b, version);
    const moved = await db.transaction(async (tx) => {
      const [row] = await rowsOf<{ id: number }>(
        tx,
        sql`update import_batches set state = ${to}, version = version + 1, updated_at = now()
            ${extra ? sql`, ${extra}` : sql``}
            where id = ${b.id} and version = ${b.version} returning id`,
      );
      if (!row) return false;
      if (then) await then(tx);
      return true;
    });
    const now = await batchOr404(b.id);
    // Another change came between the read and the write: the same 409 as a stale version.
    if (!moved) checkVersion(now, b.version);
    return now;
  }

  /** Reads the first rows of the stored file: header and preview. */
  async function head(meta: Pick<ImportBatchRow, "storageKey" | "format" | "encoding" | "delimiter">) {
    const stream = await storage.get(meta.storageKey);
    let columns: string[] | null = null;
    const preview: string[][] = [];
    for await (const r of fileRows(stream, {
      format: meta.format,
      encoding: meta.encoding as "utf-8" | "windows-1252",
      delimiter: meta.delimiter,
    })) {
      if (!columns) columns = columnNames(r.cells);
      else preview.push(r.cells.map((c) => c.slice(0, 500)));
      if (preview.length >= PREVIEW_ROWS) break;
    }
    return { columns, preview };
  }

  return {
    checkRule(staff: StaffUserRow) {
      const v = decideCustomerAction("import_records", {
        actor: { roleId: staff.roleId, homeRegionId: staff.homeRegionId, outletCountryCode: null },
      });
      if (!v.allowed) throw new AppError("forbidden", v.reason);
    },

    async list(page: number, perPage: number, kind?: ImportKind) {
      const where = kind ? eq(importBatches.kind, kind) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(importBatches)
          .where(where)
          .orderBy(desc(importBatches.createdAt), desc(importBatches.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(importBatches).where(where),
      ]);
      const names = await staffNames(db, [
        ...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : []))),
      ]);
      const n = Number(total.n);
      return {
        data: rows.map((r) => toBatchWire(r, r.createdBy ? (names.get(r.createdBy) ?? null) : null)),
        meta: {
          pagination: {
            total: n,
            count: rows.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(n / perPage)),
          },
        },
      };
    },

    async get(id: number) {
      return wire(await batchOr404(id));
    },

    /**
     * Stores the file as it arrives (never whole in memory), learning its size, hash, format,
     * encoding and delimiter on the way; then reads its header and first rows.
     */
    async upload(parts: AsyncIterable<UploadPart>, staff: StaffUserRow): Promise<ImportBatchWire> {
      const fields: Record<string, string> = {};
      let stored: {
        key: string;
        fileName: string;
        facts: ReturnType<ReturnType<typeof fileWatcher>["facts"]>;
      } | null = null;
      const cleanup = async () => {
        if (stored) await storage.remove(stored.key).catch(() => {});
      };
      try {
        for await (const part of parts) {
          if (part.type === "field") {
            fields[part.name] = part.value;
            continue;
          }
          if (stored) throw validationError({ file: ["Send one file per import."] });
          const key = `imports/${randomUUID()}`;
          const watcher = fileWatcher();
          // The bytes pass through on their way to the store; the watcher only looks at each chunk.
          const tee = new Transform({
            transform(chunk: Buffer, _encoding, done) {
              watcher.take(chunk);
              done(null, chunk);
            },
          });
          part.stream.on("error", (err) => tee.destroy(err));
          part.stream.pipe(tee);
          await storage.put(key, tee, "application/octet-stream");
          stored = { key, fileName: part.fileName.slice(0, 255) || "import", facts: watcher.facts() };
          if (part.stream.truncated) {
            await cleanup();
            stored = null;
            throw new AppError(
              "payload_too_large",
              `The file is larger than ${Math.round(IMPORT_MAX_FILE_BYTES / 1024 ** 3)} GB: split it.`,
            );
          }
        }
        if (!stored) throw validationError({ file: ["Choose a file to import."] });
        const parsed = uploadFields.safeParse(fields);
        if (!parsed.success) throw zodErrors(parsed.error);
        const { kind, source_system, preset_id } = parsed.data;
        if (!IMPORT_KIND_HANDLERS[kind])
          throw validationError({ kind: ["This kind of record cannot be imported yet."] });
        if (stored.facts.bytes === 0) throw validationError({ file: ["The file is empty."] });
        const meta = {
          storageKey: stored.key,
          format: stored.facts.format,
          encoding: stored.facts.encoding,
          delimiter: stored.facts.delimiter,
        };
        let h: Awaited<ReturnType<typeof head>>;
        try {
          h = await head(meta);
        } catch (err) {
          throw validationError({
            file: [
              `The file could not be read as CSV or XLSX: ${err instanceof Error ? err.message : String(err)}`,
            ],
          });
        }
        if (!h.columns?.length) throw validationError({ file: ["The file has no header row."] });
        let mapping = guessMapping(kind, h.columns);
        let valueMaps: Record<string, Record<string, string>> = {};
        let dateFormat = DEFAULT_IMPORT_DATE_FORMAT;
        if (preset_id !== undefined) {
          const [p] = await db.select().from(importPresets).where(eq(importPresets.id, preset_id));
          if (!p) throw validationError({ preset_id: ["This preset does not exist."] });
          if (p.kind !== kind)
            throw validationError({ preset_id: ["This preset is for another kind of record."] });
          const cols = new Set(h.columns);
          mapping = Object.fromEntries(Object.entries(p.mapping).filter(([, c]) => cols.has(c)));
          valueMaps = p.valueMaps;
          dateFormat = p.dateFormat;
        }
        const [row] = await db
          .insert(importBatches)
          .values({
            kind,
            sourceSystem: source_system,
            storageKey: stored.key,
            fileName: stored.fileName,
            fileBytes: stored.facts.bytes,
            fileSha256: stored.facts.sha256,
            format: stored.facts.format,
            encoding: stored.facts.encoding,
            delimiter: stored.facts.delimiter,
            columns: h.columns,
            previewRows: h.preview,
            mapping,
            valueMaps,
            dateFormat,
            presetId: preset_id ?? null,
            createdBy: staff.id,
          })
          .returning();
        return wire(row);
      } catch (err) {
        await cleanup();
        throw err;
      }
    },

    async setMapping(id: number, input: unknown, staff: StaffUserRow): Promise<ImportBatchWire> {
      const parsed = importMappingBody.safeParse(input);
      if (!parsed.success) throw zodErrors(parsed.error);
      const body = parsed.data;
      const b = await batchOr404(id);
      checkVersion(b, body.version);
      if (!["uploaded", "checked", "failed"].includes(b.state)) throw refuseState(b, "be mapped again");
      const fields = new Map(IMPORT_FIELDS[b.kind].map((f) => [f.key, f]));
      const columns = new Set(b.columns);
      const errors: Record<string, string[]> = {};
      for (const [field, column] of Object.entries(body.mapping)) {
        if (!fields.has(field)) errors[`mapping.${field}`] = ["Not a field of this kind of record."];
        else if (!columns.has(column)) errors[`mapping.${field}`] = [`The file has no column "${column}".`];
      }
      const outlets = await importOutlets(db);
      for (const [field, map] of Object.entries(body.value_maps)) {
        const f = fields.get(field);
        if (f?.type !== "code") {
          errors[`value_maps.${field}`] = ["Only code fields take a value map."];
          continue;
        }
        const known =
          f.codes === "outlet"
            ? new Set(outlets.map((o) => o.abbreviation))
            : IMPORT_FIXED_CODES[f.codes ?? "gender"]
              ? new Set(IMPORT_FIXED_CODES[f.codes ?? "gender"]?.map((c) => c.code))
              : null;
        const wrong = known ? Object.values(map).filter((c) => !known.has(c)) : [];
        if (wrong.length)
          errors[`value_maps.${field}`] = [`Not a code of ${f.label}: ${wrong.slice(0, 5).join(", ")}.`];
      }
      if (body.encoding && b.format !== "csv") errors.encoding = ["A spreadsheet has no encoding to choose."];
      if (Object.keys(errors).length) throw validationError(errors);
      let preview = b.previewRows;
      const encoding = body.encoding ?? b.encoding;
      if (encoding !== b.encoding) preview = (await head({ ...b, encoding })).preview;
      const next = await move(
        b,
        body.version,
        b.state === "checked" ? "uploaded" : b.state === "failed" ? "uploaded" : b.state,
        sql`mapping = ${JSON.stringify(body.mapping)}::jsonb, value_maps = ${JSON.stringify(body.value_maps)}::jsonb,
            date_format = ${body.date_format}, encoding = ${encoding}, preview_rows = ${JSON.stringify(preview)}::jsonb,
            preset_id = ${body.preset_id ?? null}::int, error = null, started_by = ${staff.id}::int`,
      );
      return wire(next);
    },

    async preview(id: number, rows: number): Promise<ImportPreviewWire> {
      const b = await batchOr404(id);
      const handler = IMPORT_KIND_HANDLERS[b.kind];
      if (!handler) throw notFound("Import kind");
      const ctx = await engine.contextFor(b, handler);
      const mapper = engine.mapperFor(b, ctx);
      const first: { line: number; cells: string[] }[] = [];
      for await (const r of engine.dataRows(b, 1)) {
        first.push(r);
        if (first.length >= rows) break;
      }
      const checked = await engine.checkChunk(b, handler, ctx, mapper, first);
      return {
        rows: checked.map((c) => ({
          line: c.row.line,
          values: Object.fromEntries(
            Object.entries(c.row.values).map(([k, v]) => [k, v === null ? null : String(v)]),
          ),
          errors: c.errors.map((e) => ({ field: e.field, column: e.column, reason: e.reason })),
        })),
      };
    },

    /** A column's distinct values, counted over the whole file (streamed; at most DISTINCT_KEPT kept). */
    async columnValues(id: number, column: string) {
      const b = await batchOr404(id);
      const at = b.columns.indexOf(column);
      if (at < 0) throw validationError({ column: [`The file has no column "${column}".`] });
      const counts = new Map<string, number>();
      let more = false;
      for await (const r of engine.dataRows(b, 1)) {
        const v = (r.cells[at] ?? "").trim();
        const n = counts.get(v);
        if (n !== undefined) counts.set(v, n + 1);
        else if (counts.size < DISTINCT_KEPT) counts.set(v, 1);
        else more = true;
      }
      const values = [...counts.entries()]
        .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
        .map(([value, rows]) => ({ value, rows }));
      return {
        column,
        values: values.slice(0, DISTINCT_LIMIT),
        more: more || values.length > DISTINCT_LIMIT,
      };
    },

    async dryRun(id: number, version: number | undefined, staff: StaffUserRow) {
      const b = await batchOr404(id);
      checkVersion(b, version);
      if (!["uploaded", "checked", "failed"].includes(b.state)) throw refuseState(b, "be checked");
      const missing = unmappedRequired(b.kind, b.mapping);
      if (missing.length)
        throw validationError({ mapping: [`Map these fields to a column first: ${missing.join(", ")}.`] });
      const next = await move(
        b,
        version,
        "checking",
        sql`started_by = ${staff.id}::int, started_at = now(), error = null`,
        async (tx) => {
          await queue.enqueue(IMPORT_TASKS.check, { batchId: b.id }, { key: `${b.id}:${b.version + 1}`, tx });
        },
      );
      return wire(next);
    },

    async run(id: number, version: number | undefined, staff: StaffUserRow) {
      const b = await batchOr404(id);
      checkVersion(b, version);
      if (!["checked", "imported"].includes(b.state) && !(b.state === "failed" && b.checkedAt))
        throw b.state === "uploaded"
          ? new AppError("conflict", "Run the dry run first: the import runs only a checked file.")
          : refuseState(b, "run");
      const next = await move(
        b,
        version,
        "running",
        sql`started_by = ${staff.id}::int, started_at = now(), last_line = 1, rows_done = 0, run_rows_done = 0,
            run_seconds = 0, created = 0, merged = 0, already_imported = 0, rows_ok = 0, rows_rejected = 0, error = null`,
        async (tx) => {
          await tx.execute(sql`delete from import_rejects where batch_id = ${b.id} and run = 'real'`);
          await tx.execute(sql`delete from import_outlet_counts where batch_id = ${b.id} and run = 'real'`);
          await recordAccess(tx, {
            staff: { id: staff.id, roleId: staff.roleId, outletId: staff.outletId, regionId: staff.regionId },
            action: "import",
            resource: "import_batch",
            resourceId: b.id,
            screen: `import batch #${b.id} (${b.kind} from ${b.sourceSystem}) started`,
            outcome: "allowed",
          });
          await queue.enqueue(IMPORT_TASKS.run, { batchId: b.id }, { tx });
        },
      );
      return wire(next);
    },

    async pause(id: number, version: number | undefined) {
      const b = await batchOr404(id);
      checkVersion(b, version);
      if (b.state !== "running") throw refuseState(b, "be paused");
      return wire(await move(b, version, "paused", sql`run_rows_done = 0, run_seconds = 0`));
    },

    async resume(id: number, version: number | undefined, staff: StaffUserRow) {
      const b = await batchOr404(id);
      checkVersion(b, version);
      // A failed run (the queue gave up on it) resumes from its cursor too, once the cause is fixed.
      if (b.state !== "paused" && !(b.state === "failed" && b.startedAt && b.lastLine > 1))
        throw refuseState(b, "be resumed");
      const next = await move(b, version, "running", sql`started_by = ${staff.id}::int`, async (tx) => {
        // No key: a task still finishing the chunk before the pause may be kept; both meet at the cursor.
        await queue.enqueue(IMPORT_TASKS.run, { batchId: b.id }, { tx });
      });
      return wire(next);
    },

    async undo(id: number, version: number | undefined, staff: StaffUserRow) {
      const b = await batchOr404(id);
      checkVersion(b, version);
      if (b.state === "final")
        throw new AppError(
          "conflict",
          "This import is final: it can no longer be undone (merges and edits remain).",
        );
      if (!["imported", "paused", "failed"].includes(b.state)) throw refuseState(b, "be undone");
      const children = IMPORT_KINDS.filter((k) => IMPORT_KIND_PARENTS[k] === b.kind);
      if (children.length) {
        const [dep] = await rowsOf<{ batch_id: number; kind: string }>(
          db,
          sql`select c.batch_id, c.kind from import_records c
              join import_records p on p.record_id = c.parent_record_id and p.kind = ${b.kind}
                and p.source_system = c.source_system and p.batch_id = ${b.id} and p.outcome = 'created'
              where c.kind = any(${sql.param(children)}::text[]) and c.source_system = ${b.sourceSystem}
              limit 1`,
        );
        if (dep)
          throw new AppError(
            "conflict",
            `Import #${dep.batch_id} (${dep.kind.replace("_", " ")}) was made on records of this one: undo it first.`,
            undefined,
            { batch_id: dep.batch_id },
          );
      }
      const next = await move(b, version, "undoing", sql`started_by = ${staff.id}::int`, async (tx) => {
        await queue.enqueue(IMPORT_TASKS.undo, { batchId: b.id }, { key: String(b.id), tx });
      });
      return wire(next);
    },

    async final(id: number, version: number | undefined) {
      const b = await batchOr404(id);
      checkVersion(b, version);
      if (b.state !== "imported") throw refuseState(b, "be marked final");
      return wire(await move(b, version, "final", sql`final_at = now()`));
    },

    async rejects(id: number, page: number, perPage: number) {
      const b = await batchOr404(id);
      const run = RUN_STATES.has(b.state) ? "real" : "dry";
      const [rows, [{ n }]] = await Promise.all([
        rowsOf<ImportRejectWire>(
          db,
          sql`select line, "column", value, reason from import_rejects where batch_id = ${b.id} and run = ${run}
              order by line, id limit ${perPage}::int offset ${(page - 1) * perPage}::int`,
        ),
        rowsOf<{ n: number }>(
          db,
          sql`select count(*)::int as n from import_rejects where batch_id = ${b.id} and run = ${run}`,
        ),
      ]);
      return {
        data: rows,
        meta: {
          pagination: {
            total: n,
            count: rows.length,
            per_page: perPage,
            current_page: page,
            total_pages: Math.max(1, Math.ceil(n / perPage)),
          },
        },
      };
    },

    /** The report as CSV chunks, read a thousand rows at a time in file order. */
    async rejectsCsv(id: number): Promise<{ fileName: string; chunks: AsyncIterable<string> }> {
      const b = await batchOr404(id);
      const run = RUN_STATES.has(b.state) ? "real" : "dry";
      async function* chunks() {
        yield csvLine(["line", "column", "value", "reason"]);
        let after = { line: 0, id: 0 };
        for (;;) {
          const rows = await rowsOf<ImportRejectWire & { id: number }>(
            db,
            sql`select id, line, "column", value, reason from import_rejects where batch_id = ${b.id} and run = ${run}
                and (line, id) > (${after.line}::int, ${after.id}::int) order by line, id limit 1000`,
          );
          if (!rows.length) return;
          yield rows.map((r) => csvLine([r.line, r.column, r.value, r.reason])).join("");
          const last = rows[rows.length - 1];
          after = { line: last.line, id: last.id };
        }
      }
      return { fileName: `import-${b.id}-rejects.csv`, chunks: chunks() };
    },

    async reconciliation(id: number): Promise<ImportReconciliationWire> {
      const b = await batchOr404(id);
      const run = RUN_STATES.has(b.state) ? "real" : "dry";
      const rows = await rowsOf<{
        outlet_id: number;
        in_file: number;
        imported: number;
        rejected: number;
        merged: number;
        already_imported: number;
      }>(
        db,
        sql`select outlet_id, in_file, imported, rejected, merged, already_imported from import_outlet_counts
            where batch_id = ${b.id} and run = ${run} order by outlet_id`,
      );
      const names = await outletNames(
        db,
        rows.flatMap((r) => (r.outlet_id ? [r.outlet_id] : [])),
      );
      const [{ n }] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from import_records where batch_id = ${b.id} and outcome = 'created'`,
      );
      return {
        batch_id: b.id,
        kind: b.kind,
        rows: rows.map((r) => ({
          outlet_id: r.outlet_id || null,
          outlet_name: r.outlet_id ? (names.get(r.outlet_id) ?? null) : null,
          in_file: r.in_file,
          imported: r.imported,
          rejected: r.rejected,
          merged: r.merged,
          already_imported: r.already_imported,
        })),
        in_loupe: n,
      };
    },

    async presets(kind?: ImportKind, sourceSystem?: string) {
      const rows = await db
        .select()
        .from(importPresets)
        .where(
          and(
            kind ? eq(importPresets.kind, kind) : undefined,
            sourceSystem ? eq(importPresets.sourceSystem, sourceSystem as never) : undefined,
          ),
        )
        .orderBy(importPresets.name, importPresets.id);
      const names = await staffNames(db, [
        ...new Set(rows.flatMap((r) => (r.updatedBy ? [r.updatedBy] : []))),
      ]);
      return rows.map((r) => toPresetWire(r, r.updatedBy ? (names.get(r.updatedBy) ?? null) : null));
    },

    async savePreset(id: number | null, input: unknown, staff: StaffUserRow) {
      const parsed = (id === null ? importPresetBody : importPresetEditBody).safeParse(input);
      if (!parsed.success) throw zodErrors(parsed.error);
      const p = parsed.data as z.output<typeof importPresetEditBody>;
      const keys = new Set(IMPORT_FIELDS[p.kind].map((f) => f.key));
      const unknown = [...Object.keys(p.mapping), ...Object.keys(p.value_maps)].filter((k) => !keys.has(k));
      if (unknown.length)
        throw validationError({ mapping: [`Not fields of this kind: ${unknown.join(", ")}.`] });
      const values = {
        name: p.name,
        sourceSystem: p.source_system,
        kind: p.kind,
        mapping: p.mapping,
        valueMaps: p.value_maps,
        dateFormat: p.date_format,
        updatedBy: staff.id,
        updatedAt: new Date(),
      };
      let row: typeof importPresets.$inferSelect | undefined;
      if (id === null) [row] = await db.insert(importPresets).values(values).returning();
      else {
        [row] = await db
          .update(importPresets)
          .set({ ...values, version: sql`${importPresets.version} + 1` })
          .where(
            and(
              eq(importPresets.id, id),
              p.version === undefined ? undefined : eq(importPresets.version, p.version),
            ),
          )
          .returning();
        if (!row) {
          const [now] = await db.select().from(importPresets).where(eq(importPresets.id, id));
          if (!now) throw notFound("Preset");
          throw new AppError(
            "conflict",
            `This preset has changed since you read it (now version ${now.version}): reload it.`,
          );
        }
      }
      return toPresetWire(row, `${staff.firstName} ${staff.lastName}`.trim());
    },

    async deletePreset(id: number) {
      const gone = await db
        .delete(importPresets)
        .where(eq(importPresets.id, id))
        .returning({ id: importPresets.id });
      if (!gone.length) throw notFound("Preset");
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
