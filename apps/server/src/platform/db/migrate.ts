import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

/** Applies the committed migrations; the same folder serves PGlite and Postgres. */
export async function runMigrations(database: Database, migrationsFolder: string): Promise<void> {
  if (database.kind === "pglite") {
    await migratePglite(database.db as PgDatabase<any, any> as any, { migrationsFolder });
  } else {
    await migrateNodePg(database.db as any, { migrationsFolder });
  }
}
