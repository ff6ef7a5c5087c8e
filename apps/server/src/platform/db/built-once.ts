import { type Placeholder, sql } from "drizzle-orm";
import { type Db, statementName } from "./client";
import { refuseInsideOpenTransaction } from "./request-transaction";

/** What Drizzle keeps of a built select: its text, its parameters (placeholders among them) and how to map a row. */
interface Built {
  query: { sql: string; params: unknown[] };
  /** The named statement it runs as on PostgreSQL (PGlite ignores the name); none past the cap. */
  name: string | undefined;
  fields: unknown;
  joinsNotNullableMap: unknown;
}

/** The part of a Drizzle session this needs (not in Drizzle's public types). */
interface Session {
  prepareQuery(
    query: Built["query"],
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
    customResultMapper: undefined,
    queryMetadata: { type: "select"; tables: string[] },
  ): { joinsNotNullableMap: unknown; execute(values: Record<string, unknown>): Promise<unknown> };
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
        joinsNotNullableMap: prepared.joinsNotNullableMap,
      };
    }
    const session = (db as unknown as { session: Session }).session;
    const query = session.prepareQuery(built.query, built.fields, built.name, true, undefined, {
      type: "select",
      tables: [],
    });
    query.joinsNotNullableMap = built.joinsNotNullableMap;
    return (await query.execute(values)) as Row[];
  };
}
