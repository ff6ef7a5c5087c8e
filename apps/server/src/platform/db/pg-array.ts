// A PostgreSQL array literal for one parameter: a bulk write hands each column to
// `unnest($1::text[], $2::int[], …)` as one value, so a batch of rows is one statement with a
// handful of parameters, the same on PGlite and node-postgres (neither needs its own array codec).

export type PgArrayValue = string | number | boolean | Date | null | undefined;

const element = (v: PgArrayValue): string => {
  if (v == null) return "NULL";
  if (v instanceof Date) return `"${v.toISOString()}"`;
  if (typeof v === "string") return `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return String(v);
};

/** `{"a","b\"c",NULL,3}`: quoted text (backslash and quote escaped), NULL for null, plain numbers. */
export const pgArray = (values: readonly PgArrayValue[]): string => `{${values.map(element).join(",")}}`;

/** A column of JSON values as a text array (cast `::jsonb[]` in SQL). */
export const pgJsonArray = (values: readonly unknown[]): string =>
  pgArray(values.map((v) => (v == null ? null : JSON.stringify(v))));

/** Rows of `db.execute`: node-postgres and PGlite both answer `{ rows }`. */
export const executedRows = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * The ids an `insert … select … from unnest(…) with ordinality … order by n returning id` made,
 * in the rows' order: the sequence hands out ids as the ordered rows are inserted, so ascending ids
 * are the input's order whatever order RETURNING lists them in.
 */
export const idsInInputOrder = (result: unknown): number[] =>
  executedRows<{ id: number }>(result)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
