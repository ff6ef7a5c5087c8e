import path from "node:path";
import type { Config } from "../../config";
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
      },
      config.migrationsDir,
      (url) => openPostgres(url, 1),
    );
    return openPostgres(config.DATABASE_URL, poolSize, servingTimeouts(config));
  }
  if (config.DATABASE_URL) {
    // Migrations on a connection of their own: an index built on a big table may take longer than
    // the statement timeout the serving pool has.
    const migrating = openPostgres(config.DATABASE_URL, 1);
    try {
      await runMigrations(migrating, config.migrationsDir);
    } finally {
      await migrating.close();
    }
    return openPostgres(config.DATABASE_URL, poolSize, servingTimeouts(config));
  }
  const database = await openPglite(path.join(config.dataDir, "pglite"));
  await runMigrations(database, config.migrationsDir);
  return database;
}

/** The serving pool's limits (ADR 0055): no request waits for ever for a connection or a statement. */
export function servingTimeouts(config: Config): PoolTimeouts {
  return {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
  };
}
