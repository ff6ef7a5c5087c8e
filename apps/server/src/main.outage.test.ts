import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { openPostgres } from "./platform/db/client";
import { runMigrations } from "./platform/db/migrate";
import { DEMO_LOGIN, seedDemoStaff } from "./seed/demo-staff";
import { ensureReferenceData } from "./seed/reference-data";
import { freePort } from "./test/free-port";
import { type SecondCluster, startSecondCluster } from "./test/second-cluster";

/**
 * Issue 43 §4, ADR 0055: the server (main.ts, a process of its own) under a steady load of writes
 * while its PostgreSQL is stopped for OUTAGE_SECONDS (10 by default; CI runs 30) and started again.
 * The database is a cluster of this test's own (a free port in 5450–5459), so stopping it touches
 * nobody else's. OUTAGE_STOP_MODE=immediate stops it as a crash would instead of a planned stop.
 */
const OUTAGE_SECONDS = Number(process.env.OUTAGE_SECONDS ?? 10);
const STOP_MODE = process.env.OUTAGE_STOP_MODE === "immediate" ? "immediate" : "fast";
/** An answer slower than this counts as a hang. */
const HANG_MS = 10_000;
const WRITERS = 3;

const root = path.resolve(import.meta.dirname, "../../..");

interface Answer {
  what: "write" | "healthz" | "readyz";
  startedAt: number;
  endedAt: number;
  status: number;
  retryAfter: string | null;
  error?: string;
  id?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))("a PostgreSQL outage under load", () => {
  let cluster: SecondCluster;
  let server: ChildProcess;
  let output = "";
  let dataDir: string;
  let base: string;

  beforeAll(async () => {
    cluster = await startSecondCluster({ under: process.env.OUTAGE_PG_ROOT });
    // Migrated and seeded as the test template is (global-setup.ts), so the demo admin can sign in.
    const database = openPostgres(cluster.url, 2);
    try {
      await runMigrations(database, loadConfig({}).migrationsDir);
      await ensureReferenceData(database.db);
      await seedDemoStaff(database.db);
    } finally {
      await database.close();
    }
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loupe-outage-"));
    server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        DATABASE_CONNECT_TIMEOUT_SECONDS: "2",
        // Every background loop asks the database each second, so the outage meets them all.
        OUTBOX_POLL_SECONDS: "1",
        READY_REMINDER_SWEEP_SECONDS: "1",
        RECALL_RUN_SECONDS: "1",
        TRACKING_POLL_SECONDS: "1",
        LENS_STATUS_POLL_SECONDS: "1",
        MANIFEST_CHECK_SECONDS: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    server.stdout?.on("data", (d) => (output += d));
    server.stderr?.on("data", (d) => (output += d));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output}`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
      await sleep(250);
    }
  }, 120_000);

  afterAll(() => {
    if (server?.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {}
    }
    cluster?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    `answers 503 with Retry-After while PostgreSQL is stopped for ${OUTAGE_SECONDS} s, stays up, recovers without a restart and loses no acknowledged write`,
    async () => {
      const login = await fetch(`${base}/api/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(DEMO_LOGIN),
      });
      expect(login.status, await login.clone().text()).toBe(200);
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const pid = server.pid;

      const answers: Answer[] = [];
      let loading = true;
      const ask = async (what: Answer["what"], url: string, init?: RequestInit) => {
        const startedAt = Date.now();
        try {
          const res = await fetch(url, { ...init, signal: AbortSignal.timeout(HANG_MS) });
          const body = await res.text();
          const answer: Answer = {
            what,
            startedAt,
            endedAt: Date.now(),
            status: res.status,
            retryAfter: res.headers.get("retry-after"),
          };
          if (what === "write" && res.status === 201)
            answer.id = (JSON.parse(body) as { data: { id: number } }).data.id;
          answers.push(answer);
          return answer;
        } catch (err) {
          const answer = {
            what,
            startedAt,
            endedAt: Date.now(),
            status: 0,
            retryAfter: null,
            error: String(err),
          };
          answers.push(answer);
          return answer;
        }
      };
      let n = 0;
      const write = () =>
        ask("write", `${base}/api/user`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({
            first_name: "Outage",
            last_name: `Writer ${++n}`,
            email: `outage${n}@example.com`,
          }),
        });
      const writers = Array.from({ length: WRITERS }, async () => {
        while (loading) {
          await write();
          await sleep(50);
        }
      });
      const probes = (async () => {
        while (loading) {
          await Promise.all([ask("healthz", `${base}/healthz`), ask("readyz", `${base}/readyz`)]);
          await sleep(500);
        }
      })();

      await sleep(2000);
      const stopBegan = Date.now();
      await cluster.stop(STOP_MODE);
      const stopped = Date.now();
      await sleep(OUTAGE_SECONDS * 1000 - (stopped - stopBegan));
      const restartBegan = Date.now();
      await cluster.start();
      const restarted = Date.now();

      // Recovered: a write acknowledged, and ready again, without anyone restarting the server.
      let recoveredAt = 0;
      while (Date.now() - restarted < 30_000) {
        const last = answers.filter((a) => a.what === "write" && a.startedAt > restarted);
        const ready = answers.some((a) => a.what === "readyz" && a.startedAt > restarted && a.status === 200);
        if (ready && last.some((a) => a.status === 201)) {
          recoveredAt = Date.now();
          break;
        }
        await sleep(100);
      }
      await sleep(1000);
      loading = false;
      await Promise.all([...writers, probes]);

      const during = answers.filter((a) => a.startedAt > stopped && a.endedAt < restartBegan);
      const writesDuring = during.filter((a) => a.what === "write");
      const summary = {
        answers: answers.length,
        writesDuring: writesDuring.length,
        acknowledged: answers.filter((a) => a.id !== undefined).length,
        stopSeconds: (stopped - stopBegan) / 1000,
        startSeconds: (restarted - restartBegan) / 1000,
        recoverySeconds: recoveredAt ? (recoveredAt - restarted) / 1000 : null,
        slowestDuringMs: Math.max(0, ...during.map((a) => a.endedAt - a.startedAt)),
      };
      console.log(`outage figures: ${JSON.stringify(summary)}`);
      const odd = answers.filter((a) => ![200, 201, 503].includes(a.status));
      expect(odd, output).toEqual([]);

      // The process answered throughout, the same one: never exited, never restarted.
      expect(server.exitCode, output).toBeNull();
      expect(server.pid).toBe(pid);
      expect(answers.filter((a) => a.what === "healthz").every((a) => a.status === 200)).toBe(true);

      // While the database was down: every write and every readiness probe 503, each with Retry-After.
      expect(writesDuring.length).toBeGreaterThan(10);
      for (const a of during.filter((x) => x.what !== "healthz")) {
        expect(a.status).toBe(503);
        expect(Number(a.retryAfter)).toBeGreaterThan(0);
      }
      expect(answers.filter((a) => a.status === 503).every((a) => Number(a.retryAfter) > 0)).toBe(true);
      expect(summary.slowestDuringMs).toBeLessThan(HANG_MS);

      expect(recoveredAt, output).toBeGreaterThan(0);

      // Every write answered 201 is in the database.
      const acknowledged = answers.filter((a) => a.id !== undefined).map((a) => a.id as number);
      expect(acknowledged.length).toBeGreaterThan(0);
      const check = new pg.Client({ connectionString: cluster.url });
      await check.connect();
      try {
        const { rows } = await check.query<{ id: number }>(
          "select id from customers where id = any($1::int[])",
          [acknowledged],
        );
        expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...acknowledged].sort((a, b) => a - b));
      } finally {
        await check.end();
      }
    },
    (OUTAGE_SECONDS + 60) * 1000,
  );
});
