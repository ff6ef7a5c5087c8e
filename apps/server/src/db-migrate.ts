import { loadConfig } from "./config";
import { migrateAndOpen } from "./platform/db/setup";
import { ensureReferenceData } from "./seed/reference-data";

/**
 * `npm run db:migrate` (= `node apps/server/dist/db-migrate.js`): applies the migrations and, with
 * DATABASE_OWNER_URL, creates the server's role and grants it its rights (ADR 0026), then ensures
 * the reference data. The server does the same at start-up; this runs it ahead of a release.
 */
const config = loadConfig();
const database = await migrateAndOpen(config, 1);
try {
  await ensureReferenceData(database.db);
  console.log(config.DATABASE_OWNER_URL ? "migrated as the owner; the server's role is granted" : "migrated");
} finally {
  await database.close();
}
