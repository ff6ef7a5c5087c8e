import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
beforeAll(async () => {
  // app.inject connects from 127.0.0.1: the scraper's address is listed.
  t = await createTestApp({ env: { TRUSTED_PROXIES: "127.0.0.1" } });
});
afterAll(() => t.close());

describe("health probes", () => {
  it("/healthz answers while the process runs, without asking the database, naming its time-zone rules", async () => {
    const query = t.database.query;
    t.database.query = async () => {
      throw new Error("database down");
    };
    try {
      const res = await t.app.inject({ method: "GET", url: "/healthz" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, tz: process.versions.tz });
    } finally {
      t.database.query = query;
    }
  });

  it("/readyz is ready when the database answers and every committed migration is applied", async () => {
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: "ok", migrations: "current" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("/readyz answers 503 when the database does not answer", async () => {
    const query = t.database.query;
    t.database.query = async () => {
      throw new Error("connection refused");
    };
    try {
      const res = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ ok: false, database: "unreachable" });
    } finally {
      t.database.query = query;
    }
  });

  it("/readyz answers 503 while the newest committed migration is not applied", async () => {
    const other = await createTestApp();
    try {
      await other.database.query(
        "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
      );
      const res = await other.app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ ok: false, database: "ok", migrations: "pending" });
    } finally {
      await other.close();
    }
  });
});

describe("metrics", () => {
  it("counts requests and their latency per route pattern, never per raw URL", async () => {
    await t.app.inject({ method: "GET", url: "/healthz" });
    await t.app.inject({ method: "GET", url: "/api/staff/customers/12345" });
    await t.app.inject({ method: "GET", url: "/no/such/path/abc" });
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const body = res.body;
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/healthz",status_code="200"\} [1-9]/);
    expect(body).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz"/);
    expect(body).toMatch(/route="\/api\/staff\/customers\/:id"/);
    expect(body).toMatch(/route="unmatched",status_code="404"/);
    expect(body).not.toContain("12345");
    expect(body).not.toContain("/no/such/path");
    expect(body).toContain("process_cpu_user_seconds_total");
  });

  it("reports the outbox backlog by status", async () => {
    const before = await t.app.inject({ method: "GET", url: "/metrics" });
    const queued = (body: string) => Number(/loupe_outbox_backlog\{status="queued"\} (\d+)/.exec(body)?.[1]);
    expect(before.body).toMatch(/loupe_outbox_backlog\{status="failed"\} \d+/);
    // With no SMTP configured a reset e-mail waits in the outbox.
    await t.app.inject({
      method: "POST",
      url: "/api/auth/password/reset",
      payload: { email: "admin@loupe.test" },
    });
    // The reset e-mail is written just after the answer (same timing for unknown addresses).
    await expect
      .poll(async () => queued((await t.app.inject({ method: "GET", url: "/metrics" })).body))
      .toBe(queued(before.body) + 1);
  });

  it("reports the pool use of a PostgreSQL pool, and nothing for embedded PGlite", async () => {
    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    if (t.database.kind === "postgres") {
      expect(res.body).toMatch(/loupe_db_pool_max 10/);
      expect(res.body).toMatch(/loupe_db_pool_connections \d+/);
      expect(res.body).toMatch(/loupe_db_pool_waiting \d+/);
    } else {
      expect(res.body).not.toMatch(/loupe_db_pool_connections \d/);
    }
  });

  it("answers nobody without the token or a listed address, whatever X-Forwarded-For says", async () => {
    const closed = await createTestApp({ env: { TRUSTED_PROXIES: "10.0.0.0/8" } });
    try {
      const denied = await closed.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { "x-forwarded-for": "10.1.2.3" },
      });
      expect(denied.statusCode).toBe(401);
      expect(denied.body).not.toContain("http_requests_total");
      const listed = await closed.app.inject({ method: "GET", url: "/metrics", remoteAddress: "10.1.2.3" });
      expect(listed.statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it("asks for the metrics token when one is configured", async () => {
    const guarded = await createTestApp({ env: { METRICS_TOKEN: "s3cret-metrics" } });
    try {
      const denied = await guarded.app.inject({ method: "GET", url: "/metrics" });
      expect(denied.statusCode).toBe(401);
      const allowed = await guarded.app.inject({
        method: "GET",
        url: "/metrics",
        headers: { authorization: "Bearer s3cret-metrics" },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain("http_requests_total");
    } finally {
      await guarded.close();
    }
  });
});
