import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

// Moving a customer's rows to another customer (a merge, issue 46) and back (its undo). Each module
// moves its own tables with these, in its `<module>.merge.ts`, and answers the ids it moved: the
// merge keeps them, so the undo moves back exactly those rows and never one the kept customer got
// on its own since.

/** Ids moved per table (SQL name → row ids). */
export type MovedRows = Record<string, number[]>;
/**
 * Rows a merge had to remove because the kept customer may hold only one of them (a recall of the
 * same type, a second referral of the same person): their full rows, for the undo to put back.
 */
export type DroppedRows = Record<string, Record<string, unknown>[]>;

export interface CustomerRowsMove {
  moved: MovedRows;
  dropped?: DroppedRows;
}

type Table = PgTable & { id: PgColumn };

/** Points every row of `table` whose `column` is `fromId` at `toId`; answers their ids. */
export async function moveRows(
  tx: Db,
  table: Table,
  column: PgColumn,
  fromId: number,
  toId: number,
): Promise<number[]> {
  const rows = await tx
    .update(table)
    .set({ [keyOf(table, column)]: toId })
    .where(eq(column, fromId))
    .returning({ id: table.id });
  return rows.map((r) => r.id as number).sort((a, b) => a - b);
}

/** Points back at `backTo` those of `ids` whose `column` still is `nowAt`; answers how many. */
export async function moveRowsBack(
  tx: Db,
  table: Table,
  column: PgColumn,
  ids: number[],
  nowAt: number,
  backTo: number,
): Promise<number> {
  if (!ids.length) return 0;
  const rows = await tx
    .update(table)
    .set({ [keyOf(table, column)]: backTo })
    .where(and(inArray(table.id, ids), eq(column, nowAt)))
    .returning({ id: table.id });
  return rows.length;
}

/** The Drizzle property name of a column (what `.set()` takes), found on its table. */
function keyOf(table: Table, column: PgColumn): string {
  for (const [key, value] of Object.entries(table)) if (value === column) return key;
  throw new Error(`column ${column.name} is not on this table`);
}

/** A module's part of a merge: moves its rows of one customer to another, and back on undo. */
export interface CustomerRowsMover {
  move(tx: Db, fromId: number, toId: number): Promise<CustomerRowsMove>;
  /** Moves back what `move` moved (still at `keptId`) to `lostId` and puts back what it dropped. */
  moveBack(tx: Db, move: CustomerRowsMove, keptId: number, lostId: number): Promise<void>;
}

/** The mover of a module whose tables simply point at the customer: every row moves, none is dropped. */
export function plainCustomerMover(
  tables: { table: Table; column: PgColumn; name: string }[],
): CustomerRowsMover {
  return {
    async move(tx, fromId, toId) {
      const moved: MovedRows = {};
      for (const t of tables) moved[t.name] = await moveRows(tx, t.table, t.column, fromId, toId);
      return { moved };
    },
    async moveBack(tx, move, keptId, lostId) {
      for (const t of tables)
        await moveRowsBack(tx, t.table, t.column, move.moved[t.name] ?? [], keptId, lostId);
    },
  };
}

/** The rows of a raw statement, however the driver (pg, PGlite) answers them. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Full rows (SQL column names, as JSON) of `table` matching `where`: what an undo puts back. */
export async function snapshotRows(tx: Db, table: PgTable, where: SQL): Promise<Record<string, unknown>[]> {
  const result = await tx.execute(sql`select to_jsonb(${table}) as row from ${table} where ${where}`);
  return rowsOf<{ row: Record<string, unknown> }>(result).map((r) => r.row);
}

/** Inserts rows taken by `snapshotRows` back as they were, with their own ids. */
export async function restoreRows(tx: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  await tx.execute(
    sql`insert into ${table} select * from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`,
  );
}
