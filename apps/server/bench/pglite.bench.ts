import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config";
import { createFileStorage } from "../src/integrations/file-storage";
import { openPglite } from "../src/platform/db/client";
import { runMigrations } from "../src/platform/db/migrate";
import { seedDemo } from "../src/seed/demo";
import { signedInApp } from "./bench-app";
import { measure, ms } from "./stats";

/**
 * `npm run bench:pglite`: the embedded demo as `npm start` runs it (PGlite in a fresh data
 * directory, demo data seeded), one client: the jobs list and the customers list through the real
 * endpoints (app.inject, auth included), p50 and p95.
 * Issue 16's target: p50 ≤ 20 ms each.
 */
async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-pglite-bench-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", SEED_DEMO: "true" });
  const database = await openPglite(path.join(dataDir, "pglite"));
  await runMigrations(database, config.migrationsDir);
  await seedDemo(database.db, createFileStorage(config));
  const { app, token, close } = await signedInApp(config, database);
  const headers = { authorization: `Bearer ${token}` };
  const [{ jobs, customers }] = await database.query<{ jobs: number; customers: number }>(
    "select (select count(*)::int from orders) as jobs, (select count(*)::int from customers) as customers",
  );
  const [inProgress] = await database.query<{ id: number }>(
    "select id from statuses where kind = 'dispense' and slug = 'in-progress'",
  );
  console.log(
    `PGlite demo: ${jobs.toLocaleString()} jobs, ${customers.toLocaleString()} customers, one client`,
  );
  const cases = [
    ["jobs list (page 1)", "/api/staff/orders?page=1&action=list&order_item_append=next_scheduled_date"],
    ["jobs list (status tab)", `/api/staff/orders?page=1&dispense_status_id=${inProgress.id}&action=list`],
    ["customers list (page 1)", "/api/v4/users?customer=1&page=1&per_page=15"],
    ["customers search (name)", "/api/v4/users?customer=1&q=smith"],
  ] as const;
  console.log("case                         p50       p95");
  for (const [name, url] of cases) {
    const r = await measure(async () => {
      const res = await app.inject({ method: "GET", url, headers });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    }, 100);
    console.log(`${name.padEnd(26)} ${ms(r.p50)}  ${ms(r.p95)}`);
  }
  await close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
