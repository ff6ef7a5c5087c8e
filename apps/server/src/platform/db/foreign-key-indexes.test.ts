import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/test-app";

/**
 * Every foreign key gets an index that starts with its columns: screens read children by parent
 * (a job's payments, a customer's prescriptions), and deleting a parent scans children without one.
 */
const database = useTestDatabase();

describe("foreign keys", () => {
  it("each has an index led by its columns", async () => {
    const missing = await database().query<{ fk: string }>(`
      select c.conrelid::regclass || '(' || string_agg(a.attname, ', ' order by k.ord) || ')' as fk
      from pg_constraint c
      cross join lateral unnest(c.conkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
        )
      group by c.conrelid, c.conname
      order by 1`);
    expect(missing.map((m) => m.fk)).toEqual([]);
  });
});
