import pg from "pg";
import { loadConfig } from "../config";
import { openPostgres } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { seedDemoStaff } from "./demo-staff";
import { ensureReferenceData } from "./reference-data";

/** The benchmark database: DATABASE_URL, or a `loupe_bench` database on the local server, created and migrated. */
export async function openBenchDatabase() {
  const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/loupe_bench";
  const target = new URL(url);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString(),
  });
  await admin.connect();
  const name = target.pathname.slice(1);
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = openPostgres(url, 4);
  await runMigrations(database, loadConfig({}).migrationsDir);
  await ensureReferenceData(database.db);
  await seedDemoStaff(database.db);
  return { database, url };
}
