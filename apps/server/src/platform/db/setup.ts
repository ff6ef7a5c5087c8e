import path from "node:path";
import type { Config } from "../../config";
import { latestMigration } from "../ops/health";
import { type Database, openPglite, openPostgres, type PoolTimeouts } from "./client";
import { runMigrations } from "./migrate";
import { migrateWithRoles } from "./roles";

/**
 * The migration command (`npm run db:migrate`, and start-up): with DATABASE_OWNER_URL, migrations
 * and grants run as the owner and the server's role is created when it is missing (ADR 0026);
 * otherwise the one configured database is migrated as before. Answers the database the server
 * then uses: DATABASE_URL's role, or the embedded PGlite, still as its superuser (the caller enters
 * the server's role once seeding is done: `enterServerRoleOnPglite`).
 */
export async function migrateAndOpen(config: Config, poolSize?: number): Promise<Database> {
  if (config.DATABASE_OWNER_URL && config.DATABASE_URL) {
    await migrateWithRoles(
      {
        ownerUrl: config.DATABASE_OWNER_URL,
        serverUrl: config.DATABASE_URL,
        adminUrl: config.DATABASE_ADMIN_URL,
        retentionUrl: config.DATABASE_RETENTION_URL,
      },
      config.migrationsDir,
      (url) => openPostgres(url, 1),
    );
    return openPostgres(config.DATABASE_URL, poolSize, servingTimeouts(config));
  }
  if (!config.DATABASE_URL) {
    const database = await openPglite(path.join(config.dataDir, "pglite"));
    await runMigrations(database, config.migrationsDir);
    return database;
  }
  // Migrations on a connection of their own: an index built on a big table may take longer than
  // the statement timeout the serving pool has.
  const migrating = openPostgres(config.DATABASE_URL, 1);
  try {
    await migrateIfPending(migrating, config.migrationsDir);
  } finally {
    await migrating.close();
  }
  return openPostgres(config.DATABASE_URL, poolSize, servingTimeouts(config));
}

/** The serving pool's limits (ADR 0055): no request waits for ever for a connection or a statement. */
export function servingTimeouts(config: Config): PoolTimeouts {
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
  };
}

/**
 * A server given only its own role (issue 43): the migrator's first statement, `CREATE SCHEMA IF NOT
 * EXISTS drizzle`, needs CREATE on the database even when nothing is pending, so it runs only when
 * the committed journal is ahead of the database. A role that owns its tables (one-role
 * installations) still migrates at start; the server's role is told to run `db:migrate`.
 */
export async function migrateIfPending(database: Database, migrationsDir: string): Promise<void> {
  if (await migrationsCurrent(database, migrationsDir)) return;
  try {
    await runMigrations(database, migrationsDir);
  } catch (err) {
    if ((err as { code?: string }).code !== "42501") throw err;
    throw new Error(
      "Migrations are pending and DATABASE_URL's role may not apply them: run `npm run db:migrate` " +
        "with DATABASE_OWNER_URL set (docs/deploy.md, two database roles), then start the server again.",
      { cause: err },
    );
  }
}

/** Whether the database holds the newest committed migration (what `/readyz` checks). */
export async function migrationsCurrent(database: Database, migrationsDir: string): Promise<boolean> {
  const expected = latestMigration(migrationsDir);
  if (!expected) return true;
  try {
    const [row] = await database.query<{ latest: string | number | null }>(
      "select max(created_at) as latest from drizzle.__drizzle_migrations",
    );
    return row?.latest != null && Number(row.latest) >= expected.when;
  } catch (err) {
    // No migrations table yet (a fresh database), or not readable by this role: let the migrator say.
    if (["42P01", "3F000", "42501"].includes((err as { code?: string }).code ?? "")) return false;
    throw err;
  }
}
