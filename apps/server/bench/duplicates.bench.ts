import path from "node:path";
import pg from "pg";
import { createDuplicateFinder } from "../src/modules/customer-merges";
import { openPostgres } from "../src/platform/db/client";
import { runMigrations } from "../src/platform/db/migrate";
import { ensureReferenceData } from "../src/seed/reference-data";

/**
 * `npm run bench:duplicates [-- N]`: the duplicate finder (issue 46) over N customers (default
 * 1,000,000) in a fresh PostgreSQL database (BENCH_DATABASE_URL, default the local server), a few
 * percent of them planted duplicates of another (the same e-mail in other capitals, the mobile in
 * E.164, a first name misspelt with the same birth date). Times a full run, then an incremental run
 * after 1,000 edits and 300 new customers. The database is dropped at the end (KEEP_DB=1 keeps it).
 */
const N = Number(process.argv[2] ?? process.env.N ?? 1_000_000);
const base = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const FIRST =
  `Olivia Charlotte Amelia Isla Mia Ava Grace Willow Harper Chloe Ella Sophie Evie Ruby Zoe Matilda
  Lily Sienna Emily Isabella Hannah Lucy Georgia Sarah Jessica Emma Laura Rebecca Rachel Megan Oliver Noah
  Jack William Leo Lucas Thomas Henry Charlie James Ethan Mason Hudson Archie Harrison Liam Samuel Max Oscar
  Isaac Daniel Benjamin Joshua Ryan Matthew Andrew David Michael Peter Paul Mark Simon Stephen Christopher
  Anthony Nathan Aaron Adam Alexander Tane Aroha Ngaio Wiremu Mere Hemi Manaia Kahu Anahera Nikau Priya Raj
  Wei Mei Hiroshi Yuki Omar Fatima Ali Layla Mateo Sofia Lucia Diego Elena Marco Giulia Pierre Camille
  Lars Ingrid Sven Astrid Kofi Amara Chidi Zainab`
    .split(/\s+/)
    .filter(Boolean);
