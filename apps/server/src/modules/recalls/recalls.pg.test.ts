import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { q, recallCustomer, recallsAt } from "./recalls.fixtures";

// Exactly once on PostgreSQL (issue 28): two workers at once, and a worker killed with SIGKILL in
// the middle of a batch, still do each step once. PGlite has one connection: these need a server.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let admin: string;
let typeId: number;

/** `n` customers, each with a recall of the test type due on `due`, reachable by e-mail. */
async function dueRecalls(n: number, due: string, tag: string) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const c = await recallCustomer(t, admin, { email: `${tag}${i}@example.com` });
    const res = await t.call(admin, {
      method: "POST",
      url: `/api/staff/customers/${c.id}/recalls`,
      payload: { recall_type_id: typeId, due_date: due, reason: "Test" },
    });
    expect(res.statusCode).toBe(201);
    ids.push(c.id);
  }
  return ids;
}

/** Steps and queued messages of these customers: each must be exactly one. */
async function onceEach(customerIds: number[]) {
  const steps = await q<{ customer_id: number; n: number }>(
    t,
    "select customer_id, count(*)::int as n from recall_steps where customer_id = any($1) group by customer_id",
    [customerIds],
  );
  const messages = await q<{ n: number; distinct_steps: number }>(
    t,
    `select count(*)::int as n, count(distinct m.meta->>'recall_step_id')::int as distinct_steps
     from outbox_messages m join recall_steps s on s.id = (m.meta->>'recall_step_id')::int
     where s.customer_id = any($1)`,
    [customerIds],
  );
  return { steps, messages: messages[0] };
}

describe.runIf(onPostgres)("the recall run on PostgreSQL", () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { RECALL_RUN_SECONDS: "0" } });
    admin = await t.login();
    const made = await t.call(admin, {
      method: "POST",
      url: "/api/staff/recall-types",
      payload: {
        name: "Once (test)",
        region_id: 1,
        interval_months: 12,
        triggers: [],
        use_expiry: false,
        min_age: null,
        max_age: null,
        steps: [{ offset_days: 0, channel: "email", substitute: false, subject: "Due", template: "Due." }],
        active: true,
      },
    });
    typeId = made.json().data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  // 250 customers through two workers: 29 s was seen on a loaded 2-core machine, so 30 s was no limit.
  it("two workers at once do each step once", async () => {
    const customers = await dueRecalls(250, "2027-06-01", "two");
    const clock = { now: new Date("2027-06-01T01:00:00Z") };
    const [a, b] = await Promise.all([recallsAt(t, clock).runDue(), recallsAt(t, clock).runDue()]);
    // Both did some of the work (SKIP LOCKED shares it out), together all of it, once.
    expect(a.sent + b.sent).toBe(250);
    const { steps, messages } = await onceEach(customers);
    expect(steps).toHaveLength(250);
    expect(steps.every((s) => s.n === 1)).toBe(true);
    expect(messages).toEqual({ n: 250, distinct_steps: 250 });
  }, 120_000);

  it("a worker killed with SIGKILL mid-batch: the next run finishes, each step once", async () => {
    const customers = await dueRecalls(250, "2027-07-01", "kill");
    const clock = "2027-07-01T01:00:00Z";
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "recall-run.fixtures.ts"), t.url as string, clock],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let queued = 0;
    const killed = new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        queued += chunk
          .toString()
          .split("\n")
          .filter((l) => l === "queued").length;
        // Past the first batch (100, committed) and inside the second.
        if (queued >= 150 && !child.killed) child.kill("SIGKILL");
      });
      child.on("exit", () => resolve());
    });
    await killed;
    expect(queued).toBeGreaterThanOrEqual(150);
    expect(queued).toBeLessThan(250);
    // The killed batch rolled back: what it queued is gone; the first batch's steps stand.
    const half = await onceEach(customers);
    expect(half.steps.length).toBeGreaterThanOrEqual(100);
    expect(half.steps.length).toBeLessThan(250);
    expect(half.messages.n).toBe(half.steps.length);
    // The next run does the rest.
    const rest = await recallsAt(t, { now: new Date(clock) }).runDue();
    const { steps, messages } = await onceEach(customers);
    expect(rest.sent).toBe(250 - half.steps.length);
    expect(steps).toHaveLength(250);
    expect(steps.every((s) => s.n === 1)).toBe(true);
    expect(messages).toEqual({ n: 250, distinct_steps: 250 });
  }, 120_000);
});
