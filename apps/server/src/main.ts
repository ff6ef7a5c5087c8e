import { buildApp } from "./app";
import { loadConfig, productionProblems } from "./config";
import { createFileStorage } from "./integrations/file-storage";
import type { Database } from "./platform/db/client";
import { enterServerRoleOnPglite } from "./platform/db/roles";
import { migrateAndOpen } from "./platform/db/setup";
import { timeZoneRulesProblem } from "./platform/ops/time-zone-rules";
import { seedDemo } from "./seed/demo";
import { demoSeedDecision } from "./seed/demo-guard";
import { DEMO_LOGIN, DEMO_MANAGERS } from "./seed/demo-staff";
import { ensureReferenceData } from "./seed/reference-data";

async function main() {
  // Before anything else: a server on stale zone rules would print times that disagree with the screen.
  const stale = timeZoneRulesProblem(process.versions.tz, process.version);
  if (stale) {
    console.error(stale);
    process.exit(1);
  }
  const config = loadConfig();
  const problems = productionProblems(config);
  if (problems.length > 0) {
    console.error(
      `Loupe will not start with NODE_ENV=production:\n${problems.map((p) => `  - ${p}`).join("\n")}\n` +
        "See docs/deploy.md and .env.example.",
    );
    process.exit(1);
  }
  const database: Database = await migrateAndOpen(config);
  // The demo goes only into an empty database or its own, and never above its size (issue 31).
  const demo = config.seedDemo ? await demoSeedDecision(database.db) : null;
  if (demo?.seed) await seedDemo(database.db, createFileStorage(config));
  else {
    if (demo) console.log(`Demo data not seeded: ${demo.reason}. SEED_DEMO=false says so at start.`);
    await ensureReferenceData(database.db);
  }
  // The embedded database's stand-in for the two roles (ADR 0026): from here on the one connection
  // runs as a role that owns nothing.
  if (database.kind === "pglite") await enterServerRoleOnPglite(database);

  const app = await buildApp({ config, database });

  // The first SIGTERM/SIGINT drains: stop accepting connections, let in-flight requests finish, stop
  // the background loops, close the database. A second signal, or the timeout, ends the process at once.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals | "fault", exitCode = 0) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting for in-flight requests.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received: draining in-flight requests, then stopping.`);
    setTimeout(() => {
      console.error(`Still busy after ${config.SHUTDOWN_TIMEOUT_SECONDS} s: exiting.`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_SECONDS * 1000).unref();
    try {
      await app.close();
      await database.close();
      console.log("Stopped.");
      process.exit(exitCode);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on("SIGTERM", (s) => void stop(s));
  process.on("SIGINT", (s) => void stop(s));
  // The last line, not the fix (ADR 0048): every stream gets its listener where it is made, so no
  // request can raise one of these. If something still does, the process is in a state no one can
  // vouch for: the error goes to the log in full, in-flight requests finish, and the process exits
  // non-zero for its supervisor to start it again, instead of dying mid-request for everyone.
  const fault = (kind: string) => (err: unknown) => {
    app.log.fatal({ err }, `${kind}: draining, then exiting`);
    void stop("fault", 1);
  };
  process.on("uncaughtException", fault("uncaught exception"));
  process.on("unhandledRejection", fault("unhandled promise rejection"));

  await app.listen({ port: config.PORT, host: config.HOST });
  const db = config.DATABASE_URL ? "PostgreSQL" : `embedded PGlite in ${config.dataDir}`;
  // Printed plainly (not only as a log line) so the README's first command shows how to get in.
  console.log(`\nLoupe is running at ${config.publicUrl}  (database: ${db})`);
  if (demo?.seed) {
    console.log(`Demo login: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    console.log(
      `Demo managers (same password): ${DEMO_MANAGERS.map((m) => `${m.email} (${m.region})`).join(", ")}\n`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
