import pg from "pg";

/**
 * `npm run bench:prewarm`: reads the bench database's tables and indexes into the OS cache
 * (pg_prewarm), so the first benchmark runs after seeding or a reboot time the queries, not the
 * disk. Needs the right to create the pg_prewarm extension (a superuser, as locally).
 */
async function main() {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/loupe_bench";
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("create extension if not exists pg_prewarm");
    const started = performance.now();
    const { rows } = await client.query<{ relations: number; pages: string }>(
      `select count(*)::int as relations, coalesce(sum(pg_prewarm(c.oid, 'read')), 0) as pages
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'i', 't', 'm')`,
    );
    const { relations, pages } = rows[0];
    const mb = (Number(pages) * 8) / 1024;
    console.log(
      `prewarmed ${relations} tables and indexes, ${Number(pages).toLocaleString()} pages (${mb.toFixed(0)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
