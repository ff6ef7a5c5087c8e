import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../test/test-app";
import type { Database } from "../db/client";
import { retryDelayMs } from "./backoff";
import { createQueue, type QueueLog } from "./queue";

const database = useTestDatabase();

const quiet: QueueLog = { info() {}, warn() {}, error() {} };

interface Row {
  id: string | number;
  attempts: number;
  last_error: string | null;
  dead_at: Date | null;
  locked_by: string | null;
  wait_ms: number;
  run_at: Date;
}

const rowsOf = (kind: string) =>
  database().query<Row>(
    `select id, attempts, last_error, dead_at, locked_by, run_at,
            round(extract(epoch from run_at - now()) * 1000)::int as wait_ms
       from queue_tasks where kind = $1 order by id`,
    [kind],
  );
const makeDue = (kind: string) =>
  database().query("update queue_tasks set run_at = now() where kind = $1 and dead_at is null", [kind]);

describe("the retry wait", () => {
  it("doubles from the base up to the cap, and the jitter takes at most half of it away", () => {
    const policy = { baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, policy, () => 1))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
    expect([1, 2, 3].map((n) => retryDelayMs(n, policy, () => 0))).toEqual([500, 1000, 2000]);
    for (let i = 0; i < 50; i++) {
      const ms = retryDelayMs(3, policy);
      expect(ms).toBeGreaterThanOrEqual(2000);
      expect(ms).toBeLessThanOrEqual(4000);
    }
  });
});

