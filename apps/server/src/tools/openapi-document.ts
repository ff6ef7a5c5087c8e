import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openPglite } from "../platform/db/client";
import { runMigrations } from "../platform/db/migrate";

/**
 * The API document exactly as `/docs/json` serves it: builds the app on a throw-away embedded
 * database and asks it, so what is linted is what staff and integrators get.
 */
export async function dumpOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-openapi-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.OPENAPI_DEBUG === "1" ? "error" : "silent",
    WEB_DIST: path.join(dataDir, "no-web"),
  });
  const database = await openPglite();
  try {
    await runMigrations(database, config.migrationsDir);
    const app = await buildApp({
      config,
      database,
      adapters: { email: null, sms: null },
      logger: process.env.OPENAPI_DEBUG === "1",
    });
    try {
      await app.ready();
      const res = await app.inject({ method: "GET", url: "/docs/json" });
      if (res.statusCode !== 200) throw new Error(`/docs/json answered ${res.statusCode}: ${res.body}`);
      return res.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
