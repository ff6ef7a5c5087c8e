import path from "node:path";
import { loadConfig } from "./config";
import { createFileStorage } from "./integrations/file-storage";
import { anchorKey, checkAgainstAnchor, fileStoreAnchors, verifyAccessLog } from "./modules/access-log";
import { openPglite, openPostgres } from "./platform/db/client";

/**
 * `npm run audit:verify` (= `node apps/server/dist/audit-verify.js`, no dev dependencies): checks the
 * access log's hash chain in the configured database, then the database against the latest signed
 * anchor in the file store (ADR 0026). Exits 1 on any problem.
 */
const config = loadConfig();
const database = config.DATABASE_URL
  ? openPostgres(config.DATABASE_URL, 1)
  : await openPglite(path.join(config.dataDir, "pglite"));
try {
  const chain = await verifyAccessLog(database);
  const anchor = await checkAgainstAnchor(
    database,
    await fileStoreAnchors(createFileStorage(config)).latest(),
    anchorKey(config, false),
  );
  console.log(JSON.stringify({ ok: chain.ok && anchor.ok, chain, anchor }, null, 2));
  process.exitCode = chain.ok && anchor.ok ? 0 : 1;
} finally {
  await database.close();
}
