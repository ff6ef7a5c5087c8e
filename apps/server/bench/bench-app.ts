import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import type { Database } from "../src/platform/db/client";
import { openBenchDatabase } from "../src/seed/bench-database";

/** The real app on the bench database, signed in as the demo admin: what every benchmark calls. */
export async function startBenchApp() {
  const { database, url } = await openBenchDatabase();
  const statements = timeStatements(database);
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    DATA_DIR: path.join(os.tmpdir(), "loupe-bench"),
  });
  return { url, statements, ...(await signedInApp(config, database)) };
}

/**
 * Times the app's raw statements (`database.query`, what the jobs list runs) while `on` is set:
 * the same statement inside the endpoint, beside the bench's own raw run of it.
 */
function timeStatements(database: Database) {
  const times: number[] = [];
  const state = { on: false, times };
  const query = database.query;
  database.query = (async (sql: string, params?: unknown[]) => {
    const t0 = performance.now();
    try {
      return await query(sql, params);
    } finally {
      if (state.on) times.push(performance.now() - t0);
    }
  }) as Database["query"];
  return state;
}

/** The app on a database, without outbound adapters, and the demo admin's bearer token. */
export async function signedInApp(config: Config, database: Database) {
  const app = await buildApp({ config, database, logger: false, adapters: { email: null, sms: null } });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/user/login",
    payload: { email: "admin@loupe.test", password: "LoupeDemo1" },
  });
  const token: string = login.json().data.token;
  return {
    app,
    token,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
