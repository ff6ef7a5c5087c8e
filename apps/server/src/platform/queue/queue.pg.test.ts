import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/test-app";
import { type Database, openPostgres } from "../db/client";
import { createQueue, type QueueLog } from "./queue";

// Two workers, each on its own connection pool to one database, as two server processes would be.
// PGlite has one connection and would hide a double claim: these need a PostgreSQL server.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const quiet: QueueLog = { info() {}, warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(onPostgres)("the queue on PostgreSQL", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    opened = await openTestDatabase();
    a = opened.database;
    b = openPostgres(opened.url!, 5);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await opened?.drop();
  });

  it("two workers on two connections never run one task twice, and share the work", async () => {
    const ranBy = new Map<number, string[]>();
    const worker = (database: Database, name: string) => {
      const queue = createQueue({ database, log: quiet, pollSeconds: 0.02, concurrency: 3, workerId: name });
      queue.define("test.send", async (task) => {
        ranBy.set(task.id, [...(ranBy.get(task.id) ?? []), name]);
        await sleep(2);
      });
      return queue;
    };
    const one = worker(a, "one");
    const two = worker(b, "two");
    for (let i = 0; i < 300; i++) await one.enqueue("test.send", { i });
    one.start();
    two.start();
    try {
      await expect
        .poll(
          async () => Number((await a.query<{ n: string }>("select count(*) as n from queue_tasks"))[0].n),
          {
            timeout: 60_000,
            interval: 100,
          },
        )
        .toBe(0);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
    expect(ranBy.size).toBe(300);
    expect([...ranBy.values()].filter((by) => by.length !== 1)).toEqual([]);
    const byOne = [...ranBy.values()].filter((by) => by[0] === "one").length;
    expect(byOne).toBeGreaterThan(0);
    expect(byOne).toBeLessThan(300);
  });

  it("runs a schedule once per slot across two server processes", async () => {
    const worker = () =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", path.join(import.meta.dirname, "queue-worker.fixtures.ts"), opened.url!, "5"],
          { stdio: ["ignore", "pipe", "inherit"] },
        );
        let out = "";
        child.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.on("error", reject);
        child.on("exit", () => resolve(out.split("\n").filter((l) => l.startsWith("slot "))));
      });
    const [one, two] = await Promise.all([worker(), worker()]);
    const slots = [...one, ...two];
    expect(new Set(slots).size).toBe(slots.length);
    // About one slot per half second while both ran (a busy machine skips a late slot, never doubles one).
    expect(slots.length).toBeGreaterThanOrEqual(4);
    expect(slots.length).toBeLessThanOrEqual(12);
  }, 60_000);
});
