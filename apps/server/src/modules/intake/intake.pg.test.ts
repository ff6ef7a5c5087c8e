import { spawn } from "node:child_process";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import type { IncomingSale } from "../../integrations/sales";
import { type Database, openPostgres } from "../../platform/db/client";
import { createTestApp, type TestApp } from "../../test/test-app";
import { delivery, type FakeStore, fakeStore, fakeStores, sale } from "./intake.fixtures";
import { createIntakeService } from "./intake.service";

// Exactly once on PostgreSQL (issue 45): a webhook and a sync racing on two app instances (two
// pools on one database) make one job per sale; a server killed with SIGKILL while deliveries are
// in flight loses no acknowledged sale, and the provider's retries repeat none.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SECRET = "pg-secret";

let t: TestApp;
let storeA: FakeStore;
let storeB: FakeStore;
let second: { app: FastifyInstance; database: Database };
let outletAbbreviation: string;

const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

const au = (over: Parameters<typeof sale>[0] = {}) =>
  sale({ externalOutletId: outletAbbreviation, sku: "PG-1", ...over });

/** Jobs per sale invoice, payments per job: each must be exactly one. */
async function onceEach(sales: IncomingSale[]) {
  const rows = await q<{ invoice: string; jobs: number; payments: number }>(
    `select o.vend_invoice_number as invoice, count(distinct o.id)::int as jobs, count(p.id)::int as payments
       from orders o left join order_payments p on p.order_id = o.id
      where o.vend_invoice_number = any($1) group by o.vend_invoice_number`,
    [sales.map((s) => s.invoiceNumber)],
  );
  return rows;
}

describe.runIf(onPostgres)("intake on PostgreSQL", () => {
  beforeAll(async () => {
    storeA = fakeStore({ key: "ls-au", source: "lightspeed", regionId: 1, secret: SECRET });
    storeB = fakeStore({ key: "ls-au", source: "lightspeed", regionId: 1, secret: SECRET });
    t = await createTestApp({ adapters: { sales: fakeStores([storeA]) }, env: { INTAKE_SYNC_SECONDS: "0" } });
    await q(
      `insert into region_products (region_id, name, product_type_key, parent_type_key, requires_prescription, price_minor, kind, tax_class, sku)
       values (1, 'PG frame', 'glasses', 'glasses', false, 20000, 'frame', 'standard', 'PG-1')`,
    );
    [{ abbreviation: outletAbbreviation }] = await q<{ abbreviation: string }>(
      "select abbreviation from outlets where region_id = 1 and is_active order by id limit 1",
    );
    // A second server process's app: its own pool on the same database.
    const database = openPostgres(t.url as string, 10);
    const app = await buildApp({
      config: t.config,
      database,
      adapters: { email: null, sms: null, sales: fakeStores([storeB]) },
      logger: false,
    });
    await app.ready();
    second = { app, database };
  }, 120_000);
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it("a webhook on one instance and a sync on the other, racing over the same sales, make one job each", async () => {
    const sales = Array.from({ length: 40 }, () => au());
    // Some sales the sync sees at a later version than the webhook brings, some the same.
    storeB.feed = sales.map((s, i) => (i % 3 === 0 ? { ...s, version: "2" } : s));
    storeB.pageSize = 5;
    const syncB = createIntakeService({
      db: second.database.db,
      queue: second.app.queue,
      sales: fakeStores([storeB]),
    });
    const webhooks = sales.map((s) => {
      const d = delivery(SECRET, [s]);
      return t.app.inject({
        method: "POST",
        url: "/api/intake/webhooks/ls-au",
        payload: d.body,
        headers: d.headers,
      });
    });
    const [answers] = await Promise.all([Promise.all(webhooks), syncB.syncStore(storeB)]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const rows = await onceEach(sales);
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.jobs === 1 && r.payments === 1)).toBe(true);
    const kept = await q<{ n: number; done: number; v2: number }>(
      `select count(*)::int as n, count(*) filter (where state = 'done')::int as done,
              count(*) filter (where version = 2)::int as v2
         from intake_sales where external_id = any($1)`,
      [sales.map((s) => s.externalId)],
    );
    expect(kept[0]).toEqual({ n: 40, done: 40, v2: 14 });
  }, 120_000);

  it("a server killed with SIGKILL mid-batch loses no acknowledged sale; the provider's retries repeat none", async () => {
    const batches = Array.from({ length: 40 }, () => Array.from({ length: 5 }, () => au()));
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(import.meta.dirname, "intake-server.fixtures.ts"),
        t.url as string,
        SECRET,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        const m = /port (\d+)/.exec(chunk.toString());
        if (m) resolve(Number(m[1]));
      });
      child.on("exit", () => reject(new Error("the child server exited before listening")));
    });
    const acknowledged: IncomingSale[][] = [];
    let next = 0;
    const send = async () => {
      while (next < batches.length && !child.killed) {
        const batch = batches[next++];
        const d = delivery(SECRET, batch);
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/intake/webhooks/ls-au`, {
            method: "POST",
            body: d.body,
            headers: d.headers,
          });
          if (res.status === 200) acknowledged.push(batch);
          if (acknowledged.length >= 12 && !child.killed) child.kill("SIGKILL");
        } catch {
          // The server died under this delivery: not acknowledged, the provider sends it again.
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, send));
    // Sent everything without the kill landing: kill now (the assertions below then say so).
    if (!child.killed) child.kill("SIGKILL");
    await new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.on("exit", () => resolve()),
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);
    expect(acknowledged.length).toBeLessThan(batches.length);
    // Nothing acknowledged is lost: every sale of every acknowledged delivery is kept and is a job.
    const ackSales = acknowledged.flat();
    const kept = await q<{ n: number }>(
      "select count(*)::int as n from intake_sales where external_id = any($1) and state = 'done' and order_id is not null",
      [ackSales.map((s) => s.externalId)],
    );
    expect(kept[0].n).toBe(ackSales.length);
    // The provider retries everything it has no 200 for (and, being a provider, some it has).
    for (const batch of batches) {
      const d = delivery(SECRET, batch);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/intake/webhooks/ls-au",
        payload: d.body,
        headers: d.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await onceEach(batches.flat());
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.jobs === 1 && r.payments === 1)).toBe(true);
  }, 180_000);
});
