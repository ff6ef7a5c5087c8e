// A job made from a sale at a point of sale or a web shop (issue 45, ADR 0059): the intake module
// matches the sale's outlet, lines and customer; this writes the job's own rows. Every function
// runs in the caller's transaction (the intake's processing of one sale), so a job is made whole or
// not at all. Money that arrives from outside is recorded once by its source id: each payment and
// refund carries the key `intake:<source>:<store>:<kind>:<id>` in the table's unique idempotency key.

import { randomBytes } from "node:crypto";
import { formatMoney, paymentStatusSlug, type RecordedTender, TENDER_LABELS } from "@loupe/domain";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { notFound } from "../../platform/http/app-error";
import { referenceData } from "../reference";
import { COUNTER_CHANNEL, jobItemRows } from "./counter-jobs";
import { recordJobEvents } from "./job-events";
import { orderItems, orderPayments, orderRefunds, orders } from "./jobs.tables";
import { assignPromisedDates } from "./promised-dates";

// Statuses, outlets and regions come from the process's reference copy (ADR 0043): a sale is made
// at up to 50 a second, and these never change while the app runs.
async function reference(db: Db) {
  const r = await referenceData(db);
  const status = (kind: string, slug: string) =>
    r.statuses.find((x) => x.kind === kind && x.slug === slug) ?? null;
  const outlet = (id: number) => r.outlets.find((o) => o.id === id) ?? null;
  const currencyOf = (outletId: number) => {
    const o = outlet(outletId);
    return r.regions.find((x) => x.id === o?.regionId)?.defaultCurrency ?? "AUD";
  };
  return { statuses: r.statuses, status, outlet, currencyOf };
}

/** The spec's online channel (jobs-area §9: "Channel 4 is online"): a web-shop order. */
export const ONLINE_CHANNEL = { id: 4, key: "online" } as const;

export interface SaleJobLine {
  regionProductId: number;
  quantity: number;
  unitPriceMinor: number;
  discountMinor: number;
  totalMinor: number;
}

export interface SaleJobInput {
  outletId: number;
  customerId: number | null;
  billing: { firstName: string; lastName: string; email: string | null; mobile: string | null };
  /** What the job's invoice number is: the POS's invoice number, "ONL-1001" for a web-shop order. */
  invoiceNumber: string;
  channel: "pos" | "online";
  /** The POS's address (vend_base_url), null online. */
  baseUrl: string | null;
  lines: SaleJobLine[];
  totalMinor: number;
  /** The timeline's words for where it came from: "from Lightspeed sale 1234 at Parramatta". */
  origin: string;
  /** Payments the sale already holds (each positive), recorded with the job in the same statements. */
  payments?: Omit<SalePaymentInput, "orderId">[];
}

