// A Loupe server in a child process for the kill -9 test (intake.pg.test.ts): the whole app on the
// test's PostgreSQL database with the fake store, listening on a free port it prints.
// Run: node --import tsx intake-server.fixtures.ts <database url> <secret>
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { openPostgres } from "../../platform/db/client";
import { fakeStore, fakeStores } from "./intake.fixtures";

const [url, secret] = process.argv.slice(2);
if (url && secret) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-intake-child-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://loupe.test",
    WEB_DIST: path.join(dataDir, "no-web"),
    INTAKE_SYNC_SECONDS: "0",
    SEED_DEMO: "false",
  });
  const database = openPostgres(url, 4);
  const store = fakeStore({ key: "ls-au", source: "lightspeed", regionId: 1, secret });
  buildApp({
    config,
    database,
    adapters: { email: null, sms: null, sales: fakeStores([store]) },
    logger: false,
  })
    .then(async (app) => {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      process.stdout.write(`port ${typeof address === "object" && address ? address.port : 0}\n`);
    })
    .catch((err) => {
      process.stderr.write(`${err}\n`);
      process.exit(1);
    });
}
