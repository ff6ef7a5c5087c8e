import type { OrderDetailWire, OrderWire } from "@loupe/contract";
import { REFUNDED_QUANTITY } from "@loupe/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../platform/db/client";
import { createSlots, type Slots } from "../../platform/slots";
import { seedDemoCustomers } from "../../seed/demo-customers";
import { seedDemoJobs } from "../../seed/demo-jobs";
import { seedLensCatalogue } from "../../seed/demo-lens-catalogue";
import { seedDemoSupplierContacts } from "../../seed/demo-suppliers";
import { confirmedJob } from "../../test/confirmed-job";
import { multifocal } from "../../test/lens-order-fixtures";
import { createTestApp, type TestApp } from "../../test/test-app";
import { lensOrderSummaries } from "../lens-orders";
import { orderNotesReader } from "../notes/notes.queries";
import { readyStatusChoices } from "../ready-messages/ready-settings";
import { creditNotes } from "../receipts/receipts.tables";
import { jobShipment } from "../shipping";
import { staffUsers } from "../staff/staff.tables";
import { toItemWires, toOrderWires } from "./jobs.mappers";
import { lensOrderSummariesSlot, orderNotesSlot, regionReadyStatusesSlot } from "./jobs.slots";
import { itemGroups, orderItems, orderPayments, orderRefunds, orders, relatedOrders } from "./jobs.tables";

// The job detail is one statement (job-detail.queries.ts). The detail as it was read before, in
// fourteen statements, is kept here as `detailBefore`: the endpoint must answer the same, job for
// job, over the demo jobs and jobs made to have every part (groups, refunds with credit notes and
// approvers, a shipment with events, a lens order, related jobs, coupons, re-entry, guests).

let t: TestApp;
let token: string;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  t.database.query<T>(sql, params) as Promise<T[]>;

/** The old toOrderDetail, with its base row from the multi-statement `toOrderWires`. */
async function detailBefore(db: Db, id: number, slots: Slots, receipt: { token: string; url: string }) {
  const [orderRow] = await db.select().from(orders).where(eq(orders.id, id));
  if (!orderRow) return null;
  // A receipt link carries when it was issued: the one the endpoint gave, so only the rest is compared.
  const links = { posUrl: t.config.POS_URL, receipt: { link: () => receipt } };
  const [[row], groups, items, pays, related, refunds, shipment, notes, approvers] = await Promise.all([
    toOrderWires(db, [orderRow], links, slots) as Promise<OrderWire[]>,
    db.select().from(itemGroups).where(eq(itemGroups.orderId, id)).orderBy(itemGroups.id),
    db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.id),
    db.select().from(orderPayments).where(eq(orderPayments.orderId, id)).orderBy(orderPayments.id),
    db
      .select({ id: orders.id, vend_invoice_number: orders.vendInvoiceNumber, uid: orders.uid })
      .from(relatedOrders)
      .innerJoin(orders, eq(orders.id, relatedOrders.relatedOrderId))
      .where(eq(relatedOrders.orderId, id))
      .orderBy(orders.id),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id)).orderBy(orderRefunds.id),
    jobShipment(db, id),
    db
      .select({ refundId: creditNotes.refundId, code: creditNotes.code })
      .from(creditNotes)
      .where(eq(creditNotes.orderId, id)),
    db
      .select({ refundId: orderRefunds.id, firstName: staffUsers.firstName, lastName: staffUsers.lastName })
      .from(orderRefunds)
      .innerJoin(staffUsers, eq(staffUsers.id, orderRefunds.approvedBy))
      .where(eq(orderRefunds.orderId, id)),
  ]);
  const creditNoteOf = new Map(notes.map((n) => [n.refundId, n.code]));
  const approverOf = new Map(approvers.map((a) => [a.refundId, `${a.firstName} ${a.lastName}`.trim()]));
  const creditNoteUrl = (code: string) =>
    `${row.receipt_url.replace("/receipt/show/", "/receipt/credit-note/")}/${code}`;
  const wires = await toItemWires(db, items, slots);
  const staffNames = new Map(
    (await db.select().from(staffUsers)).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]),
  );
  const detail: OrderDetailWire = {
    ...row,
    item_groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.type,
      order_items: wires.filter((w) => w.group_id === g.id),
    })),
    no_group_items: wires.filter((w) => w.group_id == null),
    items: wires,
    payments: pays.map((p) => ({
      amount: p.amountMinor / 100,
      historical_payment_type_name: p.paymentTypeName,
      id: p.id,
      amount_minor: p.amountMinor,
      tender: p.tender,
      reference: p.reference,
      kind: p.kind,
      taken_by: p.takenBy === null ? null : (staffNames.get(p.takenBy) ?? null),
      created_at: p.createdAt.toISOString(),
    })),
    coupons: orderRow.coupons,
    related_orders: related,
    refunds: refunds.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: r.amountMinor / 100,
      method: r.method,
      status: r.status,
      scope: r.scope,
      reason: r.reason,
      error: r.error,
      created_at: r.createdAt.toISOString(),
      lines: (r.lines ?? []).map((l) => ({
        item_id: l.itemId,
        quantity: l.quantity,
        amount: l.amountMinor / 100,
      })),
      credit_note: creditNoteOf.has(r.id)
        ? { code: creditNoteOf.get(r.id)!, url: creditNoteUrl(creditNoteOf.get(r.id)!) }
        : null,
      approved_by: approverOf.get(r.id) ?? null,
      idempotency_key: r.idempotencyKey,
    })),
    shipment,
    prescription_reentry_required: wires.some(
      (w) => w.prescription_reentry_required && w.quantity !== REFUNDED_QUANTITY,
    ),
  };
  return detail;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await seedLensCatalogue(t.database.db);
  await seedDemoSupplierContacts(t.database.db);
  await seedDemoCustomers(t.database.db, { customers: 10, jobs: 40 });
  await seedDemoJobs(t.database.db, { customers: 10, jobs: 40 });
}, 120_000);
afterAll(() => t?.close());

