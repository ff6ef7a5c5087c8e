import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, waitForReplay } from "../../test/test-app";
import { createReadClient } from "./read-client";

/**
 * ADR 0040 on a real streaming replica: `scripts/pg-replica.sh start` makes one of the PostgreSQL
 * server on 5432 at 5433, and `.ci/run` sets TEST_DATABASE_READ_URL for the PostgreSQL pass.
 */
const replicaUrl = process.env.TEST_DATABASE_READ_URL;
const onReplica = Boolean(replicaUrl && process.env.TEST_DATABASE_URL);

describe.skipIf(!onReplica)("reads on a streaming read replica (ADR 0040)", () => {
  let t: TestApp;
  let token: string;
  /** The replica server's administrator: pauses and resumes replay (the whole replica, not one database). */
  let replicaAdmin: pg.Client;

  const resumeReplay = () => replicaAdmin.query("select pg_wal_replay_resume()");

  beforeAll(async () => {
    replicaAdmin = new pg.Client({ connectionString: replicaUrl });
    await replicaAdmin.connect();
    // A run that stopped half-way may have left replay paused.
    await resumeReplay();
    // Replay as good as stopped is still "caught up" at the start; the guard's own test is below.
    t = await createTestApp({
      readReplica: replicaUrl,
      env: { DATABASE_READ_MAX_LAG_SECONDS: "3600", METRICS_TOKEN: "metrics-token" },
    });
    token = await t.login();
  });
  afterAll(async () => {
    await resumeReplay().catch(() => {});
    await replicaAdmin.end();
    await t?.close();
  });

  const customersCsv = async () => {
    const res = await t.call(token, { method: "GET", url: "/api/staff/exports/customers" });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const customersList = async (q: string) => {
    const res = await t.call(token, { method: "GET", url: `/api/v4/users?customer=1&q=${q}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it("sends the long reads to the replica: the read client is in recovery, exports and reports count there", async () => {
    const source = await t.app.readDb.database();
    const [{ standby }] = await source.query<{ standby: boolean }>("select pg_is_in_recovery() as standby");
    expect(standby).toBe(true);
    const [{ primary }] = await t.database.query<{ primary: boolean }>(
      "select not pg_is_in_recovery() as primary",
    );
    expect(primary).toBe(true);

    const before = { ...t.app.readDb.state().reads };
    await customersCsv();
    const till = await t.call(token, {
      method: "GET",
      url: "/api/staff/outlets/1/till-summary?date=2026-11-20",
    });
    expect(till.statusCode, till.body).toBe(200);
    const report = await t.call(token, { method: "GET", url: "/api/staff/access-log/staff/1" });
    expect(report.statusCode, report.body).toBe(200);
    const after = t.app.readDb.state().reads;
    expect(after.replica - before.replica).toBe(3);
    expect(after.primary - before.primary).toBe(0);

    const metrics = await t.call("metrics-token", { method: "GET", url: "/metrics" });
    expect(metrics.body).toMatch(/^loupe_db_replica_lag_seconds \d/m);
    expect(metrics.body).toContain(`loupe_db_long_reads{target="replica"} ${after.replica}`);
  });

  it("keeps read-your-writes for the screen while the replica lags, and the lag guard falls back to the primary", async () => {
    await replicaAdmin.query("select pg_wal_replay_pause()");
    try {
      const saved = await t.call(token, {
        method: "POST",
        url: "/api/user",
        payload: { first_name: "Lagging", last_name: "Replicason", email: "lagging@example.com" },
      });
      expect(saved.statusCode, saved.body).toBe(201);

      // The list the screen refetches after its save reads the primary: the new customer is there.
      expect(await customersList("Replicason")).toContain("Replicason");
      // The export reads the paused replica (the app allows an hour's lag): not there yet.
      expect(await customersCsv()).not.toContain("Replicason");

      // With a one-second limit the guard sees replay stopped behind a write and reads the primary.
      const guarded = createReadClient(t.database, {
        url: t.config.DATABASE_READ_URL,
        maxLagSeconds: 1,
        checkEveryMs: 0,
      });
      try {
        await new Promise((r) => setTimeout(r, 1500));
        const source = await guarded.database();
        expect(guarded.state()).toMatchObject({ target: "primary" });
        expect(guarded.state().reason).toMatch(/behind/);
        expect(source).toBe(t.database);
        const rows = await source.query("select 1 from customers where last_name = 'Replicason'");
        expect(rows).toHaveLength(1);
      } finally {
        await guarded.close();
      }
    } finally {
      await resumeReplay();
    }
    await waitForReplay(t.url as string, replicaUrl as string);
    expect(await customersCsv()).toContain("Replicason");
  });
});
