import type { Database } from "../../platform/db/client";

/** Every table that holds a customer's rows, with the column(s) that name the customer. */
export const CUSTOMER_TABLES: { table: string; columns: string[] }[] = [
  { table: "prescriptions", columns: ["customer_id"] },
  { table: "pds", columns: ["customer_id"] },
  { table: "files", columns: ["customer_id"] },
  { table: "notes", columns: ["customer_id"] },
  { table: "billing_addresses", columns: ["customer_id"] },
  { table: "orders", columns: ["customer_id"] },
  { table: "payments", columns: ["customer_id"] },
  { table: "quotes", columns: ["customer_id"] },
  { table: "job_messages", columns: ["customer_id"] },
  { table: "customer_recalls", columns: ["customer_id"] },
  { table: "recall_steps", columns: ["customer_id"] },
  { table: "referrals", columns: ["referrer_id", "referee_id"] },
  { table: "intake_customer_links", columns: ["customer_id"] },
  { table: "shop_login_tokens", columns: ["customer_id"] },
  { table: "lens_orders", columns: ["customer_id"] },
];

let unique = 0;

/**
 * Inserts one row of `table` with `values`, every other required column filled in: a foreign key
 * with the target's first row, anything else with a plain value of its type. For tests that need
 * "one of each" row of a customer, not the flows that make them.
 */
export async function insertRow(
  database: Database,
  table: string,
  values: Record<string, unknown>,
): Promise<number> {
  const required = await database.query<{ column_name: string; data_type: string }>(
    `select column_name, data_type from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_nullable = 'NO' and column_default is null
       and is_generated = 'NEVER'`,
    [table],
  );
  const fks = await database.query<{ column_name: string; target: string }>(
    `select a.attname as column_name, c.confrelid::regclass::text as target
     from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.conrelid = $1::regclass`,
    [table],
  );
  const row: Record<string, unknown> = { ...values };
  for (const col of required) {
    if (col.column_name in row) continue;
    const fk = fks.find((f) => f.column_name === col.column_name);
    if (fk) {
      const [target] = await database.query<{ id: number }>(`select min(id) as id from ${fk.target}`);
      // A table with no row yet gets one of its own, filled in the same way.
      row[col.column_name] = target.id ?? (await insertRow(database, fk.target, {}));
      continue;
    }
    unique++;
    row[col.column_name] =
      col.data_type === "integer" || col.data_type === "numeric" || col.data_type === "bigint"
        ? 1
        : col.data_type === "boolean"
          ? false
          : col.data_type === "date"
            ? "2026-01-01"
            : col.data_type.startsWith("timestamp")
              ? new Date().toISOString()
              : col.data_type === "jsonb" || col.data_type === "ARRAY"
                ? "{}"
                : `merge-test-${unique}-${Math.random().toString(36).slice(2, 8)}`;
  }
  const names = Object.keys(row);
  const [inserted] = await database.query<{ id: number }>(
    `insert into ${table} (${names.join(", ")}) values (${names.map((_, i) => `$${i + 1}`).join(", ")}) returning id`,
    Object.values(row),
  );
  return Number(inserted.id);
}

/** Every row of every customer table naming one of these customers, as JSON, sorted: to compare whole. */
export async function customerRowSets(database: Database, ids: number[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const { table, columns } of CUSTOMER_TABLES) {
    const where = columns.map((c) => `${c} = any($1::int[])`).join(" or ");
    const rows = await database.query<{ row: unknown }>(
      `select to_jsonb(t) as row from ${table} t where ${where} order by id`,
      [`{${ids.join(",")}}`],
    );
    out[table] = rows.map((r) => JSON.stringify(r.row));
  }
  return out;
}
