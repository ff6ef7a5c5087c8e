import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/test-app";
import type { ImportKindContext, ImportPorts } from "../import-kind";
import { jobItemsKind } from "./job-items";
import { jobPaymentsKind } from "./job-payments";
import { jobsKind } from "./jobs";
import { columnOf, kindContext, mappedRow, runKind, undoKind } from "./kind-harness.fixtures";

// Jobs with their items and payments (issue 46): history, read-only once imported. The job keeps
// the other system's number, its timeline says where it came from, its money is settled from its
// items and payments, and every action on it is refused with the rulebook's reason.

let t: TestApp;
let token: string;
let customerId: number;
let outlet: { id: number; abbreviation: string };
let jobsCtx: ImportKindContext<unknown>;

const LOCKED = "This job was imported from another system: it is history and can't be changed.";

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  customerId = (
    await t.call(token, {
      method: "POST",
      url: "/api/user",
      payload: { first_name: "Grace", last_name: "Hopper", email: "grace@example.com" },
    })
  ).json().data.id;
  [outlet] = await t.database.query<{ id: number; abbreviation: string }>(
    "select o.id, o.abbreviation from outlets o where o.region_id = 1 and o.is_active order by o.id limit 1",
  );
  jobsCtx = (await kindContext(t, jobsKind as never)) as ImportKindContext<unknown>;
});
afterAll(() => t.close());

const job = async (id: number) => t.call(token, { method: "GET", url: `/api/staff/orders/${id}` });

async function importJob(sourceId: string, over: Record<string, string | null> = {}) {
  const { outcomes, refused } = await runKind(t, jobsKind as never, jobsCtx as never, [
    mappedRow(
      "jobs",
      2,
      {
        source_id: sourceId,
        outlet: outlet.abbreviation.toLowerCase(),
        status: "collected-by-customer",
        created_on: "2023-06-30",
        job_number: "10234",
        notes: "Remake under warranty",
        ...over,
      },
      customerId,
    ),
  ]);
  expect(refused).toEqual([]);
  return outcomes[0].recordId;
}

