import path from "node:path";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { createFileStorage } from "./integrations/file-storage";
import { type Database, openPglite, openPostgres } from "./platform/db/client";
import { runMigrations } from "./platform/db/migrate";
import { seedDemo } from "./seed/demo";
import { DEMO_LOGIN } from "./seed/demo-staff";
import { ensureReferenceData } from "./seed/reference-data";

async function main() {
  const config = loadConfig();
  const database: Database = config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL)
    : await openPglite(path.join(config.dataDir, "pglite"));
  await runMigrations(database, config.migrationsDir);
  if (config.SEED_DEMO === "true") await seedDemo(database.db, createFileStorage(config));
  else await ensureReferenceData(database.db);

  const app = await buildApp({ config, database });
  await app.listen({ port: config.PORT, host: config.HOST });
  const db = config.DATABASE_URL ? "PostgreSQL" : `embedded PGlite in ${config.dataDir}`;
  // Printed plainly (not only as a log line) so the README's first command shows how to get in.
  console.log(`\nLoupe is running at ${config.publicUrl}  (database: ${db})`);
  if (config.SEED_DEMO === "true") console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n`);

  const stop = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
