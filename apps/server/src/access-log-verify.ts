import { createPublicKey } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "./config";
import { createFileStorage } from "./integrations/file-storage";
import { checkAnchors, fileStoreAnchors, verifyAccessLog } from "./modules/access-log";
import { openPglite, openPostgres } from "./platform/db/client";

/**
 * `npm run audit:verify -- --public-key anchor-public.pem [--restored-copy]` (= `node
 * apps/server/dist/audit-verify.js`, no dev dependencies): checks the access log's hash chain in the
 * configured database, then the database against every anchor it holds and the file store's latest,
 * believing only those the given public key verifies (issue 43: the key comes from outside the
 * server's data, so a server that made itself a new key is caught). Exits 1 on any problem, 2 when
 * called wrongly.
 */
const usage =
  "usage: audit:verify --public-key <anchor public key, SPKI PEM> [--restored-copy]\n" +
  "  The public key is the anchor key's public half, kept apart from the server " +
  "(openssl pkey -in access-log-anchor-key.pem -pubout).";
let args: { "public-key"?: string; "restored-copy"?: boolean };
try {
  args = parseArgs({
    options: { "public-key": { type: "string" }, "restored-copy": { type: "boolean" } },
  }).values;
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
if (!args["public-key"]) {
  console.error(usage);
  process.exit(2);
}
let publicKey: ReturnType<typeof createPublicKey>;
try {
  publicKey = createPublicKey(fs.readFileSync(args["public-key"]));
} catch (err) {
  console.error(`cannot read the public key ${args["public-key"]}: ${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const config = loadConfig();
const database = config.DATABASE_URL
  ? openPostgres(config.DATABASE_URL, 1)
  : await openPglite(path.join(config.dataDir, "pglite"));
try {
  const chain = await verifyAccessLog(database);
  const anchor = await checkAnchors(
    database,
    await fileStoreAnchors(createFileStorage(config)).latest(),
    publicKey,
    { restoredCopy: args["restored-copy"] },
  );
  console.log(JSON.stringify({ ok: chain.ok && anchor.ok, chain, anchor }, null, 2));
  process.exitCode = chain.ok && anchor.ok ? 0 : 1;
} finally {
  await database.close();
}
