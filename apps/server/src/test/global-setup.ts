import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../config";
import { openPglite, openPostgres } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";
import { seedDemoStaff } from "../seed/demo-staff";
import { ensureReferenceData } from "../seed/reference-data";

/**
 * Migrates and seeds one template database for the whole run; every test file then starts from a
 * copy (a PGlite data-dir dump, or CREATE DATABASE … TEMPLATE on Postgres) instead of migrating again.
 */
export default async function setup() {
  const { migrationsDir } = loadConfig({});
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `loupe_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${name}`;
    const database = openPostgres(tplUrl.toString(), 2);
    await runMigrations(database, migrationsDir);
    await ensureReferenceData(database.db);
    await seedDemoStaff(database.db);
    await database.close();
    process.env.LOUPE_TEST_TEMPLATE_DB = name;
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openPglite();
  await runMigrations(database, migrationsDir);
  await ensureReferenceData(database.db);
  await seedDemoStaff(database.db);
  const client = (database.db as any).$client;
  const dump: Blob = await client.dumpDataDir("gzip");
  const file = path.join(os.tmpdir(), `loupe-test-template-${process.pid}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  process.env.LOUPE_TEST_TEMPLATE = file;
  return () => fs.rmSync(file, { force: true });
}