const LAST =
  `Smith Jones Williams Brown Wilson Taylor Johnson White Martin Anderson Thompson Nguyen Thomas Walker
  Harris Lee Ryan Robinson Kelly King Davis Wright Evans Roberts Green Hall Wood Jackson Clarke Patel Khan
  Singh Chen Wang Li Zhang Liu Tran Le Pham Kim Park Choi Sato Suzuki Takahashi Tanaka Watanabe Ngata Parata
  Tamihana Walker Henare Rangi Tipene Murphy OBrien Byrne Walsh Gallagher Campbell Stewart MacDonald Scott
  Reid Murray Ross Young Mitchell Baker Cooper Morgan Hughes Edwards Collins Bell Murphy Cook Rogers Morris
  Rossi Russo Ferrari Esposito Bianchi Romano Colombo Garcia Martinez Rodriguez Lopez Hernandez Gonzalez
  Muller Schmidt Schneider Fischer Weber Meyer Wagner Becker Dubois Durand Lefebvre Moreau Laurent Simon
  Michel Leroy Larsen Hansen Nielsen Jensen Andersen Pedersen Okafor Mensah Adeyemi Osei Diallo`
    .split(/\s+/)
    .filter(Boolean);
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(",")}]`;

async function main() {
  const name = `loupe_dup_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 4);
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  try {
    let t0 = performance.now();
    await runMigrations(database, path.resolve(import.meta.dirname, "../drizzle"));
    await ensureReferenceData(database.db);
    // Loaded without the customers' indexes, which are built once after (much faster than per row).
    const indexes = (await q(
      "select indexname, indexdef from pg_indexes where tablename = 'customers' and indexname <> 'customers_pkey'",
    )) as { indexname: string; indexdef: string }[];
    for (const i of indexes) await q(`drop index ${i.indexname}`);
    const regions = ((await q("select id from regions order by id")) as { id: number }[]).map((r) => r.id);
    // Every 33rd row (3%) is a planted duplicate of the row 7 before it: by e-mail, by mobile, or
    // by name misspelt with the same birth date, in turn.
    await q(`
      with base as (
        select i,
          (${sqlArray(FIRST)})[1 + (hashint4(i) & 2147483647) % ${FIRST.length}] as first_name,
          (${sqlArray(LAST)})[1 + (hashint4(i + 7777777) & 2147483647) % ${LAST.length}] as last_name,
          case when (hashint4(i + 3) & 2147483647) % 100 < 70
            then date '1940-01-01' + (hashint4(i + 5) & 2147483647) % 25500 end as dob,
          (hashint4(i + 9) & 2147483647) % 100 as roll
        from generate_series(1, ${N}) i
      ),
      src as (
        select b.i, b.roll,
          case when b.i % 33 = 0 then o.first_name else b.first_name end as first_name,
          case when b.i % 33 = 0 then o.last_name else b.last_name end as last_name,
          case when b.i % 33 = 0 then o.dob else b.dob end as dob,
          case when b.i % 33 = 0 then o.i else b.i end as person,
          case when b.i % 33 = 0 then (b.i / 33) % 3 else -1 end as kind
        from base b left join base o on o.i = b.i - 7
      )
      insert into customers (first_name, last_name, email, mobile, dob, region_id, outlet_id, created_at, updated_at)
      select
        case when kind = 2 then left(first_name, 1) || substr(first_name, 3) else first_name end,
        last_name,
        case when kind = 0 then upper(lower(first_name) || '.' || lower(last_name) || person || '@example.com')
             when kind in (1, 2) then null
             when roll < 85 then lower(first_name) || '.' || lower(last_name) || person || '@example.com' end,
        case when kind = 1 then '+614' || lpad((person % 100000000)::text, 8, '0')
             when kind in (0, 2) then null
             when roll < 80 then '04' || substr(lpad((person % 100000000)::text, 8, '0'), 1, 2) || ' '
               || substr(lpad((person % 100000000)::text, 8, '0'), 3, 3) || ' '
               || substr(lpad((person % 100000000)::text, 8, '0'), 6, 3) end,
        case when kind = 1 then null else dob end,
        ${regions[0] ?? "null"}, null,
        now() - interval '400 days' + i * interval '10 seconds', now() - interval '400 days' + i * interval '10 seconds'
      from src order by i`);
    console.log(
      `seeded ${N.toLocaleString()} customers in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    t0 = performance.now();
    for (const i of indexes) await q(i.indexdef);
    await q("analyze customers");
    console.log(`customers' indexes built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const finder = createDuplicateFinder(database.db);
    const full = await finder.run(true);
    const planted = Math.floor(N / 33);
    const [{ found }] = (await q(`select count(*)::int as found from customer_duplicate_pairs p
      where p.b_id % 33 = 0 and p.a_id = p.b_id - 7`)) as { found: number }[];
    // A planted duplicate can be found only when its original has a fact it shares (an e-mail copy
    // shares the name and birth date too).
    const [{ findable }] =
      (await q(`select count(*)::int as findable from customers d join customers o on o.id = d.id - 7
      where d.id % 33 = 0 and case (d.id / 33) % 3 when 0 then o.email is not null or o.dob is not null
        when 1 then o.mobile is not null else o.dob is not null end`)) as { findable: number }[];
    console.log(
      `full run: ${full.customers.toLocaleString()} customers, ${full.pairs.toLocaleString()} pairs, ${(full.ms / 1000).toFixed(1)} s` +
        ` (planted ${planted.toLocaleString()}, of them findable ${Number(findable).toLocaleString()}, found ${Number(found).toLocaleString()})`,
    );

    // The next hour's work: 1,000 edits and 300 new customers, 100 of them duplicates of old ones.
    await q(
      `update customers set occupation = 'Edited', updated_at = now() where id % 997 = 0 and id <= 997000`,
    );
    await q(`insert into customers (first_name, last_name, email, dob, region_id, created_at, updated_at)
      select c.first_name, c.last_name, case when g % 3 = 0 then upper(c.email) else 'new' || g || '@example.net' end,
        c.dob, c.region_id, now(), now()
      from generate_series(1, 300) g join customers c on c.id = g * 1001`);
    await q("analyze customers");
    const inc = await finder.run(false);
    console.log(
      `incremental run: ${inc.customers.toLocaleString()} changed customers against everyone, ${inc.pairs.toLocaleString()} pairs, ${(inc.ms / 1000).toFixed(2)} s`,
    );
    const again = await finder.run(false);
    console.log(
      `incremental run with nothing changed: ${again.customers} customers, ${(again.ms / 1000).toFixed(2)} s`,
    );
  } finally {
    await database.close();
    if (!process.env.KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