describe("jobs, items and payments kinds", () => {
  let orderId: number;
  let itemIds: number[];
  let paymentIds: number[];

  it("imports a job that keeps its number, its customer, its day, its notes and says where it came from", async () => {
    orderId = await importJob("J1");
    const res = await job(orderId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      vend_invoice_number: "10234",
      customer_id: customerId,
      imported_from: "optomate",
      dispense_status: { slug: "collected-by-customer" },
      order_billing: {
        customer_first_name: "Grace",
        customer_last_name: "Hopper",
        customer_email: "grace@example.com",
      },
      total_amount: 0,
    });
    expect(res.json().data.created_at.slice(0, 10)).toBe("2023-06-30");
    const events = (await t.call(token, { method: "GET", url: `/api/staff/orders/${orderId}/events` })).json()
      .data.events as { kind: string; description: string }[];
    expect(events.map((e) => e.description)).toContain("Imported from Optomate (batch #7)");
    const notes = await t.database.query<{ content: string }>(
      "select content from notes where order_id = $1",
      [orderId],
    );
    expect(notes.map((n) => n.content)).toEqual(["Remake under warranty"]);
  });

  it("writes items and payments whose money settles the job's total, balance and payment status", async () => {
    const itemsCtx = await kindContext(t, jobItemsKind);
    const items = await runKind(t, jobItemsKind, itemsCtx, [
      mappedRow(
        "job_items",
        2,
        {
          source_id: "I1",
          job_source_id: "J1",
          description: "Ray-Ban RB5154",
          sku: "OLD-SKU-1",
          quantity: 1,
          price: 189.95,
        },
        orderId,
      ),
      mappedRow(
        "job_items",
        3,
        { source_id: "I2", job_source_id: "J1", description: "Single vision lenses", quantity: 2, price: 60 },
        orderId,
      ),
      mappedRow(
        "job_items",
        4,
        { source_id: "I3", job_source_id: "J1", description: "Cleaning cloth", price: 4.999 },
        orderId,
        { price: "4.999" },
      ),
    ]);
    expect(items.refused).toEqual([
      {
        line: 4,
        errors: [
          {
            field: "price",
            column: columnOf("price"),
            value: "4.999",
            reason: "The price has more decimals than AUD has cents.",
          },
        ],
      },
    ]);
    itemIds = items.outcomes.map((o) => o.recordId);
    const paymentsCtx = await kindContext(t, jobPaymentsKind);
    const payments = await runKind(t, jobPaymentsKind, paymentsCtx, [
      mappedRow(
        "job_payments",
        2,
        { source_id: "P1", job_source_id: "J1", paid_on: "2023-06-30", amount: 150, method: "card" },
        orderId,
      ),
      mappedRow(
        "job_payments",
        3,
        { source_id: "P2", job_source_id: "J1", paid_on: "2023-07-14", amount: 100, method: null },
        orderId,
      ),
    ]);
    paymentIds = payments.outcomes.map((o) => o.recordId);
    const data = (await job(orderId)).json().data;
    expect(data).toMatchObject({
      total_amount: 309.95,
      total_payment: 250,
      balance_due: 59.95,
      payment_status: { slug: "partially-paid" },
    });
    // The line keeps its own words and SKU beside the product it is sold as.
    expect(data.items).toHaveLength(2);
    const lines = await t.database.query<{
      info: { imported: { description: string } };
      unit: number;
      qty: number;
    }>(
      "select additional_info as info, unit_price_minor as unit, quantity as qty from order_items where order_id = $1 order by id",
      [orderId],
    );
    expect(lines.map((l) => [l.info.imported.description, l.unit, l.qty])).toEqual([
      ["Ray-Ban RB5154", 18995, 1],
      ["Single vision lenses", 6000, 2],
    ]);
    expect(
      data.payments.map((p: { amount_minor: number; tender: string }) => [p.amount_minor, p.tender]),
    ).toEqual(
      expect.arrayContaining([
        [15000, "card"],
        [10000, "other"],
      ]),
    );
  });

  it("puts the jobs on the search engine's copy after the chunk commits, and takes them off after an undo", async () => {
    const indexed: { id: number; vend_invoice_number: string; item_ids: number[] }[] = [];
    const removed: number[] = [];
    const search = {
      name: "recording",
      prepare: async () => ({ documents: null }),
      index: async (_: string, docs: unknown[]) => void indexed.push(...(docs as typeof indexed)),
      remove: async (_: string, ids: number[]) => void removed.push(...ids),
      search: async () => ({ hits: [], total: 0 }),
    } as unknown as ImportPorts["search"];
    const ports = { db: t.database.db, search };
    await jobItemsKind.afterCommit?.(
      ports,
      itemIds.map((recordId) => ({ outcome: "created", recordId })),
    );
    expect(indexed.map((d) => [d.id, d.vend_invoice_number, d.item_ids])).toEqual([
      [orderId, "10234", itemIds],
    ]);
    await jobsKind.afterUndo?.(ports, [orderId]);
    expect(removed).toEqual([orderId]);
  });

  it("refuses a refund and a status change on the imported job through the API with the rulebook's reason", async () => {
    const refund = await t.call(token, {
      method: "POST",
      url: `/api/orders/${orderId}/refund`,
      headers: { "idempotency-key": "import-refund-1" },
      payload: { reason: "Product faulty" },
    });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(LOCKED);
    const [cancelled] = await t.database.query<{ id: number }>(
      "select id from statuses where kind = 'dispense' and slug = 'cancelled'",
    );
    const status = await t.call(token, {
      method: "PUT",
      url: `/api/staff/orders/${orderId}/dispense-status`,
      payload: { dispense_status_id: cancelled.id },
    });
    expect(status.statusCode).toBe(409);
    expect(status.json().message).toBe(LOCKED);
    expect((await job(orderId)).json().data.dispense_status.slug).toBe("collected-by-customer");
  });

  it("undoes a payment and an item, settling the job again, then the job with everything it holds", async () => {
    const paymentsCtx = await kindContext(t, jobPaymentsKind);
    await undoKind(t, jobPaymentsKind, paymentsCtx, [paymentIds[1]]);
    const itemsCtx = await kindContext(t, jobItemsKind);
    await undoKind(t, jobItemsKind, itemsCtx, [itemIds[1]]);
    expect((await job(orderId)).json().data).toMatchObject({
      total_amount: 189.95,
      total_payment: 150,
      balance_due: 39.95,
    });
    await undoKind(t, jobsKind as never, jobsCtx as never, [orderId]);
    expect((await job(orderId)).statusCode).toBe(404);
    const left = await t.database.query("select 1 from notes where order_id = $1", [orderId]);
    expect(left).toEqual([]);
  });

  it("numbers a job whose number Loupe already carries after its source id, and keeps the counter above the counter's own form", async () => {
    const first = await importJob("J2", { job_number: "77001" });
    const second = await importJob("J3", { job_number: "77001" });
    expect((await job(first)).json().data.vend_invoice_number).toBe("77001");
    expect((await job(second)).json().data.vend_invoice_number).toBe("77001-J3");
    await t.database.query(
      "insert into outlet_invoice_counters (outlet_id, next) values ($1, 5) on conflict do nothing",
      [outlet.id],
    );
    await importJob("J4", { job_number: `${outlet.abbreviation}-100900` });
    const [counter] = await t.database.query<{ next: number }>(
      "select next from outlet_invoice_counters where outlet_id = $1",
      [outlet.id],
    );
    expect(counter.next).toBeGreaterThan(100900);
  });

  it("refuses a job row whose outlet, status or day is not Loupe's, naming each cell", () => {
    const checked = jobsKind.check(
      mappedRow(
        "jobs",
        9,
        { source_id: "J9", outlet: "ZZZ", status: "lost", created_on: "2030-01-01" },
        customerId,
      ),
      jobsCtx as never,
    );
    expect(checked).toEqual({
      ok: false,
      errors: [
        {
          field: "outlet",
          column: columnOf("outlet"),
          value: "ZZZ",
          reason: "The outlet is not one of the chain's outlets.",
        },
        {
          field: "status",
          column: columnOf("status"),
          value: "lost",
          reason: "The status is not one of Loupe's job statuses.",
        },
        {
          field: "created_on",
          column: columnOf("created_on"),
          value: "2030-01-01",
          reason: "The created on can't be in the future.",
        },
      ],
    });
  });
});