describe("the queue", () => {
  it("tries a failing task again after a growing wait and puts it in the dead letter after its last try", async () => {
    const queue = createQueue({
      database: database(),
      log: quiet,
      maxAttempts: 3,
      retry: { baseMs: 10_000, maxMs: 60_000 },
      random: () => 1,
    });
    let fail = true;
    const runs: number[] = [];
    queue.define("test.flaky", async (task) => {
      runs.push(task.attempt);
      if (fail) throw new Error(`provider down (try ${task.attempt})`);
    });
    expect(await queue.enqueue("test.flaky", { n: 1 }, { key: "one" })).toBe(true);
    // The same key again adds nothing.
    expect(await queue.enqueue("test.flaky", { n: 1 }, { key: "one" })).toBe(false);

    expect(await queue.runDue()).toBe(1);
    let [row] = await rowsOf("test.flaky");
    expect(row).toMatchObject({
      attempts: 1,
      last_error: "provider down (try 1)",
      dead_at: null,
      locked_by: null,
    });
    expect(row.wait_ms).toBeGreaterThan(9_000);
    expect(row.wait_ms).toBeLessThanOrEqual(10_000);
    // Not due yet: a look now runs nothing.
    expect(await queue.runDue()).toBe(0);

    await makeDue("test.flaky");
    await queue.runDue();
    [row] = await rowsOf("test.flaky");
    expect(row.attempts).toBe(2);
    expect(row.wait_ms).toBeGreaterThan(19_000);
    expect(row.wait_ms).toBeLessThanOrEqual(20_000);

    await makeDue("test.flaky");
    await queue.runDue();
    [row] = await rowsOf("test.flaky");
    expect(row.dead_at).not.toBeNull();
    expect(row.last_error).toBe("provider down (try 3)");
    // Dead: never claimed again, however due.
    await database().query("update queue_tasks set run_at = now() - interval '1 hour' where id = $1", [
      row.id,
    ]);
    expect(await queue.runDue()).toBe(0);
    expect(runs).toEqual([1, 2, 3]);
    const [dead] = await queue.dead();
    expect(dead).toMatchObject({ id: Number(row.id), kind: "test.flaky", key: "one", attempts: 3 });
    expect((await queue.counts()).find((c) => c.kind === "test.flaky")).toMatchObject({ dead: 1, due: 0 });
    expect(queue.outcomes().get("test.flaky")).toEqual({ ok: 0, failed: 2, dead: 1 });

    // Retried by an administrator once the provider is back: it runs with a fresh round of tries and is gone.
    fail = false;
    expect(await queue.retryDead(Number(row.id))).toBe(true);
    expect(await queue.retryDead(Number(row.id))).toBe(false);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toEqual([1, 2, 3, 1]);
    expect(await rowsOf("test.flaky")).toEqual([]);
  });

  it("discards a dead task for good, and only a dead one", async () => {
    const queue = createQueue({ database: database(), log: quiet, maxAttempts: 1 });
    queue.define("test.doomed", async () => {
      throw new Error("no such recipient");
    });
    queue.define("test.fine", async () => {});
    await queue.enqueue("test.doomed", {});
    await queue.enqueue("test.fine", {}, { runAt: new Date(Date.now() + 3_600_000) });
    await queue.runDue();
    const [dead] = await rowsOf("test.doomed");
    const [waiting] = await rowsOf("test.fine");
    expect(await queue.discardDead(Number(waiting.id))).toBe(false);
    expect(await queue.discardDead(Number(dead.id))).toBe(true);
    expect(await rowsOf("test.doomed")).toEqual([]);
    expect(await rowsOf("test.fine")).toHaveLength(1);
  });

  it("runs a schedule once per slot and moves it on whole slots from the one it ran", async () => {
    const queue = createQueue({ database: database(), log: quiet });
    const slots: string[] = [];
    queue.every("test.tick", 60, async (task) => void slots.push(task.runAt.toISOString()), {
      firstAfterSeconds: 0,
    });
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    const [row] = await rowsOf("test.tick");
    expect(row.run_at.getTime() - new Date(slots[0]).getTime()).toBe(60_000);
    // The slot was 150 s ago (the server was down): one run, then the first slot after now, 180 s on.
    await database().query("update queue_tasks set run_at = run_at - interval '210 seconds' where id = $1", [
      row.id,
    ]);
    const [missed] = await rowsOf("test.tick");
    expect(await queue.runDue()).toBe(1);
    expect(await queue.runDue()).toBe(0);
    const [after] = await rowsOf("test.tick");
    expect(after.run_at.getTime() - missed.run_at.getTime()).toBe(180_000);
    expect(slots).toHaveLength(2);
  });

  it("leaves a dead copy of a slot whose tries ran out and goes on to the next slot", async () => {
    const queue = createQueue({ database: database(), log: quiet, maxAttempts: 2, random: () => 0 });
    queue.every(
      "test.broken-tick",
      300,
      async () => {
        throw new Error("courier API answers 500");
      },
      { firstAfterSeconds: 0 },
    );
    await queue.runDue();
    await makeDue("test.broken-tick");
    await queue.runDue();
    const rows = await rowsOf("test.broken-tick");
    expect(rows).toHaveLength(2);
    const [schedule, copy] = rows;
    expect(schedule).toMatchObject({ attempts: 0, dead_at: null, last_error: "courier API answers 500" });
    expect(schedule.wait_ms).toBeGreaterThan(250_000);
    expect(copy).toMatchObject({ attempts: 2, last_error: "courier API answers 500" });
    expect(copy.dead_at).not.toBeNull();
    expect((await queue.dead()).map((d) => d.key)).toEqual([expect.stringMatching(/^slot \d{4}-\d\d-\d\dT/)]);
  });

  it("runs a woken schedule before its slot", async () => {
    const queue = createQueue({ database: database(), log: quiet, pollSeconds: 3600 });
    let runs = 0;
    queue.every("test.woken", 3600, async () => void runs++);
    queue.start();
    try {
      await expect.poll(() => rowsOf("test.woken").then((r) => r.length)).toBe(1);
      expect(runs).toBe(0);
      queue.wake("test.woken");
      await expect.poll(() => runs).toBe(1);
    } finally {
      await queue.stop();
    }
  });

  it("records a run that ended while the database was away as soon as it is back, not when its claim lapses", async () => {
    const real = database();
    let down = false;
    const flaky: Database = {
      ...real,
      query: ((sql: string, params?: unknown[]) =>
        down
          ? Promise.reject(new Error("Connection terminated unexpectedly"))
          : real.query(sql, params)) as Database["query"],
    };
    const queue = createQueue({
      database: flaky,
      log: quiet,
      pollSeconds: 0.05,
      leaseSeconds: 3600,
      maxOutageWaitMs: 100,
    });
    let runs = 0;
    queue.define("test.mid-outage", async () => {
      runs++;
      down = true; // the database goes away while the task runs
    });
    await queue.enqueue("test.mid-outage", {});
    queue.start();
    try {
      await expect.poll(() => runs).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      down = false;
      await expect.poll(() => rowsOf("test.mid-outage").then((r) => r.length), { timeout: 3000 }).toBe(0);
      expect(runs).toBe(1);
    } finally {
      await queue.stop();
    }
  });

  it("keeps polling while the database does not answer, waiting longer each time, and carries on when it is back", async () => {
    const real = database();
    let down = true;
    let refused = 0;
    const flaky: Database = {
      ...real,
      query: ((sql: string, params?: unknown[]) => {
        if (down) {
          refused++;
          return Promise.reject(
            Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
          );
        }
        return real.query(sql, params);
      }) as Database["query"],
    };
    const warnings: string[] = [];
    const infos: string[] = [];
    const queue = createQueue({
      database: flaky,
      log: { info: (_o, m) => infos.push(m), warn: (_o, m) => warnings.push(m), error() {} },
      pollSeconds: 0.05,
      maxOutageWaitMs: 400,
    });
    const ran: unknown[] = [];
    queue.define("test.after-outage", async (task) => void ran.push(task.payload.n));
    await queue.enqueue("test.after-outage", { n: 7 });
    queue.start();
    try {
      await new Promise((r) => setTimeout(r, 1200));
      // Backing off: far fewer tries than a 50 ms poll would make in 1.2 s, and one warning, not one per try.
      expect(refused).toBeGreaterThan(2);
      expect(refused).toBeLessThan(12);
      expect(warnings).toEqual(["queue: the database does not answer; waiting longer between tries"]);
      expect(ran).toEqual([]);
      down = false;
      await expect.poll(() => ran, { timeout: 3000 }).toEqual([7]);
      expect(infos).toContain("queue: the database answers again");
    } finally {
      await queue.stop();
    }
  });
});
