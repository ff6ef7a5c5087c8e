// The import engine (issue 46): a dry run, the run and the undo of one batch, as queue tasks. The
// file is streamed row by row and handled a chunk (IMPORT_BATCH_ROWS rows) at a time, so memory
// holds one chunk whatever the file's size. Each chunk of the run is one transaction: the records,
// their import_records keys, the rejects, the counts and the cursor (the last line done) commit
// together. An interrupted run (a crash, a failed chunk, a pause) starts again after the cursor;
// a row whose (source system, kind, source id) is already kept is "already imported", never made
// twice; two workers on one batch meet at the cursor (the second sees it moved and stops), and two
// batches of one source and kind take turns per chunk (an advisory lock), so overlapping files
// cannot both make a record.

import { IMPORT_KIND_PARENTS, IMPORT_MESSAGES, type ImportKind, isSmsCountry } from "@loupe/domain";
import dayjs from "dayjs";
import { eq, sql } from "drizzle-orm";
import { type FileStorage, StoredBytesMissing } from "../../integrations/file-storage";
import type { SearchPort } from "../../integrations/search";
import type { Database, Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import { recordAccess } from "../access-log";
import { fileRows } from "./import-file";
import type { ImportCellError, ImportKindContext, ImportKindHandler, ImportOutcome } from "./import-kind";
import { IMPORT_KIND_HANDLERS } from "./import-kinds";
import { type MappedRow, rowMapper } from "./import-map";
import { importOutlets, staffNames } from "./imports.queries";
import { type importBatches as batchesTable, importBatches } from "./imports.tables";

export type ImportBatchRow = typeof batchesTable.$inferSelect;

export interface EngineOptions {
  database: Database;
  db: Db;
  storage: FileStorage;
  chunkRows: number;
  search: SearchPort;
  log: { warn(obj: object, msg: string): void };
}

/** How a reject names the missing parent. */
const PARENT_NOUN: Partial<Record<ImportKind, string>> = { customers: "customer", jobs: "job" };

/** Another worker moved the cursor: this one stops, the other carries on. */
class CursorMoved extends Error {}

/** A row after mapping and checking, with what the run decides of it. */
interface CheckedRow {
  row: MappedRow;
  parentId: number | null;
  outletId: number | null;
  errors: ImportCellError[];
  record: unknown;
}

interface OutletTally {
  inFile: number;
  imported: number;
  rejected: number;
  merged: number;
  alreadyImported: number;
}

export function createImportEngine(o: EngineOptions) {
  const { db, storage } = o;

  async function loadBatch(id: number): Promise<ImportBatchRow | null> {
    const [b] = await db.select().from(importBatches).where(eq(importBatches.id, id));
    return b ?? null;
  }

  async function contextFor(b: ImportBatchRow, handler: ImportKindHandler): Promise<ImportKindContext> {
    const outlets = await importOutlets(db);
    const first = outlets.find((x) => isSmsCountry(x.country));
    const actorId = b.startedBy ?? b.createdBy ?? 0;
    const names = await staffNames(db, actorId ? [actorId] : []);
    const now = new Date();
    return {
      kind: b.kind,
      sourceSystem: b.sourceSystem,
      batchId: b.id,
      actor: { id: actorId, name: names.get(actorId) ?? "" },
      country: first && isSmsCountry(first.country) ? first.country : "AU",
      outlets,
      today: dayjs(now).format("YYYY-MM-DD"),
      now,
      loaded: handler.load ? await handler.load(db) : undefined,
    };
  }

  function mapperFor(b: ImportBatchRow, ctx: ImportKindContext) {
    return rowMapper({
      kind: b.kind,
      columns: b.columns,
      mapping: b.mapping,
      valueMaps: b.valueMaps,
      dateFormat: b.dateFormat,
      outlets: ctx.outlets,
    });
  }

  /** The file's data rows after `afterLine`, streamed (the header, line 1, never). */
  async function* dataRows(b: ImportBatchRow, afterLine: number) {
    const stream = await storage.get(b.storageKey);
    let header = true;
    for await (const r of fileRows(stream, {
      format: b.format,
      encoding: b.encoding as "utf-8" | "windows-1252",
      delimiter: b.delimiter,
    })) {
      if (header) {
        header = false;
        continue;
      }
      if (r.line <= afterLine) continue;
      yield r;
    }
  }

  /** Parents named by source id (a prescription's customer), as imported from the same system. */
  async function parentsOf(
    b: ImportBatchRow,
    ids: string[],
  ): Promise<Map<string, { recordId: number; outletId: number | null }>> {
    const parentKind = IMPORT_KIND_PARENTS[b.kind];
    if (!parentKind || !ids.length) return new Map();
    const rows = await rowsOf<{ source_id: string; record_id: number; outlet_id: number | null }>(
      db,
      sql`select r.source_id, r.record_id, r.outlet_id from unnest(${sql.param(ids)}::text[]) as u(v)
          join import_records r on r.source_system = ${b.sourceSystem} and r.kind = ${parentKind} and r.source_id = u.v`,
    );
    return new Map(rows.map((r) => [r.source_id, { recordId: r.record_id, outletId: r.outlet_id }]));
  }

  /** Maps and checks a chunk of rows (no writes): each row's errors, or its record, parent and outlet. */
  async function checkChunk(
    b: ImportBatchRow,
    handler: ImportKindHandler,
    ctx: ImportKindContext,
    mapper: ReturnType<typeof mapperFor>,
    rows: { line: number; cells: string[] }[],
  ): Promise<CheckedRow[]> {
    const mapped = rows.map((r) => mapper.map(r.line, r.cells));
    const parents = await parentsOf(b, [
      ...new Set(mapped.flatMap((m) => (m.parentSourceId ? [m.parentSourceId] : []))),
    ]);
    const parentKind = IMPORT_KIND_PARENTS[b.kind];
    const outletByCode = new Map(ctx.outlets.map((x) => [x.abbreviation, x.id]));
    return mapped.map((row) => {
      const errors = [...row.errors];
      let parentId: number | null = null;
      let outletId: number | null =
        typeof row.values.outlet === "string" ? (outletByCode.get(row.values.outlet) ?? null) : null;
      if (mapper.parentField && parentKind && row.parentSourceId) {
        const p = parents.get(row.parentSourceId);
        if (p) {
          parentId = p.recordId;
          outletId ??= p.outletId;
        } else
          errors.push({
            field: mapper.parentField.key,
            column: row.input.columnOf(mapper.parentField.key),
            value: row.input.rawOf(mapper.parentField.key),
            reason: IMPORT_MESSAGES.unknownParent(PARENT_NOUN[parentKind] ?? parentKind, row.parentSourceId),
          });
      }
      const checked = handler.check({ ...row.input, parentId }, ctx);
      let record: unknown = null;
      if (checked.ok) {
        record = checked.record;
        outletId = checked.outletId ?? outletId;
      } else {
        // One reason per cell: the reading's (a date that is no date) before the rule's (required).
        const named = new Set(errors.map((e) => e.field));
        for (const e of checked.errors) if (!named.has(e.field) || e.column === null) errors.push(e);
      }
      return { row, parentId, outletId, errors, record };
    });
  }

  const tallyOf = (m: Map<number, OutletTally>, outletId: number | null) => {
    const k = outletId ?? 0;
    let t = m.get(k);
    if (!t) {
      t = { inFile: 0, imported: 0, rejected: 0, merged: 0, alreadyImported: 0 };
      m.set(k, t);
    }
    return t;
  };

  async function writeTallies(tx: Db, batchId: number, run: "dry" | "real", m: Map<number, OutletTally>) {
    if (!m.size) return;
    const e = [...m.entries()];
    const col = (f: keyof OutletTally) => sql.param(e.map(([, t]) => t[f]));
    await tx.execute(sql`insert into import_outlet_counts as c (batch_id, run, outlet_id, in_file, imported, rejected, merged, already_imported)
      select ${batchId}::int, ${run}::text, u.* from unnest(${sql.param(e.map(([k]) => k))}::int[], ${col("inFile")}::int[],
        ${col("imported")}::int[], ${col("rejected")}::int[], ${col("merged")}::int[], ${col("alreadyImported")}::int[])
        as u(outlet_id, in_file, imported, rejected, merged, already_imported)
      on conflict (batch_id, run, outlet_id) do update set in_file = c.in_file + excluded.in_file,
        imported = c.imported + excluded.imported, rejected = c.rejected + excluded.rejected,
        merged = c.merged + excluded.merged, already_imported = c.already_imported + excluded.already_imported`);
  }

  async function writeRejects(tx: Db, batchId: number, run: "dry" | "real", rows: CheckedRow[]) {
    const list = rows.flatMap((r) =>
      r.errors.map((e) => ({
        line: r.row.line,
        column: e.column,
        value: e.value,
        reason: e.reason,
        outletId: r.outletId,
      })),
    );
    if (!list.length) return;
    const col = <K extends keyof (typeof list)[number]>(k: K) => sql.param(list.map((x) => x[k]));
    await tx.execute(sql`insert into import_rejects (batch_id, run, line, "column", value, reason, outlet_id)
      select ${batchId}::int, ${run}::text, u.* from unnest(${col("line")}::int[], ${col("column")}::text[],
        ${col("value")}::text[], ${col("reason")}::text[], ${col("outletId")}::int[]) as u`);
  }

  /**
   * Source ids of this kind and system already kept, of those given: each looked up in the key's
   * index (a join on the unnested ids, which PostgreSQL plans well whatever it believes of the table).
   */
  async function alreadyKept(tx: Db, b: ImportBatchRow, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await rowsOf<{ source_id: string }>(
      tx,
      sql`select r.source_id from unnest(${sql.param(ids)}::text[]) as u(v)
          join import_records r on r.source_system = ${b.sourceSystem} and r.kind = ${b.kind} and r.source_id = u.v`,
    );
    return new Set(rows.map((r) => r.source_id));
  }

  /** Adds the time spent and rows done to the batch's progress. */
  const progress = (rows: number, seconds: number) =>
    sql`rows_done = rows_done + ${rows}::int, run_rows_done = run_rows_done + ${rows}::int,
        run_seconds = run_seconds + ${seconds}::real, updated_at = now()`;

  /**
   * The dry run: every row checked, nothing written but the report (rejects, counts per outlet).
   * Starts from the first row each time; its rows repeated in the file are found through
   * import_seen, so memory stays one chunk.
   */
  async function dryRun(batchId: number): Promise<void> {
    const b = await loadBatch(batchId);
    if (b?.state !== "checking") return;
    const handler = IMPORT_KIND_HANDLERS[b.kind];
    if (!handler) return;
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from import_rejects where batch_id = ${b.id} and run = 'dry'`);
      await tx.execute(sql`delete from import_outlet_counts where batch_id = ${b.id} and run = 'dry'`);
      await tx.execute(sql`delete from import_seen where batch_id = ${b.id}`);
      await tx.execute(sql`update import_batches set rows_ok = 0, rows_rejected = 0, already_imported = 0,
        created = 0, merged = 0, rows_done = 0, run_rows_done = 0, run_seconds = 0, error = null where id = ${b.id}`);
    });
    const ctx = await contextFor(b, handler);
    const mapper = mapperFor(b, ctx);
    let chunk: { line: number; cells: string[] }[] = [];
    let inFile = 0;
    const flush = async () => {
      const started = performance.now();
      const checked = await checkChunk(b, handler, ctx, mapper, chunk);
      const ids = checked.flatMap((c) => (c.row.sourceId ? [{ id: c.row.sourceId, line: c.row.line }] : []));
      const tallies = new Map<number, OutletTally>();
      let ok = 0;
      let rejected = 0;
      let already = 0;
      await db.transaction(async (tx) => {
        const kept = await alreadyKept(
          tx,
          b,
          ids.map((x) => x.id),
        );
        const fresh = ids.length
          ? await rowsOf<{ source_id: string }>(
              tx,
              sql`insert into import_seen (batch_id, source_id, line)
                  select ${b.id}::int, u.source_id, u.line from unnest(${sql.param(ids.map((x) => x.id))}::text[],
                    ${sql.param(ids.map((x) => x.line))}::int[]) as u(source_id, line)
                  on conflict do nothing returning source_id`,
            )
          : [];
        const firstSeen = new Set(fresh.map((r) => r.source_id));
        const usedHere = new Set<string>();
        const rejects: CheckedRow[] = [];
        for (const c of checked) {
          const t = tallyOf(tallies, c.outletId);
          t.inFile++;
          const sid = c.row.sourceId;
          // Repeated in the file (seen in an earlier chunk, or earlier in this one) or kept before.
          const repeated = sid !== null && (!firstSeen.has(sid) || usedHere.has(sid));
          if (sid !== null) usedHere.add(sid);
          if (sid !== null && (kept.has(sid) || repeated)) {
            t.alreadyImported++;
            already++;
          } else if (c.errors.length) {
            t.rejected++;
            rejected++;
            rejects.push(c);
          } else {
            t.imported++;
            ok++;
          }
        }
        await writeRejects(tx, b.id, "dry", rejects);
        await writeTallies(tx, b.id, "dry", tallies);
        await tx.execute(sql`update import_batches set rows_ok = rows_ok + ${ok}::int,
          rows_rejected = rows_rejected + ${rejected}::int, already_imported = already_imported + ${already}::int,
          ${progress(chunk.length, (performance.now() - started) / 1000)} where id = ${b.id}`);
      });
      inFile += chunk.length;
      chunk = [];
    };
    for await (const r of dataRows(b, 1)) {
      chunk.push(r);
      if (chunk.length >= o.chunkRows) await flush();
    }
    if (chunk.length) await flush();
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from import_seen where batch_id = ${b.id}`);
      await tx.execute(sql`update import_batches set state = 'checked', checked_at = now(), rows_in_file = ${inFile}::int,
        version = version + 1, updated_at = now() where id = ${b.id} and state = 'checking'`);
    });
  }

  /**
   * The run, from the cursor on: each chunk one transaction. Stops when the batch is no longer
   * running (paused) after the chunk in hand, or when another worker moved the cursor first.
   */
  async function run(batchId: number): Promise<void> {
    const b = await loadBatch(batchId);
    if (b?.state !== "running") return;
    const handler = IMPORT_KIND_HANDLERS[b.kind];
    if (!handler) return;
    const ctx = await contextFor(b, handler);
    const mapper = mapperFor(b, ctx);
    let cursor = b.lastLine;
    let chunk: { line: number; cells: string[] }[] = [];
    let inFile = b.rowsDone;
    const parentKind = IMPORT_KIND_PARENTS[b.kind];
    // import_records (and the kind's own tables) grow by a chunk a transaction, faster than
    // autovacuum's analyze follows: a planner that still believes this kind has a handful of keys
    // reads the kind's whole key range for every chunk's "already kept?" (114 ms a chunk at 650k
    // customers, growing with the table), and scans every customer for the match by e-mail or
    // mobile (337 ms). The run analyzes them itself each time its own rows have doubled.
    let analyzeAt = Math.max(inFile * 2, o.chunkRows * 4);

    /** Writes a chunk; false when the run must stop (paused, or the cursor is another worker's). */
    // Rows per second is the run's own pace: wall time between one chunk's write and the next's.
    let lastDone = performance.now();
    const elapsed = () => {
      const now = performance.now();
      const seconds = (now - lastDone) / 1000;
      lastDone = now;
      return seconds;
    };
    const commit = async (
      rows: { line: number; cells: string[] }[],
      checked: CheckedRow[],
    ): Promise<boolean> => {
      const endLine = rows[rows.length - 1].line;
      let state = "running";
      const written: ImportOutcome[] = [];
      try {
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`import:${b.sourceSystem}:${b.kind}`}))`,
          );
          const [now] = await rowsOf<{ last_line: number; state: string }>(
            tx,
            sql`select last_line, state from import_batches where id = ${b.id} for update`,
          );
          // Another worker moved on, or staff paused: this worker stops before writing anything.
          if (!now || now.last_line !== cursor || now.state !== "running") throw new CursorMoved();
          const kept = await alreadyKept(
            tx,
            b,
            checked.flatMap((c) => (c.row.sourceId ? [c.row.sourceId] : [])),
          );
          const tallies = new Map<number, OutletTally>();
          const usedHere = new Set<string>();
          const toWrite: CheckedRow[] = [];
          const rejects: CheckedRow[] = [];
          let already = 0;
          for (const c of checked) {
            const t = tallyOf(tallies, c.outletId);
            t.inFile++;
            const sid = c.row.sourceId;
            if (sid !== null && (kept.has(sid) || usedHere.has(sid))) {
              t.alreadyImported++;
              already++;
            } else if (c.errors.length || sid === null) {
              t.rejected++;
              rejects.push(c);
            } else toWrite.push(c);
            if (sid !== null) usedHere.add(sid);
          }
          const outcomes: ImportOutcome[] = toWrite.length
            ? await handler.write(
                tx,
                toWrite.map((c) => ({
                  line: c.row.line,
                  sourceId: c.row.sourceId as string,
                  record: c.record,
                  parentId: c.parentId,
                  outletId: c.outletId,
                })),
                ctx,
              )
            : [];
          if (outcomes.length !== toWrite.length)
            throw new Error(
              `The ${b.kind} writer answered ${outcomes.length} outcomes for ${toWrite.length} rows.`,
            );
          written.push(...outcomes);
          let created = 0;
          let merged = 0;
          toWrite.forEach((c, i) => {
            const t = tallyOf(tallies, c.outletId);
            if (outcomes[i].outcome === "created") {
              created++;
              t.imported++;
            } else {
              merged++;
              t.merged++;
            }
          });
          if (toWrite.length) {
            const col = <T>(f: (c: CheckedRow, i: number) => T) => sql.param(toWrite.map(f));
            await tx.execute(sql`insert into import_records (source_system, kind, source_id, record_id, batch_id, outcome, outlet_id, parent_record_id)
              select ${b.sourceSystem}::text, ${b.kind}::text, u.source_id, u.record_id, ${b.id}::int, u.outcome, u.outlet_id, u.parent_id
              from unnest(${col((c) => c.row.sourceId)}::text[], ${col((_, i) => outcomes[i].recordId)}::int[],
                ${col((_, i) => outcomes[i].outcome)}::text[], ${col((c) => c.outletId)}::int[],
                ${col((c) => (parentKind ? c.parentId : null))}::int[]) as u(source_id, record_id, outcome, outlet_id, parent_id)`);
          }
          await writeRejects(tx, b.id, "real", rejects);
          await writeTallies(tx, b.id, "real", tallies);
          const [after] = await rowsOf<{ state: string }>(
            tx,
            sql`update import_batches set last_line = ${endLine}::int, created = created + ${created}::int,
              merged = merged + ${merged}::int, already_imported = already_imported + ${already}::int,
              rows_rejected = rows_rejected + ${rejects.length}::int, rows_ok = rows_ok + ${toWrite.length}::int,
              ${progress(rows.length, elapsed())}
              where id = ${b.id} returning state`,
          );
          state = after.state;
        });
      } catch (err) {
        if (err instanceof CursorMoved) return false;
        throw err;
      }
      if (written.length && handler.afterCommit)
        await handler.afterCommit({ db, search: o.search }, written).catch((err) => {
          o.log.warn({ err, batchId: b.id }, "after an import chunk, the search index was not updated");
        });
      cursor = endLine;
      inFile += rows.length;
      if (inFile >= analyzeAt) {
        analyzeAt = inFile * 2;
        for (const table of ["import_records", ...(handler.grows ?? [])])
          await db.execute(sql`analyze ${sql.identifier(table)}`).catch((err) => {
            o.log.warn({ err, batchId: b.id, table }, "a table the import grows could not be analyzed");
          });
      }
      return state === "running";
    };

    // Two stages in step: while one chunk's transaction is in the database, the next is read and
    // checked here (a core each on a small server). Commits stay one after another, in file order.
    let pending: Promise<boolean> | null = null;
    const flush = async (): Promise<boolean> => {
      const rows = chunk;
      chunk = [];
      const checked = await checkChunk(b, handler, ctx, mapper, rows);
      if (pending && !(await pending)) return false;
      pending = commit(rows, checked);
      // Awaited before the next commit (or the end); until then its failure must not go unhandled.
      pending.catch(() => {});
      return true;
    };
    for await (const r of dataRows(b, cursor)) {
      chunk.push(r);
      if (chunk.length >= o.chunkRows && !(await flush())) return;
    }
    if (chunk.length && !(await flush())) return;
    if (pending && !(await pending)) return;
    await db.transaction(async (tx) => {
      const [done] = await rowsOf<{ id: number }>(
        tx,
        sql`update import_batches set state = 'imported', imported_at = now(), rows_in_file = ${inFile}::int,
          version = version + 1, updated_at = now() where id = ${b.id} and state = 'running' and last_line = ${cursor}::int
          returning id`,
      );
      if (done)
        await recordAccess(tx, {
          staff: ctx.actor.id ? { id: ctx.actor.id, roleId: null, outletId: null, regionId: null } : null,
          action: "import",
          resource: "import_batch",
          resourceId: b.id,
          screen: `import batch #${b.id} (${b.kind} from ${b.sourceSystem})`,
          outcome: "allowed",
        });
    });
  }

  /** Removes what the batch made, a chunk per transaction; rows it linked to existing records stay. */
  async function undo(batchId: number): Promise<void> {
    const b = await loadBatch(batchId);
    if (b?.state !== "undoing") return;
    const handler = IMPORT_KIND_HANDLERS[b.kind];
    if (!handler) return;
    const ctx = await contextFor(b, handler);
    for (;;) {
      const ids = (
        await rowsOf<{ record_id: number }>(
          db,
          sql`select record_id from import_records where batch_id = ${b.id} and outcome = 'created'
              order by record_id limit ${o.chunkRows}::int`,
        )
      ).map((r) => r.record_id);
      if (!ids.length) break;
      await db.transaction(async (tx) => {
        await handler.undo(tx, ids, ctx);
        await tx.execute(sql`delete from import_records where batch_id = ${b.id} and kind = ${b.kind}
          and record_id = any(${sql.param(ids)}::int[])`);
      });
      if (handler.afterUndo)
        await handler.afterUndo({ db, search: o.search }, ids).catch((err) => {
          o.log.warn({ err, batchId: b.id }, "after an import undo, the search index was not updated");
        });
    }
    await db.transaction(async (tx) => {
      // The links to records Loupe already had go too: the same file may be imported again.
      await tx.execute(sql`delete from import_records where batch_id = ${b.id}`);
      await tx.execute(sql`update import_batches set state = 'undone', undone_at = now(), version = version + 1,
        updated_at = now() where id = ${b.id}`);
      await recordAccess(tx, {
        staff: ctx.actor.id ? { id: ctx.actor.id, roleId: null, outletId: null, regionId: null } : null,
        action: "import",
        resource: "import_batch",
        resourceId: b.id,
        screen: `import batch #${b.id} undone`,
        outcome: "allowed",
      });
    });
  }

  /** A file that cannot be read, or a run the queue gave up on: the batch fails with the reason. */
  async function fail(batchId: number, err: unknown) {
    const message = err instanceof Error ? err.message : String(err);
    o.log.warn({ err, batchId }, "import failed");
    const why = err instanceof StoredBytesMissing ? "The file is no longer in the file store." : message;
    await db.execute(sql`update import_batches set state = 'failed', error = ${why.slice(0, 1000)},
      version = version + 1, updated_at = now() where id = ${batchId}`);
  }

  return { dryRun, run, undo, fail, loadBatch, contextFor, mapperFor, checkChunk, dataRows };
}

export type ImportEngine = ReturnType<typeof createImportEngine>;