/** Makes jobs with every part the detail shows; answers their ids. */
async function jobsWithEverything(): Promise<number[]> {
  const [staff] = await q<{ id: number }>("select id from staff_users order by id limit 1");
  // A confirmed selection (prescription and PD of the job's customer) with a lens order.
  const confirmed = await confirmedJob(t, token, multifocal);
  const [supplier] = await q<{ id: number; kind: string }>(
    "select id, kind from lens_suppliers where abbreviation = 'HOYA'",
  );
  for (const [sequence, state] of [
    [1, "failed"],
    [2, "placed"],
  ] as const)
    await q(
      `insert into lens_orders (order_id, order_item_id, customer_id, sequence, reference, supplier_id, supplier_kind,
         contact_id, transport, state, status_code, open, lenses, need_to_edge, lens_name, deliver_to_outlet_id,
         idempotency_key, eta, tracking_number, placed_by, snapshot, record)
       select $1, $2, o.customer_id, $3, $4, $5, $6, c.id, 'email', $7, 1, $8, 'both', 'UnCut', 'Lens', o.origin_outlet_id,
         $4, '2026-12-24', 'TRK1', $9, '{}'::jsonb, ''
       from orders o, supplier_contacts c where o.id = $1 and c.supplier_id = $5 order by c.id limit 1`,
      [
        confirmed.orderId,
        confirmed.itemId,
        sequence,
        `REF-DETAIL-${sequence}`,
        supplier.id,
        supplier.kind,
        state,
        state === "placed",
        staff.id,
      ],
    );
  // The same selection, moved to another customer: its prescription is no longer the job's.
  const moved = await confirmedJob(t, token, multifocal);
  const [other] = await q<{ id: number }>("select id from customers where id <> $1 order by id limit 1", [
    (await q<{ customer_id: number }>("select customer_id from orders where id = $1", [moved.orderId]))[0]
      .customer_id,
  ]);
  await q("update orders set customer_id = $1 where id = $2", [other.id, moved.orderId]);
  // A marker of a customer change, on a demo job's item.
  const [marked] = await q<{ id: number; order_id: number }>(
    "select id, order_id from order_items where quantity > 0 order by id limit 1",
  );
  await q(
    `update order_items set additional_info = '{"reentry": {"reason": "customer_changed", "previous_customer_id": null, "at": "2026-11-01T00:00:00Z"}, "selection": {"pdId": 999999}}'::jsonb where id = $1`,
    [marked.id],
  );
  // A guest job with groups, coupons, payments, related jobs, refunds and a shipment.
  const [guest] = await q<{ id: number }>(
    "select id from orders where customer_id is null and exists (select 1 from item_groups g where g.order_id = orders.id) order by id limit 1",
  );
  const guestId = guest?.id ?? marked.order_id;
  await q(`update orders set coupons = '[{"code": "SAVE10", "amount": 10}]'::jsonb where id = $1`, [guestId]);
  await q(
    "insert into order_payments (order_id, amount_minor, payment_type_name, state) values ($1, 2500, 'Cash', 'captured'), ($1, 1000, 'EFTPOS', 'captured')",
    [guestId],
  );
  await q("insert into related_orders (order_id, related_order_id) values ($1, $2), ($1, $3), ($2, $1)", [
    guestId,
    confirmed.orderId,
    marked.order_id === guestId ? moved.orderId : marked.order_id,
  ]);
  const [item] = await q<{ id: number }>(
    "select id from order_items where order_id = $1 order by id limit 1",
    [guestId],
  );
  const [region] = await q<{ region_id: number }>("select region_id from orders where id = $1", [guestId]);
  const refunds = [
    ["partial", "succeeded", 1500, staff.id, true],
    ["partial", "failed", 500, null, false],
    ["full", "pending", 2000, staff.id, false],
  ] as const;
  let n = 0;
  for (const [scope, status, amount, approver, note] of refunds) {
    n++;
    const [r] = await q<{ id: number }>(
      `insert into order_refunds (order_id, idempotency_key, kind, scope, amount_minor, method, status, reason, lines,
         approved_by, error, staff_user_id)
       values ($1, $2, 'refund', $3, $4, 'till', $5, 'Scratched', $6::jsonb, $7, $8, $9) returning id`,
      [
        guestId,
        `detail-refund-${n}`,
        scope,
        amount,
        status,
        JSON.stringify(scope === "partial" ? [{ itemId: item.id, quantity: 1, amountMinor: amount }] : []),
        approver,
        status === "failed" ? "Declined" : null,
        staff.id,
      ],
    );
    if (note)
      await q(
        `insert into credit_notes (region_id, number, code, order_id, refund_id, amount_minor, reason, destination, lines, issued_by, approved_by)
         values ($1, $2, $3, $4, $5, $6, 'Scratched', 'at the till', '[]'::jsonb, $7, $7)`,
        [region.region_id, 900 + n, `AU1-CN-00090${n}`, guestId, r.id, amount, staff.id],
      );
  }
  const [manifest] = await q<{ id: number }>(
    `insert into shipping_manifests (courier, sender_outlet_id, manifest_date, state, carrier_order_id)
     select 'auspost', origin_outlet_id, '2026-11-20', 'done', 'MAN-1' from orders where id = $1 returning id`,
    [guestId],
  );
  for (const [attempt, state] of [
    [1, "failed"],
    [2, "created"],
    [3, "failed"],
  ] as const) {
    const [s] = await q<{ id: number }>(
      `insert into shipments (order_id, attempt, idempotency_key, state, courier, company, product_id, product_name,
         tracking_number, carrier_order_id, request, manifest_id, manifested_at, created_at)
       values ($1, $2::int, $3, $4, 'auspost', 'Australia Post', 'P1', 'Parcel Post', $5, 'CO-1', '{}'::jsonb, $6, $7, now() - interval '1 hour' * $2::int)
       returning id`,
      [
        guestId,
        attempt,
        `detail-ship-${attempt}`,
        state,
        `TRK-${attempt}`,
        state === "created" ? manifest.id : null,
        state === "created" ? new Date("2026-11-20T07:00:00.123456Z") : null,
      ],
    );
    await q(
      `insert into shipment_events (shipment_id, order_id, status, description, occurred_at)
       values ($1, $2, 'booked', 'Booked', '2026-11-20T01:00:00Z'), ($1, $2, 'picked', 'Picked up', '2026-11-20T01:00:00Z'),
              ($1, $2, 'early', 'Label made', '2026-11-19T23:00:00.5Z')`,
      [s.id, guestId],
    );
  }
  return [confirmed.orderId, moved.orderId, marked.order_id, guestId];
}