/** Makes the job: order, items, promised date and the timeline's first entry. */
export async function createJobFromSale(db: Db, input: SaleJobInput): Promise<{ orderId: number }> {
  const ref = await reference(db);
  const outlet = ref.outlet(input.outletId);
  if (!outlet) throw notFound("Outlet");
  const first = {
    dispense: ref.status("dispense", "new-order")?.id,
    item: ref.status("item", "created")?.id,
    payment: ref.status("payment", "payment-due")?.id,
  };
  if (!first.dispense || !first.item || !first.payment)
    throw new Error("The first job statuses are missing from reference data.");
  const status = first as { dispense: number; item: number; payment: number };
  // The job is written with its payments already counted: one row write instead of one per payment.
  const payments = (input.payments ?? []).filter((p) => p.amountMinor > 0);
  const paid = payments.reduce((n, p) => n + p.amountMinor, 0);
  const paymentStatus =
    ref.status("payment", paymentStatusSlug(input.totalMinor, paid))?.id ?? status.payment;
  const channel = input.channel === "online" ? ONLINE_CHANNEL : COUNTER_CHANNEL;
  const [order] = await db
    .insert(orders)
    .values({
      uid: `S${randomBytes(8).toString("hex").toUpperCase()}`,
      name: `#${input.invoiceNumber}`,
      vendInvoiceNumber: input.invoiceNumber,
      customerId: input.customerId,
      billingFirstName: input.billing.firstName,
      billingLastName: input.billing.lastName,
      billingEmail: input.billing.email,
      billingMobile: input.billing.mobile,
      totalAmountMinor: input.totalMinor,
      totalPaymentMinor: paid,
      dispenseStatusId: status.dispense,
      paymentStatusId: paymentStatus,
      channelId: channel.id,
      channel: channel.key,
      // The spec's flag for jobs made in the retailer's own point of sale: a Lightspeed or web-shop
      // sale is not one of those; its link back is vend_base_url.
      isOctoposOrder: false,
      vendBaseUrl: input.baseUrl,
      originOutletId: outlet.id,
      regionId: outlet.regionId,
    })
    .returning({ id: orders.id });
  if (input.lines.length)
    await db.insert(orderItems).values(jobItemRows(order.id, outlet.id, status.item, input.lines));
  if (payments.length)
    await db.insert(orderPayments).values(
      payments.map((p) => ({
        orderId: order.id,
        amountMinor: p.amountMinor,
        paymentTypeName: p.sourceName.slice(0, 100) || TENDER_LABELS[p.tender],
        tender: p.tender,
        kind: "payment" as const,
        idempotencyKey: p.key,
        takenBy: null,
        outletId: outlet.id,
      })),
    );
  await assignPromisedDates(db, [order.id]);
  const fmt = (minor: number) => formatMoney(minor / 100, ref.currencyOf(outlet.id));
  await recordJobEvents(db, [
    { orderId: order.id, kind: "job_created", toValue: input.origin, staffUserId: null },
    ...payments.map((p) => ({
      orderId: order.id,
      kind: "payment" as const,
      toValue: paymentText(fmt(p.amountMinor), p.tender, p.sourceName),
      staffUserId: null,
    })),
  ]);
  return { orderId: order.id };
}

/** "Payment $50.00 card (Visa)": the timeline's words for a payment taken at the source. */
const paymentText = (amount: string, tender: RecordedTender, sourceName: string) =>
  `Payment ${amount} ${TENDER_LABELS[tender].toLowerCase()} (${sourceName})`;

async function lockedJob(db: Db, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw notFound("Order");
  return order;
}

async function moneyFormat(db: Db, order: typeof orders.$inferSelect) {
  const currency = (await reference(db)).currencyOf(order.originOutletId);
  return (minor: number) => formatMoney(minor / 100, currency);
}

export interface SalePaymentInput {
  orderId: number;
  /** `intake:<source>:<store>:pay:<payment id>`: the same payment arriving again is not recorded twice. */
  key: string;
  amountMinor: number;
  tender: RecordedTender;
  /** The source's own tender name, kept as the payment type's name ("Visa", "shopify_payments"). */
  sourceName: string;
}

/**
 * Records a payment taken at the source, once by its key. The source is the authority on what was
 * paid, so the counter's checks (no more than the balance, a card's intent) do not apply: the money
 * was taken already. Answers false when the key was recorded before.
 */
