import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
let fail = true;
let runs = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { QUEUE_MAX_ATTEMPTS: "1", QUEUE_POLL_SECONDS: "0.05", TRUSTED_PROXIES: "127.0.0.1" },
  });
  admin = await t.login();
  t.app.queue.define("test.postings", async () => {
    runs++;
    if (fail) throw new Error("ledger answered 503");
  });
});
afterAll(async () => {
  await t?.close();
});

const view = async (token: string) => t.call(token, { method: "GET", url: "/api/staff/queue" });
const deadOf = async () =>
  (await view(admin)).json().data.dead.filter((d: { kind: string }) => d.kind === "test.postings");

describe("the dead letter for administrators", () => {
  it("lists a task whose tries ran out, counts it in the metrics, and runs it again on Retry", async () => {
    await t.app.queue.enqueue("test.postings", { day: "2026-11-27" }, { key: "2026-11-27" });
    await expect.poll(deadOf, { timeout: 5000 }).toHaveLength(1);
    const [dead] = await deadOf();
    expect(dead).toMatchObject({ key: "2026-11-27", attempts: 1, last_error: "ledger answered 503" });
    const body = (await view(admin)).json().data;
    expect(body.kinds).toContainEqual({ kind: "test.postings", due: 0, running: 0, later: 0, dead: 1 });
    // Every module's schedule stands in the same queue.
    expect(body.kinds.map((k: { kind: string }) => k.kind)).toEqual(
      expect.arrayContaining(["outbox.deliver", "recalls.run", "ready-messages.remind", "lens-orders.poll"]),
    );

    const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toContain('loupe_queue_tasks{kind="test.postings",state="dead"} 1');
    expect(metrics).toContain('loupe_queue_runs_total{kind="test.postings",outcome="dead"} 1');

    fail = false;
    const retried = await t.call(admin, { method: "POST", url: `/api/staff/queue/dead/${dead.id}/retry` });
    expect(retried.statusCode).toBe(200);
    await expect.poll(() => runs, { timeout: 5000 }).toBe(2);
    await expect.poll(deadOf).toEqual([]);
    // Gone once it ran: a second Retry finds nothing.
    expect(
      (await t.call(admin, { method: "POST", url: `/api/staff/queue/dead/${dead.id}/retry` })).statusCode,
    ).toBe(404);
  });

  it("drops a dead task on Discard, once", async () => {
    fail = true;
    await t.app.queue.enqueue("test.postings", {}, { key: "2026-11-28" });
    await expect.poll(deadOf, { timeout: 5000 }).toHaveLength(1);
    const [dead] = await deadOf();
    const url = `/api/staff/queue/dead/${dead.id}`;
    expect((await t.call(admin, { method: "DELETE", url })).statusCode).toBe(200);
    expect(await deadOf()).toEqual([]);
    expect((await t.call(admin, { method: "DELETE", url })).statusCode).toBe(404);
  });

  it("is for administrators only, and names a bad id", async () => {
    const staff = await t.login("sam@loupe.test");
    expect((await view(staff)).statusCode).toBe(403);
    expect((await t.call(staff, { method: "DELETE", url: "/api/staff/queue/dead/1" })).statusCode).toBe(403);
    const bad = await t.call(admin, { method: "POST", url: "/api/staff/queue/dead/abc/retry" });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain("id");
  });
});
