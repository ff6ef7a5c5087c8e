import { asc, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlots } from "../../platform/slots";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { createTestApp, type TestApp } from "../../test/test-app";
import { watchedQueries } from "../../test/watched-queries";
import { orderNotesCountSql } from "../notes";
import { orderNotesReader } from "../notes/notes.queries";
import { createReceiptTokens } from "../receipts/receipt-token";
import { toOrderWires } from "./jobs.mappers";
import { orderNotesSlot } from "./jobs.slots";
import { orders } from "./jobs.tables";
import { readJobsPage } from "./jobs-list.queries";

/**
 * The list and the detail answer a job's row in one statement (jobs-list.queries.ts); the writes
 * still read it one table at a time (toOrderWires). All must give a job the same list fields.
 */
let t: TestApp;
let token: string;
const sql = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const get = async (url: string) => {
  const res = await t.call(token, { method: "GET", url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

type Row = Record<string, unknown> & { id: number };
/** The detail's answer cut to the list row's fields: its items as ids and quantities. */
async function listFieldsOfDetail(row: Row) {
  const detail = (await get(`/api/staff/orders/${row.id}`)).data;
  const fields = Object.fromEntries(Object.keys(row).map((k) => [k, detail[k]]));
  fields.items = detail.items.map((i: { id: number; quantity: number }) => ({
    id: i.id,
    quantity: i.quantity,
  }));
  return fields;
}

let rich: { id: number; invoice: string };
let refunded: { id: number; invoice: string };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCustomers(t.database.db, { customers: 20, jobs: 45 });
  await seedDemoJobs(t.database.db, { customers: 20, jobs: 45 });
  token = await t.login();
  const jobs = await sql<{ id: number; invoice: string }>(
    `select id, vend_invoice_number as invoice from orders
      where customer_id is not null and is_octopos_order order by id limit 2`,
  );
  [rich, refunded] = jobs;
  const [staff] = await sql<{ id: number }>("select id from staff_users order by id limit 1");
  // Several items (one refunded), payments (one only authorised), refund attempts (one failed), notes.
  for (const quantity of [2, -1])
    await sql(
      `insert into order_items (order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor, quantity)
       select order_id, region_product_id, dispense_status_id, outlet_id, unit_price_minor, total_amount_minor, $2
         from order_items where order_id = $1 order by id limit 1`,
      [rich.id, quantity],
    );
  await sql(
    `insert into order_payments (order_id, amount_minor, payment_type_name, state) values
       ($1, 12000, 'Cash', 'captured'), ($1, 5050, 'Card', 'authorised')`,
    [rich.id],
  );
  await sql(
    `insert into order_refunds (order_id, idempotency_key, kind, scope, amount_minor, method, status, reason, staff_user_id) values
       ($1, 'list-a', 'refund', 'partial', 3000, 'till', 'failed', 'Scratched', $2),
       ($1, 'list-b', 'refund', 'partial', 2000, 'till', 'pending', 'Scratched', $2),
       ($3, 'list-c', 'refund', 'full', 100, 'till', 'succeeded', 'Changed mind', $2)`,
    [rich.id, staff.id, refunded.id],
  );
  await sql(
    `insert into order_payments (order_id, amount_minor, payment_type_name) values ($1, 100, 'Cash')`,
    [refunded.id],
  );
  await sql("insert into notes (order_id, content) values ($1, 'Called'), ($1, 'Left a message')", [rich.id]);
});
afterAll(() => t.close());

describe("jobs list in one statement", () => {
  it("answers a job with several items, payments, refunds and notes as the detail does", async () => {
    const [row] = (await get(`/api/staff/orders?q=${encodeURIComponent(rich.invoice)}`)).data as Row[];
    expect(row.id).toBe(rich.id);
    expect(row).toEqual(await listFieldsOfDetail(row));
    expect(row.notes_count).toBe(2);
    expect((row.items as { quantity: number }[]).map((i) => i.quantity).slice(-2)).toEqual([2, -1]);
    expect(row.customer).toEqual(expect.objectContaining({ first_name: expect.any(String) }));
    expect(row).toMatchObject({ is_refundable: true, refunded: false, voided: false });

    const [done] = (await get(`/api/staff/orders?q=${encodeURIComponent(refunded.invoice)}`)).data as Row[];
    expect(done).toEqual(await listFieldsOfDetail(done));
    expect(done).toMatchObject({ refunded: true, is_refundable: false });
  });

  it("gives every row of every page the detail's fields, in order, with the exact total", async () => {
    const [status] = await sql<{ id: number }>(
      "select dispense_status_id as id from orders group by 1 order by count(*) desc limit 1",
    );
    const [outlet] = await sql<{ id: number }>("select origin_outlet_id as id from orders limit 1");
    for (const [filter, page, perPage] of [
      ["", 1, 100],
      ["", 2, 15],
      [`dispense_status_id=${status.id}`, 1, 15],
      [`outlet_id=${outlet.id}&sort_direction=asc`, 1, 15],
      ["customFilter=loupego", 1, 15],
      ["customFilter=late-orders", 1, 15],
    ] as const) {
      const all = (await get(`/api/staff/orders?per_page=100&${filter}`)).data as Row[];
      const res = await get(`/api/staff/orders?page=${page}&per_page=${perPage}&${filter}`);
      expect(res.meta.pagination.total, filter).toBe(all.length);
      expect(
        (res.data as Row[]).map((r) => r.id),
        filter,
      ).toEqual(all.slice((page - 1) * perPage, page * perPage).map((r) => r.id));
      for (const row of res.data as Row[]) expect(row, filter).toEqual(await listFieldsOfDetail(row));
    }
  });

  it("writes the same rows as the answers to writes, which read the jobs by Drizzle", async () => {
    const listed = (await get("/api/staff/orders?per_page=100")).data as Row[];
    expect(listed.length).toBeGreaterThan(40);
    const ids = listed.map((r) => r.id);
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id));
    const links = { posUrl: t.config.POS_URL, receipt: createReceiptTokens(t.config) };
    const slots = createSlots();
    orderNotesSlot.provide(slots, orderNotesReader);
    const byDrizzle = new Map((await toOrderWires(t.database.db, rows, links, slots)).map((w) => [w.id, w]));
    // A receipt link carries when it was issued (it expires, ADR 0026): the two answers were made
    // apart, so their links differ and each must be a valid link for the job and its customer.
    const withoutLink = ({ receipt_token: _t, receipt_url: _u, ...rest }: Row) => rest;
    for (const row of listed) {
      const other = byDrizzle.get(row.id) as Row;
      expect(withoutLink(row), `job ${row.id}`).toEqual(withoutLink(other));
      for (const r of [row, other]) {
        const token = r.receipt_token as string;
        expect(links.receipt.verify(row.id, row.customer_id as number | null, token), `job ${row.id}`).toBe(
          true,
        );
        expect(r.receipt_url).toBe(`http://loupe.test/shop-api/receipt/show/${row.id}/${token}`);
      }
    }
    // Money that is not whole dollars, a billing address and a guest are among them.
    expect(listed.some((r) => !Number.isInteger(r.total_amount))).toBe(true);
    expect(listed.some((r) => (r.order_billing as { billing_address: unknown }).billing_address)).toBe(true);
    expect(listed.some((r) => r.customer === null)).toBe(true);
  });

  it("answers an empty page past the end with the total and page count", async () => {
    const [{ n }] = await sql<{ n: number }>("select count(*)::int as n from orders");
    const res = await get("/api/staff/orders?page=40");
    expect(res.data).toEqual([]);
    expect(res.meta.pagination).toMatchObject({ total: n, count: 0, current_page: 40, total_pages: 3 });
    const none = await get("/api/staff/orders?q=no-such-job-anywhere");
    expect(none.data).toEqual([]);
    expect(none.meta.pagination).toMatchObject({ total: 0, total_pages: 1 });
  });

  it("runs a first page that binds no values as a named statement, and every other page unnamed", async () => {
    const { watched, asked } = watchedQueries(t.database);
    const first = {
      filters: {},
      page: 1,
      perPage: 15,
      sort: { field: "created_at" as const, direction: "desc" as const },
    };
    const [{ newest }] = await sql<{ newest: number }>(
      "select id as newest from orders order by created_at desc, id desc limit 1",
    );
    const page1 = await readJobsPage(watched, first, orderNotesCountSql);
    expect(page1.jobs[0].id).toBe(Number(newest));
    expect(page1.jobs).toHaveLength(15);
    await readJobsPage(watched, { ...first, perPage: 25 }, orderNotesCountSql);
    await readJobsPage(watched, { ...first, page: 2 }, orderNotesCountSql);
    const [{ status }] = await sql<{ status: number }>(
      "select dispense_status_id as status from orders limit 1",
    );
    await readJobsPage(watched, { ...first, filters: { dispense_status_id: status } }, orderNotesCountSql);
    await readJobsPage(watched, { ...first, q: "com" }, orderNotesCountSql);
    // Only the first pages bind nothing: a page further on, a filter's value or a search's term is
    // bound, and a plan made for one value could be the wrong one for the next.
    expect(asked).toEqual([
      { params: [], prepared: true },
      { params: [], prepared: true },
      { params: [15, 15], prepared: false },
      { params: [status, status], prepared: false },
      expect.objectContaining({ prepared: false }),
    ]);
  });

  it("caps the total of a search or of combined filters, and pages a search alike below and above the cap", async () => {
    // Nearly every demo job's e-mail ends in ".com": a dense search. Its matches, newest first, as the
    // list must page them whichever branch (few matches sorted, or the date index walked) runs.
    const term = "com";
    const matches = await sql<{ id: number }>(
      `select id from orders where lower(vend_invoice_number) like $1 || '%' or uid = $1
          or lower(billing_email) like '%' || $1 || '%'
          or lower(billing_first_name || ' ' || billing_last_name) like '%' || $1 || '%'
        order by created_at desc, id desc`,
      [term],
    );
    expect(matches.length).toBeGreaterThan(20);
    const search = {
      q: term,
      filters: {},
      page: 1,
      perPage: 15,
      sort: { field: "created_at" as const, direction: "desc" as const },
    };
    const notes = orderNotesCountSql;
    const expected = matches.slice(0, 15).map((m) => Number(m.id));

    const dense = await readJobsPage(t.database, search, notes, 10);
    expect(dense.totalKind).toBe("at_least");
    expect(dense.total).toBe(10);
    expect(dense.jobs.map((j) => j.id)).toEqual(expected);

    const few = await readJobsPage(t.database, search, notes, matches.length);
    expect(few).toMatchObject({ totalKind: "exact", total: matches.length });
    expect(few.jobs.map((j) => j.id)).toEqual(expected);

    const page2 = await readJobsPage(t.database, { ...search, page: 2 }, notes, 10);
    expect(page2.jobs.map((j) => j.id)).toEqual(matches.slice(15, 30).map((m) => Number(m.id)));

    // Two filters past the status counters: counted up to the cap.
    const [{ outlet }] = await sql<{ outlet: number }>(
      "select origin_outlet_id as outlet from orders limit 1",
    );
    const filtered = { ...search, q: undefined, filters: { origin_outlet_id: outlet, priority: 1 } };
    const [{ n }] = await sql<{ n: number }>(
      "select count(*)::int as n from orders where origin_outlet_id = $1 and priority = 1",
      [outlet],
    );
    expect(n).toBeGreaterThan(2);
    expect(await readJobsPage(t.database, filtered, notes, 2)).toMatchObject({
      total: 2,
      totalKind: "at_least",
    });
    expect(await readJobsPage(t.database, filtered, notes, n)).toMatchObject({
      total: n,
      totalKind: "exact",
    });

    // The endpoint says which: under the cap nothing (exact), as before.
    const answer = await get(`/api/staff/orders?q=${term}`);
    expect(answer.meta.pagination.total).toBe(matches.length);
    expect(answer.meta.pagination.total_kind).toBeUndefined();
  });

  it("walking the date index, the search_text prefilter keeps every kind of match", async () => {
    // Five jobs made to match "zqx" each in one field only, by updates: the generated column must
    // follow them. Cap 0: the page comes from the walk, where the prefilter runs first.
    const five = await sql<{ id: number }>("select id from orders order by id desc limit 5");
    const [inv, mail, first, last, uid] = five.map((r) => Number(r.id));
    await sql("update orders set vend_invoice_number = 'ZQX-0001' where id = $1", [inv]);
    await sql("update orders set billing_email = 'a.ZQX@example.com' where id = $1", [mail]);
    await sql("update orders set billing_first_name = 'Mazqxa' where id = $1", [first]);
    await sql("update orders set billing_first_name = 'Ann', billing_last_name = 'Zqx' where id = $1", [
      last,
    ]);
    await sql("update orders set uid = 'zqx' where id = $1", [uid]);
    const newestFirst = await sql<{ id: number }>(
      "select id from orders where id = any($1::int[]) order by created_at desc, id desc",
      [[inv, mail, first, last, uid]],
    );
    const search = {
      q: "zqx",
      filters: {},
      page: 1,
      perPage: 15,
      sort: { field: "created_at" as const, direction: "desc" as const },
    };
    const walked = await readJobsPage(t.database, search, orderNotesCountSql, 0);
    expect(walked.totalKind).toBe("at_least");
    expect(walked.jobs.map((j) => j.id)).toEqual(newestFirst.map((r) => Number(r.id)));
    // A first and last name together, as the name arm reads them.
    const both = await readJobsPage(t.database, { ...search, q: "ann zqx" }, orderNotesCountSql, 0);
    expect(both.jobs.map((j) => j.id)).toEqual([last]);
  });

  it("proves a common surname past the cap off the name index, and pages it as every other search", async () => {
    // The demo's most common surname: more jobs than a small cap, counted off the btree ranges.
    const [{ last }] = await sql<{ last: string }>(
      "select lower(billing_last_name) as last from orders group by 1 order by count(*) desc, 1 limit 1",
    );
    const byName = await sql<{ id: number; region: number }>(
      `select id, region_id as region from orders
        where lower(billing_first_name || ' ' || billing_last_name) like '%' || $1 || '%'
           or lower(billing_email) like '%' || $1 || '%' or lower(vend_invoice_number) like $1 || '%' or uid = $1
        order by created_at desc, id desc`,
      [last],
    );
    const [{ surnames }] = await sql<{ surnames: number }>(
      "select count(*)::int as surnames from orders where lower(billing_last_name) = $1",
      [last],
    );
    expect(surnames).toBeGreaterThan(2);
    const search = {
      q: last,
      filters: {},
      page: 1,
      perPage: 2,
      sort: { field: "created_at" as const, direction: "desc" as const },
    };
    const notes = orderNotesCountSql;
    // Past the cap by the surnames alone: "at least", and the newest matches of any kind first.
    const proven = await readJobsPage(t.database, search, notes, surnames - 1);
    expect(proven).toMatchObject({ total: surnames - 1, totalKind: "at_least" });
    expect(proven.jobs.map((j) => j.id)).toEqual(byName.slice(0, 2).map((m) => Number(m.id)));
    const page3 = await readJobsPage(t.database, { ...search, page: 3 }, notes, surnames - 1);
    expect(page3.jobs.map((j) => j.id)).toEqual(byName.slice(4, 6).map((m) => Number(m.id)));
    // Not past it: every match counted exactly, as before.
    const counted = await readJobsPage(t.database, search, notes, byName.length);
    expect(counted).toMatchObject({ total: byName.length, totalKind: "exact" });
    // A region filter goes into the proof too: only that region's surnames count.
    const region = byName[0].region;
    const inRegion = byName.filter((m) => m.region === region);
    const regional = await readJobsPage(
      t.database,
      { ...search, filters: { region_id: region } },
      notes,
      inRegion.length,
    );
    expect(regional).toMatchObject({ total: inRegion.length, totalKind: "exact" });
    expect(regional.jobs.map((j) => j.id)).toEqual(inRegion.slice(0, 2).map((m) => Number(m.id)));
  });
});