export async function recordSalePayment(db: Db, input: SalePaymentInput): Promise<boolean> {
  if (input.amountMinor <= 0) return false;
  const order = await lockedJob(db, input.orderId);
  const [payment] = await db
    .insert(orderPayments)
    .values({
      orderId: order.id,
      amountMinor: input.amountMinor,
      paymentTypeName: input.sourceName.slice(0, 100) || TENDER_LABELS[input.tender],
      tender: input.tender,
      kind: "payment",
      idempotencyKey: input.key,
      takenBy: null,
      outletId: order.originOutletId,
    })
    .onConflictDoNothing()
    .returning({ id: orderPayments.id });
  if (!payment) return false;
  const paid = order.totalPaymentMinor + input.amountMinor;
  const statusId = order.moneyClosed
    ? null
    : (await reference(db)).status("payment", paymentStatusSlug(order.totalAmountMinor, paid))?.id;
  await db
    .update(orders)
    .set({
      totalPaymentMinor: paid,
      ...(statusId ? { paymentStatusId: statusId } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  const fmt = await moneyFormat(db, order);
  await recordJobEvents(db, [
    {
      orderId: order.id,
      kind: "payment",
      toValue: paymentText(fmt(input.amountMinor), input.tender, input.sourceName),
      staffUserId: null,
    },
  ]);
  return true;
}

export interface SaleRefundInput {
  orderId: number;
  /** `intake:<source>:<store>:refund:<id>` or `…:return:<sale id>`. */
  key: string;
  amountMinor: number;
  reason: string;
}

/**
 * Records money given back at the source (a Lightspeed return, a Shopify refund), once by its key:
 * a succeeded partial refund at the till, no staff member; the job's payment status turns "refunded"
 * once what was given back reaches what was paid. Answers false on a repeat.
 */
export async function recordSaleRefund(db: Db, input: SaleRefundInput): Promise<boolean> {
  if (input.amountMinor <= 0) return false;
  const order = await lockedJob(db, input.orderId);
  const [refund] = await db
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      idempotencyKey: input.key,
      kind: "refund",
      scope: "partial",
      amountMinor: input.amountMinor,
      method: "till",
      status: "succeeded",
      reason: input.reason.slice(0, 200),
      staffUserId: null,
      completedAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: orderRefunds.id });
  if (!refund) return false;
  const [given] = await db
    .select({ n: sql<number>`coalesce(sum(${orderRefunds.amountMinor}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), eq(orderRefunds.status, "succeeded")));
  const whole = given.n >= order.totalPaymentMinor && order.totalPaymentMinor > 0;
  // A partial refund leaves the payment status as it was (the spec has no "partly refunded" one).
  const statusId = whole ? (await reference(db)).status("payment", "refunded")?.id : null;
  if (statusId)
    await db
      .update(orders)
      .set({ paymentStatusId: statusId, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  const fmt = await moneyFormat(db, order);
  await recordJobEvents(db, [
    {
      orderId: order.id,
      kind: "refund",
      toValue: `${fmt(input.amountMinor)} at the point of sale (${input.reason})`,
      staffUserId: null,
    },
  ]);
  return true;
}

/**
 * A sale voided at the point of sale or an order cancelled in the web shop: the job and its items
 * are cancelled and its payment status says voided, once (a cancelled job is left as it is).
 */
export async function cancelJobFromSale(
  db: Db,
  input: { orderId: number; reason: string },
): Promise<boolean> {
  const order = await lockedJob(db, input.orderId);
  const ref = await reference(db);
  const rows = ref.statuses;
  const find = (kind: string, slug: string) => ref.status(kind, slug) ?? undefined;
  const cancelled = find("dispense", "cancelled");
  if (!cancelled || order.dispenseStatusId === cancelled.id) return false;
  const from = rows.find((r) => r.id === order.dispenseStatusId);
  const voided = find("payment", "voided");
  await db
    .update(orders)
    .set({
      dispenseStatusId: cancelled.id,
      dispenseStatusAt: new Date(),
      ...(voided ? { paymentStatusId: voided.id } : {}),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  const itemCancelled = find("item", "cancelled");
  if (itemCancelled)
    await db
      .update(orderItems)
      .set({ dispenseStatusId: itemCancelled.id, updatedAt: new Date() })
      .where(eq(orderItems.orderId, order.id));
  await recordJobEvents(db, [
    {
      orderId: order.id,
      kind: "dispense_status",
      fromValue: from?.displayName ?? null,
      toValue: `${cancelled.displayName} (${input.reason})`,
      staffUserId: null,
    },
  ]);
  return true;
}
