import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { IncomingSale } from "../src/integrations/sales";
import { delivery, fakeStore, fakeStores, sale } from "../src/modules/intake/intake.fixtures";
import { openPostgres } from "../src/platform/db/client";
import { openBenchDatabase } from "../src/seed/bench-database";
import { percentiles } from "./stats";

/**
 * `npm run bench:intake` (issue 45 §5): webhook deliveries over real HTTP at INTAKE_BENCH_RATE a
 * second (50) for INTAKE_BENCH_SECONDS (300), one sale each, with 10% duplicates (a delivery sent
 * again) and 5% out of order (a sale's version 2 sent before its version 1), against the whole app
 * on PostgreSQL (DATABASE_URL, default a `loupe_intake_bench` database). Meanwhile, once a second,
 * the intake screen's list and the jobs list are timed. At the end every sale must be exactly one
 * job with its payment once, and no acknowledged delivery may be missing.
 */
const RATE = Number(process.env.INTAKE_BENCH_RATE ?? 50);
const SECONDS = Number(process.env.INTAKE_BENCH_SECONDS ?? 300);
const SECRET = "bench-secret";

async function main() {
  process.env.DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/loupe_intake_bench";
  const opened = await openBenchDatabase();
  await opened.database.close();
  // A server's pool (the bench database's own is 4, for reads).
  const url = opened.url;
  const database = openPostgres(url, Number(process.env.INTAKE_BENCH_POOL ?? 10));
  const q = database.query;
  await q(
    `insert into region_products (region_id, name, product_type_key, parent_type_key, requires_prescription, price_minor, kind, tax_class, sku)
     select 1, 'Bench frame', 'glasses', 'glasses', false, 20000, 'frame', 'standard', 'BENCH-1'
     where not exists (select 1 from region_products where region_id = 1 and sku = 'BENCH-1')`,
  );
  const [{ abbreviation }] = await q<{ abbreviation: string }>(
    "select abbreviation from outlets where region_id = 1 and is_active order by id limit 1",
  );
  const store = fakeStore({ key: "ls-bench", source: "lightspeed", regionId: 1, secret: SECRET });
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    DATA_DIR: path.join(os.tmpdir(), "loupe-intake-bench"),
    INTAKE_SYNC_SECONDS: "0",
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    adapters: { email: null, sms: null, sales: fakeStores([store]) },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const login = await app.inject({
    method: "POST",
    url: "/api/user/login",
    payload: { email: "admin@loupe.test", password: "LoupeDemo1" },
  });
  const token: string = login.json().data.token;

  const run = Date.now().toString(36);
  const sales: IncomingSale[] = [];
  const sent: string[] = [];
  const answers = new Map<number, number>();
  const deliveryTimes: number[] = [];
  const listTimes = { intake: [] as number[], jobs: [] as number[] };
  let acknowledged = 0;
  let failed = 0;

  let retries = 0;
  /** Like a provider: a delivery without a 200 is sent again (after 1 s, up to 20 times). */
  const send = async (body: { body: string; headers: Record<string, string> }) => {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (attempt) {
        retries++;
        await new Promise((r) => setTimeout(r, 1000));
      }
      const t0 = performance.now();
      let status = 0;
      try {
        const res = await fetch(`${base}/api/intake/webhooks/ls-bench`, {
          method: "POST",
          body: body.body,
          headers: body.headers,
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      deliveryTimes.push(performance.now() - t0);
      answers.set(status, (answers.get(status) ?? 0) + 1);
      if (status === 200) {
        acknowledged++;
        return;
      }
    }
    failed++;
  };
  const timeList = async (url: string, into: number[]) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    into.push(performance.now() - t0);
  };

  const inFlight = new Set<Promise<void>>();
  const total = RATE * SECONDS;
  const started = performance.now();
  let lateV1: IncomingSale | null = null;
  const lists = setInterval(() => {
    void timeList("/api/staff/intake/sales?state=all&per_page=25", listTimes.intake);
    void timeList("/api/staff/orders?page=1&per_page=15", listTimes.jobs);
  }, 1000);
  for (let i = 0; i < total; i++) {
    // Pace: delivery i goes at i / RATE seconds.
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const roll = (i * 7919) % 100;
    let body: { body: string; headers: Record<string, string> };
    if (roll < 10 && sent.length) {
      // A duplicate: an earlier delivery, again.
      body = JSON.parse(sent[(i * 31) % sent.length]);
    } else if (roll < 15 && !lateV1) {
      // Out of order: version 2 now, its version 1 at the next slot.
      const s = sale({
        storeKey: "ls-bench",
        externalId: `B${run}-${i}`,
        externalOutletId: abbreviation,
        sku: "BENCH-1",
      });
      sales.push(s);
      lateV1 = s;
      body = delivery(SECRET, [{ ...s, version: "2" }]);
    } else if (lateV1) {
      body = delivery(SECRET, [lateV1]);
      lateV1 = null;
    } else {
      const s = sale({
        storeKey: "ls-bench",
        externalId: `B${run}-${i}`,
        externalOutletId: abbreviation,
        sku: "BENCH-1",
      });
      sales.push(s);
      body = delivery(SECRET, [s]);
    }
    sent.push(JSON.stringify(body));
    const p = send(body).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  clearInterval(lists);
  const elapsed = (performance.now() - started) / 1000;

  const invoices = sales.map((s) => s.invoiceNumber);
  const [check] = await q<{ jobs: number; sales: number; payments: number; dup_jobs: number }>(
    `with j as (select vend_invoice_number, count(*) as n from orders where vend_invoice_number = any($1) group by 1)
     select (select count(*)::int from j) as jobs, (select count(*)::int from j where n > 1) as dup_jobs,
            (select count(*)::int from intake_sales where external_id like $2) as sales,
            (select count(*)::int from order_payments p join orders o on o.id = p.order_id
              where o.vend_invoice_number = any($1)) as payments`,
    [invoices, `B${run}-%`],
  );
  const d = percentiles(deliveryTimes);
  const li = percentiles(listTimes.intake);
  const lj = percentiles(listTimes.jobs);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `deliveries: ${total} in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(1)}/s); answers ${JSON.stringify(Object.fromEntries(answers))}; acknowledged ${acknowledged}, retries ${retries}, never acknowledged ${failed}`,
  );
  console.log(
    `distinct sales: ${sales.length}; kept ${check.sales}; jobs ${check.jobs} (more than one: ${check.dup_jobs}); payments ${check.payments}`,
  );
  console.log(`delivery answer p50 / p95: ${f(d.p50)} / ${f(d.p95)}`);
  console.log(`intake list p50 / p95: ${f(li.p50)} / ${f(li.p95)} (${listTimes.intake.length} runs)`);
  console.log(`jobs list p50 / p95: ${f(lj.p50)} / ${f(lj.p95)} (${listTimes.jobs.length} runs)`);
  const ok =
    check.jobs === sales.length &&
    check.dup_jobs === 0 &&
    check.payments === sales.length &&
    check.sales === sales.length;
  console.log(ok ? "exactly one job per sale: yes" : "exactly one job per sale: NO");
  await app.close();
  await database.close();
  if (!ok) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
