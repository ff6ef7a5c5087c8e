import { jobsQuery } from "@loupe/contract";
import pg from "pg";
import { buildJobsPageSql } from "../src/modules/jobs/jobs-list.queries";
import { FINISHED_SLUGS, jobsQueryToSearch, TAB_COUNTS_SQL } from "../src/modules/jobs/jobs-search";
import type { WorkshopContext } from "../src/modules/jobs/workshop-filters";
import { workshopCountsSql } from "../src/modules/jobs/workshop-filters";
import { orderNotesCountSql } from "../src/modules/notes";
import { startBenchApp } from "./bench-app";
import { benchEyes } from "./bench-eyes";
import { measure, measureInTurns, ms, percentiles } from "./stats";

/**
 * `npm run bench:jobs`: the jobs list, tabs and a batch of 100 items through the real endpoints
 * (app.inject, auth included) beside the same SQL through `pg`, on the bench database (seed it
 * first: `npm run seed:jobs`). The raw SQL of a list case is the very statement the endpoint runs
 * (buildJobsPageSql: the page, its related rows and the total in one), so the gap is the
 * endpoint's own cost: auth, parsing, mapping and JSON.
 */
async function main() {
  const { app, url, token, statements, close } = await startBenchApp();
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  const one = async <T>(sql: string, params: unknown[] = []) => (await raw.query(sql, params)).rows[0] as T;

  const { orders, items } = await one<{ orders: number; items: number }>(
    "select (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items",
  );
  const finished = (
    await raw.query("select id from statuses where kind = 'dispense' and slug = any($1)", [FINISHED_SLUGS])
  ).rows.map((r) => r.id as number);
  const unfinished = (
    await raw.query("select id from statuses where kind = 'dispense' and id <> all($1::int[])", [finished])
  ).rows.map((r) => r.id as number);
  const inProgress = await one<{ id: number }>(
    "select id from statuses where kind = 'dispense' and slug = 'in-progress'",
  );
  const outlet = await one<{ id: number }>(
    "select outlet_id as id from order_items group by outlet_id order by count(*) desc limit 1",
  );
  const sample = await one<{ invoice: string; last_name: string }>(
    "select vend_invoice_number as invoice, billing_last_name as last_name from orders order by id desc limit 1 offset 5000",
  );
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  // Issue 27: the workshop tabs and the outlet's day read every outlet's zone, the status ids and
  // the ready statuses (the default until a region chooses), as the app does.
  const workshop: WorkshopContext = {
    outlets: (
      await raw.query(
        `select o.id, o.region_id, o.time_zone, coalesce(s.uncollected_after_days, 7) as days
           from outlets o left join outlet_workshop_settings s on s.outlet_id = o.id`,
      )
    ).rows.map((r) => ({
      id: r.id,
      regionId: r.region_id,
      timeZone: r.time_zone,
      uncollectedAfterDays: r.days,
    })),
    statusIds: new Map(
      (await raw.query("select id, slug from statuses where kind = 'dispense'")).rows.map((r) => [
        r.slug,
        r.id,
      ]),
    ),
    readySlugs: new Map(),
  };
  for (const o of workshop.outlets) workshop.readySlugs.set(o.regionId, ["ready-to-go"]);
  const busiest = await one<{ id: number }>(
    "select origin_outlet_id as id from orders group by 1 order by count(*) desc limit 1",
  );

  const listCases: { name: string; query: string }[] = [
    { name: "page 1", query: "" },
    { name: "status tab", query: `dispense_status_id=${inProgress.id}` },
    { name: "filtered: outlet + 90 days", query: `outlet_id=${outlet.id}&created_start_at=${since}` },
    {
      name: "filtered: outlet + status",
      query: `outlet_id=${outlet.id}&dispense_status_id=${inProgress.id}`,
    },
    { name: "late orders", query: "customFilter=late-orders" },
    { name: "tab: late", query: "customFilter=late" },
    { name: "tab: at risk", query: "customFilter=at-risk" },
    { name: "tab: ready", query: "customFilter=ready" },
    { name: "tab: uncollected", query: "customFilter=uncollected" },
    { name: "outlet: late", query: `customFilter=late&origin_outlet_id=${busiest.id}` },
    { name: "outlet: promised today", query: `customFilter=due-today&origin_outlet_id=${busiest.id}` },
    { name: "sort by promise", query: "sort_by=due_date&sort_direction=asc" },
    { name: "deep page (500)", query: "page=500" },
    { name: "search: invoice", query: `q=${encodeURIComponent(sample.invoice)}` },
    { name: "search: name", query: `q=${encodeURIComponent(sample.last_name)}` },
  ];
  const cases: {
    name: string;
    endpoint: () => Promise<unknown>;
    sql: () => Promise<unknown>;
    /** A list case: the endpoint runs exactly the raw column's one statement. */
    list?: boolean;
  }[] = [
    {
      name: "tab counts",
      endpoint: () => get("/api/staff/total-orders"),
      // The endpoint's one statement (the statuses' names come from the reference cache).
      sql: () => raw.query(TAB_COUNTS_SQL, [unfinished]),
    },
    {
      // The tabs endpoint now adds the workshop counts (a second statement) to the one above.
      name: "workshop tab counts",
      endpoint: () => get("/api/staff/total-orders"),
      sql: () => {
        const built = workshopCountsSql(workshop, new Date());
        return raw.query(built.sql, built.params);
      },
    },
    {
      // The outlet's day: its stages, the workshop counts for the outlet and today's promised jobs.
      name: "outlet's day",
      endpoint: () => get(`/api/staff/outlet-day?outlet_id=${busiest.id}`),
      sql: () => {
        const built = workshopCountsSql(workshop, new Date(), busiest.id);
        return Promise.all([
          raw.query(built.sql, built.params),
          raw.query(
            `select dispense_status_id, count(*)::int from orders
              where origin_outlet_id = $1 and dispense_status_id = any($2::int[]) group by 1`,
            [busiest.id, unfinished],
          ),
          raw.query(
            `select o.id from orders o where o.origin_outlet_id = $1 and o.dispense_status_id = any($2::int[])
                and o.due_date = current_date order by o.created_at, o.id limit 50`,
            [busiest.id, unfinished],
          ),
        ]);
      },
    },
    ...listCases.map((c) => {
      const parsed = jobsQuery.parse(Object.fromEntries(new URLSearchParams(c.query)));
      const built = buildJobsPageSql(
        jobsQueryToSearch(parsed, { brandSlug: "loupe", openStatusIds: unfinished, workshop }),
        orderNotesCountSql,
      );
      return {
        name: c.name,
        endpoint: () => get(`/api/staff/orders?action=list&order_item_append=next_scheduled_date&${c.query}`),
        sql: () => raw.query(built.sql, built.params),
        list: true,
      };
    }),
  ];

  async function get(url: string) {
    const res = await app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res;
  }

  // Opening a job: a different one each call (ids spread over the table, so not one cached page);
  // the raw column is the detail's own reads by job id (the job, items, groups, payments).
  let detailCall = 0;
  const detailId = () => ((detailCall++ * 7_919) % orders) + 1;
  cases.push({
    name: "order detail",
    endpoint: () => get(`/api/staff/orders/${detailId()}`),
    sql: () => {
      const id = detailId();
      return Promise.all(
        [
          "orders where id",
          "order_items where order_id",
          "item_groups where order_id",
          "order_payments where order_id",
        ].map((from) => raw.query(`select * from ${from} = $1`, [id])),
      );
    },
  });

  // The batch: 100 items of open jobs, moved between two statuses on alternate runs.
  const batchIds = (
    await raw.query(
      `select i.id from order_items i join orders o on o.id = i.order_id
       where o.dispense_status_id = $1 and i.quantity > 0 order by i.id desc limit 100`,
      [inProgress.id],
    )
  ).rows.map((r) => r.id as number);
  const [a, b] = (
    await raw.query(
      "select id from statuses where kind = 'item' and slug in ('ready-to-edge', 'ready-to-pick') order by id",
    )
  ).rows.map((r) => r.id as number);
  let flip = 0;
  cases.push({
    name: "batch of 100 items",
    endpoint: async () => {
      const res = await app.inject({
        method: "PUT",
        url: "/api/staff/order-items/dispense-status-id",
        headers: { authorization: `Bearer ${token}` },
        payload: { item_ids: batchIds, status_id: flip++ % 2 ? a : b },
      });
      if (res.statusCode !== 200) throw new Error(`batch: ${res.statusCode} ${res.body}`);
    },
    sql: () =>
      raw.query(
        "update order_items set dispense_status_id = $1, updated_at = now() where id = any($2::int[])",
        [flip++ % 2 ? a : b, batchIds],
      ),
  });

  // The job edit's lens options (issue 12): one customer's multifocal prescription and PD against a
  // multifocal product's combinations, as step 4 asks for them; the raw column is the same reads
  // (product, prescription, PD, the product's lens combinations with lens and supplier).
  const post = async (url: string, payload: Record<string, unknown>) => {
    const res = await app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: number };
  };
  const product = await one<{ id: number }>(
    `select rp.id from region_products rp join lens_addon_combinations c on c.region_product_id = rp.id
      where rp.region_id = 1 and rp.lenses_type = 'multifocal' group by rp.id order by count(*) desc limit 1`,
  );
  // A seeded job's saved selection when there is one (what reopening it asks for), else a
  // customer's prescription and PD made here.
  const saved = await raw.query<{ rx: number; pd: number; size: string }>(
    `select (i.additional_info->'selection'->'prescription'->>'id')::int as rx,
            (i.additional_info->'selection'->>'pdId')::int as pd,
            i.additional_info->'selection'->'customize'->'front'->>'size' as size
       from order_items i where i.region_product_id = $1 and i.additional_info is not null
      order by i.id desc limit 1`,
    [product.id],
  );
  const made = saved.rows[0] ? null : await benchEyes(one, post);
  const rx = { id: saved.rows[0]?.rx ?? made!.rx.id };
  const pd = { id: saved.rows[0]?.pd ?? made!.pd.id };
  const frameSize = saved.rows[0]?.size ?? "M";
  cases.push({
    name: "lens options (job edit)",
    endpoint: () =>
      get(
        `/api/staff/product-lens-addons?region_product_id=${product.id}&prescription_id=${rx.id}&pd_id=${pd.id}&frame_size=${frameSize}`,
      ),
    sql: () =>
      Promise.all([
        raw.query("select * from region_products where id = $1", [product.id]),
        raw.query("select * from prescriptions where id = $1", [rx.id]),
        raw.query("select * from pds where id = $1", [pd.id]),
        raw.query(
          `select * from lens_addon_combinations c join lenses l on l.id = c.lens_id
             join lens_suppliers s on s.id = l.supplier_id
            where c.region_product_id = $1 and l.is_active order by c.id`,
          [product.id],
        ),
      ]),
  });

  console.log(
    `jobs: ${orders.toLocaleString()} orders, ${items.toLocaleString()} items, PostgreSQL ${(await one<{ server_version: string }>("show server_version")).server_version}`,
  );
  console.log(
    "case                          endpoint p50  endpoint p95   raw SQL p50   raw SQL p95   ratio p50 | in turns: endpoint p50   raw p50   ratio | its statement p50",
  );
  // `npm run bench:jobs -- lens` times only the cases whose name contains "lens" (several: "tab,outlet").
  const only = process.argv[2]?.split(",");
  for (const c of cases.filter((c) => !only || only.some((o) => c.name.includes(o)))) {
    const endpoint = await measure(c.endpoint, 100);
    const sql = await measure(c.sql, 100);
    // In turns, the time the endpoint's own statement took inside it, for the list cases (one
    // statement a call, the raw column's): the rest of the endpoint's time is its own work.
    statements.times.length = 0;
    statements.on = true;
    // Cheap cases get ten times the runs: at 2 ms a call, the p50 of 100 moved by ±0.1 ms between
    // runs minutes apart, as much as the endpoint's whole margin under 1.5×.
    const turns = sql.p50 < 5 ? 1000 : 100;
    const [turnEndpoint, turnSql] = await measureInTurns(c.endpoint, c.sql, turns);
    statements.on = false;
    // The last `turns` are the timed calls (measureInTurns warms up first).
    const inside = c.list ? ms(percentiles(statements.times.slice(-turns)).p50) : "       —";
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`.padStart(10);
    console.log(
      `${c.name.padEnd(28)} ${ms(endpoint.p50)}      ${ms(endpoint.p95)}      ${ms(sql.p50)}      ${ms(sql.p95)}  ${ratio(endpoint.p50, sql.p50)} |          ${ms(turnEndpoint.p50)}  ${ms(turnSql.p50)}  ${ratio(turnEndpoint.p50, turnSql.p50)} |   ${inside}`,
    );
  }
  await raw.end();
  await close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
