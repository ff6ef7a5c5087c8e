import path from "node:path";
import { loadConfig } from "./config";
import { verifyAccessLog } from "./modules/access-log/access-log.verify";
import { openPglite, openPostgres } from "./platform/db/client";

/** `npm run audit:verify`: checks the access log's hash chain in the configured database. */
const config = loadConfig();
const database = config.DATABASE_URL
  ? openPostgres(config.DATABASE_URL, 1)
  : await openPglite(path.join(config.dataDir, "pglite"));
try {
  const report = await verifyAccessLog(database);
  console.log(JSON.stringify(report, null, 2));
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