describe("the job detail in one statement", () => {
  it("answers what the fourteen statements answered, job for job", async () => {
    const made = await jobsWithEverything();
    const slots = createSlots();
    orderNotesSlot.provide(slots, orderNotesReader);
    lensOrderSummariesSlot.provide(slots, lensOrderSummaries);
    regionReadyStatusesSlot.provide(slots, readyStatusChoices);
    const ids = (await q<{ id: number }>("select id from orders order by id")).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(40);
    const seen = {
      groups: 0,
      refunds: 0,
      creditNotes: 0,
      approvers: 0,
      shipment: 0,
      lensOrder: 0,
      reentry: 0,
    };
    const seenGuest = { guest: 0, related: 0, coupons: 0 };
    for (const id of ids) {
      const res = await t.call(token, { method: "GET", url: `/api/staff/orders/${id}` });
      expect(res.statusCode, res.body).toBe(200);
      const now = res.json().data as OrderDetailWire;
      const before = await detailBefore(t.database.db, id, slots, {
        token: now.receipt_token,
        url: now.receipt_url,
      });
      expect(now, `job ${id}`).toEqual(before);
      if (now.item_groups.length) seen.groups++;
      if (now.refunds.length) seen.refunds++;
      if (now.refunds.some((r) => r.credit_note)) seen.creditNotes++;
      if (now.refunds.some((r) => r.approved_by)) seen.approvers++;
      if (now.shipment) seen.shipment++;
      if (now.items.some((i) => i.lens_order)) seen.lensOrder++;
      if (now.prescription_reentry_required) seen.reentry++;
      if (now.customer_id === null) seenGuest.guest++;
      if (now.related_orders.length) seenGuest.related++;
      if (now.coupons.length) seenGuest.coupons++;
    }
    // The comparison covered every part (each counter is a job that had it).
    for (const [part, count] of Object.entries({ ...seen, ...seenGuest }))
      expect(count, part).toBeGreaterThan(0);
    expect(made.length).toBe(4);
    // The moved selection and the marker both ask for re-entry.
    expect(seen.reentry).toBeGreaterThanOrEqual(2);
  }, 180_000);

  it("answers 404 for a job that does not exist", async () => {
    const res = await t.call(token, { method: "GET", url: "/api/staff/orders/999999" });
    expect(res.statusCode).toBe(404);
  });
});
