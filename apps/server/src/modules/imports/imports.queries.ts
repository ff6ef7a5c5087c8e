// What the imports read of other modules' tables: outlets with their region's country, and staff names.
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { rowsOf } from "../../platform/db/rows";
import type { ImportOutlet } from "./import-kind";

export const importOutlets = (db: Db): Promise<ImportOutlet[]> =>
  rowsOf<ImportOutlet>(
    db,
    sql`select o.id, o.abbreviation, o.name, o.region_id as "regionId", r.country_code as country
        from outlets o join regions r on r.id = o.region_id where o.is_active order by o.id`,
  );

export async function outletNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, name from outlets where id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function staffNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, trim(first_name || ' ' || last_name) as name from staff_users where id = any(${sql.param(ids)}::int[])`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
