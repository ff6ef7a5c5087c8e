import { Column, getTableName, is, type Placeholder, SQL, sql } from "drizzle-orm";
import { type Db, statementName } from "./client";
import { refuseInsideOpenTransaction } from "./request-transaction";

/** What Drizzle keeps of a built select: its text, its parameters (placeholders among them) and how to map a row. */
interface Built {
  query: { sql: string; params: unknown[] };
  /** The named statement it runs as on PostgreSQL (PGlite ignores the name); none past the cap. */
  name: string | undefined;
  fields: unknown;
  /**
   * Maps the driver's rows (arrays) to the select's objects, as Drizzle's own mapping would: with
   * it, Drizzle reads neither the fields nor the joins' map when a row comes back.
   */
  mapRows: (rows: unknown[][]) => unknown[];
}

/** A selected field as Drizzle orders them: where it goes in the row object, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** What Drizzle decodes a field's value with (its `mapResultRow`, in the same order of tests). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // An SQL's decoder is Drizzle's own (not in its public types).
  type Decoded = { decoder: Decoder };
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  const f = field as { _?: { sql: Decoded }; sql?: Decoded };
  return (f._?.sql ?? f.sql)!.decoder;
}

/**
 * A row mapper made once for a select's fields: the same objects as Drizzle's `mapResultRow`, which
 * works out, for every value of every row, what kind of field it is (`is`, walking classes) and
 * where it goes. On the lens options' 24 rows × 49 columns that was ~0.4 ms of a call's CPU.
 * A joined table's object is null when its first column is null and the join may leave it out
 * (`joinsNotNullableMap`), as Drizzle decides it.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => unknown[] {
  const columns = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    // Only a table's column nested one level decides whether its object is a missing join's.
    table: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < columns.length; i++) {
      const { path, decoder, table } = columns[i];
      let node = result;
      for (let p = 0; p < path.length - 1; p++) node = (node[path[p]] ??= {}) as Record<string, unknown>;
      const raw = row[i];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[path[path.length - 1]] = value;
      if (table !== null) {
        const object = path[0];
        if (!(object in nullify)) nullify[object] = value === null ? table : false;
        else if (typeof nullify[object] === "string" && nullify[object] !== table) nullify[object] = false;
      }
    }
    for (const object in nullify) {
      const table = nullify[object];
      if (typeof table === "string" && !joinsNotNullableMap?.[table]) result[object] = null;
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}

/** The part of a Drizzle session this needs (not in Drizzle's public types). */
interface Session {
  prepareQuery(
    query: Built["query"],
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper: Built["mapRows"],
    queryMetadata: { type: "select"; tables: string[] },
  ): { execute(values: Record<string, unknown>): Promise<unknown> };
}

/**
 * A select whose SQL text is built once per process, then run with each call's values on the
 * handle the call is given (the request's transaction when one is open, as `db.select` would).
 * Building the text is Drizzle's most expensive step on a small read: on the job edit's lens
 * options it was about a fifth of the server's CPU per call (three wide selects, every column
 * walked and quoted on each call). `build` receives placeholders for its values and must not
 * otherwise depend on them; the answer is what `build(db, values)` would have answered.
 * On PostgreSQL it runs as a named statement: each pooled connection parses and plans it once,
 * then only binds the values (the timeline's SQL: 0.78 ms planned each time, 0.07 planned once;
 * ADR 0046). So a select built once must read by ids or keys, whose plan does not hinge on the
 * values.
 */
export function builtOnce<K extends string, Row>(
  keys: readonly K[],
  build: (db: Db, values: Record<K, Placeholder>) => PromiseLike<Row[]>,
): (db: Db, values: Record<K, unknown>) => Promise<Row[]> {
  let built: Built | undefined;
  return async (db, values) => {
    refuseInsideOpenTransaction("db.select");
    if (!built) {
      const placeholders = Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)])) as unknown as Record<
        K,
        Placeholder
      >;
      const builder = build(db, placeholders) as unknown as {
        toSQL(): Built["query"];
        _prepare(): { fields: unknown; joinsNotNullableMap: unknown };
      };
      const prepared = builder._prepare();
      const query = builder.toSQL();
      built = {
        query,
        name: statementName(query.sql),
        fields: prepared.fields,
        mapRows: compileRowMapper(
          prepared.fields as SelectedField[],
          prepared.joinsNotNullableMap as Record<string, boolean> | undefined,
        ),
      };
    }
    const session = (db as unknown as { session: Session }).session;
    const query = session.prepareQuery(built.query, built.fields, built.name, true, built.mapRows, {
      type: "select",
      tables: [],
    });
    return (await query.execute(values)) as Row[];
  };
}
