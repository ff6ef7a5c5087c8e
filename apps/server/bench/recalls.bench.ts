import os from "node:os";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "../src/config";
import { createOutboxService } from "../src/modules/outbox";
import { createRecallsService } from "../src/modules/recalls";
import { openBenchDatabase } from "../src/seed/bench-database";
import { signedInApp } from "./bench-app";
import { measure, ms } from "./stats";

/**
 * `npm run bench:recalls`: the daily recall run and the recalls screen's first page on the bench
 * database (seed customers first: `npm run seed:customers`). Every customer gets a recall of a
 * bench type with its next step spread over the coming 666 days, so about 1/666 of them (1,500 of
 * 1M) fall due today; the run is timed with its peak RSS, then the screen's first page.
 */
const STEPS = [
  {
    offset_days: -14,
    channel: "email",
    substitute: true,
    subject: "Eye test due",
    template: "Hi {{customer.first_name}}, your eye test is due {{recall.due_date}}.",
  },
  {
    offset_days: 0,
    channel: "sms",
    substitute: true,
    subject: "",
    template: "Hi {{customer.first_name}}, your eye test at {{outlet.name}} is due today.",
  },
  {
    offset_days: 30,
    channel: "letter",
    substitute: true,
    subject: "",
    template: "Dear {{customer.first_name}}, your eye test was due on {{recall.due_date}}.",
  },
  {
    offset_days: 60,
    channel: "phone",
    substitute: false,
    subject: "",
    template: "Call {{customer.first_name}} to book.",
  },
];
const SPREAD_DAYS = 666;

async function main() {
  const { database, url } = await openBenchDatabase();
  const q = database.query;
  const [{ n }] = await q<{ n: number }>("select count(*)::int as n from customers");
  if (n < 10_000) {
    console.log(`customers: ${n}; seed first (npm run seed:customers)`);
    await database.close();
    return;
  }
  let t0 = performance.now();
  // A fresh day each run: the bench type's recalls and steps are written again in bulk SQL.
  await q("delete from outbox_messages where meta->>'kind' = 'recall_step'");
  await q("truncate recall_steps, customer_recalls");
  await q("delete from recall_types where name = 'Bench eye test'");
  await q(
    `insert into recall_types (region_id, name, interval_months, triggers, use_expiry, steps)
     select id, 'Bench eye test', 24, '{spectacle_prescription}', false, $1::jsonb from regions`,
    [JSON.stringify(STEPS)],
  );
  // Next step day: today (on the customer's outlet's clock) + a hash of the id over SPREAD_DAYS;
  // the step (0–3) from the id too; the due date follows from the step's offset.
  await q(
    `insert into customer_recalls (customer_id, recall_type_id, outlet_id, due_date, basis, basis_ref, next_step_index, next_step_on)
     select c.id, t.id, c.outlet_id,
       (d.day - (($2::jsonb) -> (c.id % 4)::int ->> 'offset_days')::int),
       'Bench', null, (c.id % 4)::int, d.day
     from customers c
     join outlets o on o.id = c.outlet_id
     join recall_types t on t.region_id = o.region_id and t.name = 'Bench eye test'
     cross join lateral (select ((now() at time zone o.time_zone)::date + ((c.id::bigint * 7919) % $1)::int) as day) d`,
    [SPREAD_DAYS, JSON.stringify(STEPS)],
  );
  await q("analyze customer_recalls");
  const [{ recalls, today }] = await q<{ recalls: number; today: number }>(
    `select count(*)::int as recalls,
       count(*) filter (where cr.next_step_on <= (now() at time zone o.time_zone)::date)::int as today
     from customer_recalls cr join outlets o on o.id = cr.outlet_id`,
  );
  console.log(`set up ${recalls} recalls (${today} due today) in ${ms(performance.now() - t0).trim()} ms`);

  // The run, as the worker does it, with its peak RSS sampled every 20 ms.
  const log = pino({ level: "silent" });
  const outbox = createOutboxService({ db: database.db, email: null, sms: null, log });
  const service = createRecallsService({ db: database.db, outbox, log });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  t0 = performance.now();
  const totals = await service.runDue();
  const runMs = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `run: ${ms(runMs).trim()} ms for ${totals.sent + totals.skipped + totals.waiting + totals.failed} recalls ` +
      `(${JSON.stringify(totals)}); RSS ${mb(rssBefore)} before, peak ${mb(peak)}`,
  );
  const [{ steps, messages }] = await q<{ steps: number; messages: number }>(
    `select (select count(*)::int from recall_steps) as steps,
       (select count(*)::int from outbox_messages where meta->>'kind' = 'recall_step') as messages`,
  );
  console.log(`recorded ${steps} steps, queued ${messages} messages`);
  t0 = performance.now();
  const again = await service.runDue();
  console.log(`second run the same day: ${ms(performance.now() - t0).trim()} ms (${JSON.stringify(again)})`);

  // The recalls screen's first page through the real endpoint (auth, region scope, names, count).
  const config = loadConfig({
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    DATA_DIR: path.join(os.tmpdir(), "loupe-bench"),
    RECALL_RUN_SECONDS: "0",
  });
  const { app, token, close } = await signedInApp(config, database);
  const [{ outlet }] = await q<{ outlet: number }>(
    "select outlet_id as outlet from customer_recalls group by outlet_id order by count(*) desc limit 1",
  );
  const cases = [
    { name: "due (first page, every outlet)", url: "/api/staff/recalls?state=due&page=1&per_page=25" },
    { name: "due at one outlet", url: `/api/staff/recalls?state=due&outlet_id=${outlet}&per_page=25` },
    { name: "upcoming", url: "/api/staff/recalls?state=upcoming&per_page=25" },
    { name: "all, one outlet", url: `/api/staff/recalls?state=all&outlet_id=${outlet}&per_page=25` },
  ];
  for (const c of cases) {
    const res = await app.inject({
      method: "GET",
      url: c.url,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${c.name}: ${res.statusCode} ${res.body}`);
    const r = await measure(
      () => app.inject({ method: "GET", url: c.url, headers: { authorization: `Bearer ${token}` } }),
      200,
    );
    console.log(
      `screen ${c.name}: p50 ${ms(r.p50).trim()} ms, p95 ${ms(r.p95).trim()} ms (total ${res.json().meta.pagination.total})`,
    );
  }
  await close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
