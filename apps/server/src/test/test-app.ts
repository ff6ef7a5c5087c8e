import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { type Adapters, buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openPglite, openPostgres } from "../platform/db/client";
import { DEMO_LOGIN } from "../seed/demo-staff";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The PostgreSQL database's address (TEST_DATABASE_URL runs); undefined on PGlite. */
  url?: string;
  /** Signs in (the demo admin by default) and answers the bearer token. */
  login: (email?: string, password?: string) => Promise<string>;
  /** app.inject with a bearer token and JSON body. */
  call: (token: string | null, opts: InjectOptions) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

let counter = 0;
/** The PGlite template's dump (global-setup.ts), as read from its file. */
let template: { file: string; bytes: Blob } | undefined;

/**
 * Waits (up to 90 s: a replica on a busy machine may be replaying other databases' bulk loads)
 * until it has replayed everything the primary had written when called.
 */
export async function waitForReplay(primaryUrl: string, replicaUrl: string): Promise<void> {
  const primary = new pg.Client({ connectionString: primaryUrl });
  const replica = new pg.Client({ connectionString: replicaUrl });
  await Promise.all([primary.connect(), replica.connect()]);
  try {
    const [{ lsn }] = (await primary.query("select pg_current_wal_lsn()::text as lsn")).rows;
    for (let waited = 0; ; waited += 50) {
      const [{ done }] = (await replica.query("select pg_last_wal_replay_lsn() >= $1::pg_lsn as done", [lsn]))
        .rows;
      if (done) return;
      if (waited > 90_000) throw new Error(`The replica has not replayed ${lsn} after 90 s.`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await Promise.all([primary.end(), replica.end()]);
  }
}

/** A fresh database copied from the run's template (PGlite by default, Postgres when TEST_DATABASE_URL is set). */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `loupe_t_${process.pid}_${Date.now()}_${counter++}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${process.env.LOUPE_TEST_TEMPLATE_DB}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = openPostgres(dbUrl.toString(), 10);
    return {
      database,
      url: dbUrl.toString(),
      drop: async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = process.env.LOUPE_TEST_TEMPLATE;
  if (!file) throw new Error("The test template is missing: run the tests through vitest (global-setup.ts).");
  // Read once per worker: files share the worker's modules (vitest.config.ts, isolate: false).
  if (template?.file !== file) template = { file, bytes: new Blob([fs.readFileSync(file)]) };
  const database = await openPglite(undefined, template.bytes);
  return { database, drop: async () => {} };
}

/**
 * A fresh test database for the tests of this file (or of the describe it is called in): opened
 * before them, closed and dropped after. Answers a getter, valid once the tests run.
 */
export function useTestDatabase(): () => Database {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop();
  });
  return () => {
    if (!opened) throw new Error("The test database opens before the tests run.");
    return opened.database;
  };
}

export async function createTestApp(
  options: {
    adapters?: Adapters;
    env?: Record<string, string>;
    /** Collects the app's log lines (at LOG_LEVEL, default silent) instead of dropping them. */
    logLines?: string[];
    /**
     * A streaming replica of TEST_DATABASE_URL's server (TEST_DATABASE_READ_URL): the app's
     * DATABASE_READ_URL names this test's database there, once the replica has replayed its creation.
     */
    readReplica?: string;
  } = {},
): Promise<TestApp> {
  const { database, drop, url } = await openTestDatabase();
  const replicaEnv: Record<string, string> = {};
  if (options.readReplica && url) {
    const readUrl = new URL(options.readReplica);
    readUrl.pathname = new URL(url).pathname;
    await waitForReplay(url, options.readReplica);
    Object.assign(replicaEnv, { DATABASE_URL: url, DATABASE_READ_URL: readUrl.toString() });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://loupe.test",
    WEB_DIST: path.join(dataDir, "no-web"),
    // No stand-in point of sale or web shop per test app (issue 45): a test that wants one starts it.
    INTAKE_STAND_INS: "false",
    ...replicaEnv,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    adapters: { email: null, sms: null, ...options.adapters },
    logger: Boolean(options.logLines),
    logStream: options.logLines ? { write: (line: string) => void options.logLines?.push(line) } : undefined,
  });
  await app.ready();
  const call: TestApp["call"] = (token, opts) =>
    app.inject({
      ...opts,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...opts.headers },
    });
  return {
    app,
    database,
    config,
    url,
    call,
    async login(email = DEMO_LOGIN.email, password = DEMO_LOGIN.password) {
      const res = await app.inject({ method: "POST", url: "/api/user/login", payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json().data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
