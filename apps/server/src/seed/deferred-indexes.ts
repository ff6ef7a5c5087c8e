import type pg from "pg";

/**
 * Bulk seeds into large tables drop the tables' secondary indexes and foreign keys first and make
 * them again at the end: PostgreSQL builds an index from sorted rows in one pass, while keeping
 * trigram and random-key indexes up to date row by row through a COPY of millions thrashes the
 * buffer cache (the 2M-job seed spent most of its 990 s there); and a foreign key checks a COPY's
 * rows one by one at the end of the statement (five keys on 10M orders: 50M look-ups, spilled to
 * disk), where adding it afterwards validates every row in one join. Indexes that back a
 * constraint (primary keys, unique keys) stay, so ids and uniqueness are checked as rows arrive.
 *
 * The dropped definitions are written to `bench_deferred_indexes` before anything is dropped, in
 * the same transaction, so a seed killed half-way leaves them on record and the next seed (or
 * `restoreDeferredIndexes`) builds them before it starts.
 */
async function deferIndexes(client: pg.Client, tables: readonly string[]): Promise<number> {
  await client.query(
    "create table if not exists bench_deferred_indexes (name text primary key, definition text not null)",
  );
  // Foreign keys: dropped like the indexes, added again (and so validated) after them.
  const { rows: keys } = await client.query<{ name: string; definition: string }>(
    `select c.conname as name,
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname, pg_get_constraintdef(c.oid)) as definition
     from pg_constraint c join pg_class t on t.oid = c.conrelid
     where c.contype = 'f' and t.relname = any($1) and t.relnamespace = 'public'::regnamespace`,
    [tables],
  );
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
     from pg_index x
     join pg_class i on i.oid = x.indexrelid
     join pg_class t on t.oid = x.indrelid
     where t.relname = any($1) and t.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`,
    [tables],
  );
  await client.query("BEGIN");
  for (const r of rows) {
    await client.query(
      "insert into bench_deferred_indexes (name, definition) values ($1, $2) on conflict (name) do nothing",
      [r.name, r.definition],
    );
    await client.query(`drop index "${r.name}"`);
  }
  for (const k of keys) {
    await client.query(
      "insert into bench_deferred_indexes (name, definition) values ($1, $2) on conflict (name) do nothing",
      [k.name, k.definition],
    );
    await client.query(`${k.definition.replace(/ ADD CONSTRAINT .*/s, "")} DROP CONSTRAINT "${k.name}"`);
  }
  await client.query("COMMIT");
  return rows.length + keys.length;
}

/** Builds every index a seed dropped (this one's, or one that was killed), then forgets them. */
async function restoreDeferredIndexes(client: pg.Client, log = console.log): Promise<void> {
  const { rows: present } = await client.query(
    "select 1 from pg_class where relname = 'bench_deferred_indexes' and relnamespace = 'public'::regnamespace",
  );
  if (!present.length) return;
  const { rows } = await client.query<{ name: string; definition: string }>(
    // Indexes before foreign keys: validating a key reads the tables the indexes are built on.
    "select name, definition from bench_deferred_indexes order by definition like 'ALTER TABLE%', name",
  );
  // Sorting millions of keys wants memory; the server's default (64 MB) spills to disk.
  await client.query("set maintenance_work_mem = '1GB'");
  for (const r of rows) {
    const t = Date.now();
    const isKey = r.definition.startsWith("ALTER TABLE");
    const exists = isKey
      ? (await client.query("select 1 from pg_constraint where conname = $1", [r.name])).rowCount
      : 0;
    if (!exists)
      await client.query(r.definition.replace(/^CREATE (UNIQUE )?INDEX /, "CREATE $1INDEX IF NOT EXISTS "));
    await client.query("delete from bench_deferred_indexes where name = $1", [r.name]);
    log(`  ${isKey ? "key" : "index"} ${r.name} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  await client.query("drop table bench_deferred_indexes");
  await client.query("reset maintenance_work_mem");
}

/** Worth it only when the seed adds more rows than the table holds (a first or a doubling seed). */
async function shouldDeferIndexes(client: pg.Client, table: string, adding: number) {
  const { rows } = await client.query<{ n: string }>(
    "select greatest(reltuples, 0)::bigint as n from pg_class where relname = $1 and relnamespace = 'public'::regnamespace",
    [table],
  );
  return adding >= 100_000 && adding >= Number(rows[0]?.n ?? 0);
}

/**
 * A bulk seed's start: builds what a killed seed left dropped, then, when `adding` rows to `table`
 * makes it worth it, defers `tables`' indexes and keys. Answers what to call once the rows are in.
 */
export async function deferForBulkSeed(
  client: pg.Client,
  table: string,
  adding: number,
  tables: readonly string[],
): Promise<() => Promise<void>> {
  await restoreDeferredIndexes(client);
  if (!(await shouldDeferIndexes(client, table, adding))) return async () => {};
  console.log(`  ${await deferIndexes(client, tables)} secondary indexes and foreign keys deferred`);
  return async () => {
    const t = Date.now();
    await restoreDeferredIndexes(client);
    console.log(`  indexes in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
}
