// A job made at the counter (issue 44, ADR 0058): the quotes module prices the lines and freezes
// the selections; this writes the job's own rows. Call it inside the caller's transaction (the
// request's, `inRequestTransaction`): the order, its items, the invoice number, the promised date
// and the timeline entry commit together or not at all, and a failed item insert leaves no order.

import { randomBytes } from "node:crypto";
import { invoiceNumber } from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/app-error";
import { counterOutlet, firstStatusIds, takeInvoiceNumber } from "./counter-jobs.queries";
import { recordJobEvents } from "./job-events";
import { orderItems, orders } from "./jobs.tables";
import { assignPromisedDates } from "./promised-dates";

/** The counter's channel: a job made in store (the spec's point-of-sale channel). */
export const COUNTER_CHANNEL = { id: 1, key: "pos" } as const;

export interface CounterJobLine {
  regionProductId: number;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
  /** What the line charges, tax included (AU/NZ) or added (CA). */
  totalMinor: number;
}

export interface CounterJobInput {
  outletId: number;
  staffId: number;
  customerId: number | null;
  billing: { firstName: string; lastName: string; email: string | null; mobile: string | null };
  lines: CounterJobLine[];
  totalMinor: number;
  /** "Q-000123" when accepted from a saved quote; null for "New job" at the counter. */
  quoteReference: string | null;
}

export interface CounterJob {
  orderId: number;
  invoiceNumber: string;
  itemIds: number[];
  promisedDate: string | null;
}

/** A new job's item rows from priced lines: each at the job's outlet, in the first item status. */
export function jobItemRows(
  orderId: number,
  outletId: number,
  itemStatusId: number,
  lines: CounterJobLine[],
) {
  return lines.map((l) => ({
    orderId,
    regionProductId: l.regionProductId,
    quantity: l.quantity,
    dispenseStatusId: itemStatusId,
    outletId,
    unitPriceMinor: l.unitPriceMinor,
    discountAmountMinor: l.discountMinor,
    totalAmountMinor: l.totalMinor,
  }));
}

export async function createCounterJob(db: Db, input: CounterJobInput): Promise<CounterJob> {
  const outlet = await counterOutlet(db, input.outletId);
  if (!outlet) throw notFound("Outlet");
  const status = await firstStatusIds(db);
  const number = invoiceNumber(
    outlet.abbreviation,
    await takeInvoiceNumber(db, outlet.id, outlet.abbreviation),
  );
  const [order] = await db
    .insert(orders)
    .values({
      uid: `C${randomBytes(8).toString("hex").toUpperCase()}`,
      name: `#${number}`,
      vendInvoiceNumber: number,
      customerId: input.customerId,
      billingFirstName: input.billing.firstName,
      billingLastName: input.billing.lastName,
      billingEmail: input.billing.email,
      billingMobile: input.billing.mobile,
      totalAmountMinor: input.totalMinor,
      totalPaymentMinor: 0,
      dispenseStatusId: status.dispense,
      paymentStatusId: status.payment,
      channelId: COUNTER_CHANNEL.id,
      channel: COUNTER_CHANNEL.key,
      isOctoposOrder: true,
      originOutletId: outlet.id,
      regionId: outlet.regionId,
    })
    .returning({ id: orders.id });
  const items = await db
    .insert(orderItems)
    .values(jobItemRows(order.id, outlet.id, status.item, input.lines))
    .returning({ id: orderItems.id });
  await assignPromisedDates(db, [order.id]);
  await recordJobEvents(db, [
    {
      orderId: order.id,
      kind: "job_created",
      toValue: input.quoteReference ? `from quote ${input.quoteReference}` : "at the counter",
      staffUserId: input.staffId,
    },
  ]);
  const [after] = await db.select({ due: orders.dueDate }).from(orders).where(eq(orders.id, order.id));
  return {
    orderId: order.id,
    invoiceNumber: number,
    itemIds: items.map((i) => i.id),
    promisedDate: after?.due ?? null,
  };
}
