import type { OrderDetailWire, OrderItemWire, OrderWire } from "@loupe/contract";
import {
  isJobAtRisk,
  isJobLate,
  type JobPromiseFacts,
  REFUNDED_QUANTITY,
  type RefundState,
} from "@loupe/domain";
import { inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { Slots } from "../../platform/slots";
import { productsWithIds } from "../catalogue";
import { customersByIds } from "./job-customers.queries";
import type { DetailItem, DetailPayment, JobDetailRows } from "./job-detail.queries";
import { type JobReference, jobReference } from "./job-reference";
import { lensOrderSummariesSlot, orderNotesSlot, type ReceiptLinks } from "./jobs.slots";
import { orderItems, orders } from "./jobs.tables";
import { loadRefundStates } from "./refund-facts";
import { itemsNeedingReentry, itemsNeedingReentryOf } from "./selection-owners.queries";
import { readySlugsByRegion } from "./workshop.queries";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
const money = (minor: number) => minor / 100;

/** Where the wire's links point: the point-of-sale system's host (config POS_URL) and the signed receipt. */
export interface OrderLinks {
  posUrl: string;
  receipt: ReceiptLinks;
}

/** The job's own columns its list row shows. */
export type ListedOrder = Pick<
  OrderRow,
  | "id"
  | "uid"
  | "name"
  | "vendInvoiceNumber"
  | "customerId"
  | "billingFirstName"
  | "billingLastName"
  | "billingEmail"
  | "billingMobile"
  | "billingAddress"
  | "totalAmountMinor"
  | "totalPaymentMinor"
  | "balanceDueMinor"
  | "dispenseStatusId"
  | "paymentStatusId"
  | "priority"
  | "channelId"
  | "channel"
  | "isOctoposOrder"
  | "vendBaseUrl"
  | "originOutletId"
  | "shipmentStatus"
  | "shipmentCompany"
  | "shipmentTrackingId"
  | "createdAt"
  | "dueDate"
  | "promiseVersion"
  | "atRiskReason"
  | "dispenseStatusAt"
  | "importedFrom"
>;

/** A job and what its list row shows of its related rows, however they were read. */
export interface JobFacts {
  order: ListedOrder;
  customer: { firstName: string; lastName: string } | null;
  notesCount: number;
  items: { id: number; quantity: number }[];
  refund: RefundState;
  /** The job's region's ready statuses (workshop.queries.ts `readySlugsByRegion`). */
  readySlugs: readonly string[];
}

/** One job's list row (the wire), from its facts and the reference lookups: no reads. */
export function toOrderWire(f: JobFacts, reference: JobReference, links: OrderLinks): OrderWire {
  const o = f.order;
  const paid = o.totalPaymentMinor >= o.totalAmountMinor;
  const receipt = links.receipt.link(o.id, o.customerId);
  return {
    id: o.id,
    uid: o.uid,
    name: o.name,
    vend_invoice_number: o.vendInvoiceNumber,
    customer_id: o.customerId,
    customer: f.customer ? { first_name: f.customer.firstName, last_name: f.customer.lastName } : null,
    order_billing: {
      customer_first_name: o.billingFirstName,
      customer_last_name: o.billingLastName,
      customer_email: o.billingEmail,
      customer_mobile: o.billingMobile,
      billing_address: o.billingAddress ?? null,
    },
    total_amount: money(o.totalAmountMinor),
    total_payment: money(o.totalPaymentMinor),
    balance_due: money(o.balanceDueMinor),
    display_financial_status: paid ? "Paid" : o.totalPaymentMinor > 0 ? "Partially paid" : "Unpaid",
    dispense_status_id: o.dispenseStatusId,
    dispense_status: reference.status.get(o.dispenseStatusId)!,
    payment_status_id: o.paymentStatusId,
    payment_status: reference.status.get(o.paymentStatusId)!,
    priority: o.priority,
    channel_id: o.channelId,
    channel: o.channel,
    is_octopos_order: o.isOctoposOrder,
    imported_from: o.importedFrom,
    origin_outlet: reference.originOutlet.get(o.originOutletId)!,
    shipment_status: o.shipmentStatus,
    shipment_company: o.shipmentCompany,
    shipment_tracking_id: o.shipmentTrackingId,
    is_refundable: f.refund.is_refundable,
    refund_type: f.refund.refund_type,
    refunded: f.refund.refunded,
    voided: f.refund.voided,
    refundable_amount: money(f.refund.refundableMinor),
    partly_refunded_amount: money(f.refund.partlyRefundedMinor),
    receipt_url: receipt.url,
    receipt_token: receipt.token,
    notes_count: f.notesCount,
    created_at: o.createdAt.toISOString(),
    due_date: o.dueDate,
    promise_version: o.promiseVersion,
    at_risk_reason: isJobAtRisk(promiseFacts(f, reference)) ? o.atRiskReason : null,
    is_late: isJobLate(promiseFacts(f, reference), new Date()),
    status_since: o.dispenseStatusAt.toISOString(),
    items: f.items,
    // Online orders were not rung up in the point-of-sale system, so they have no invoice there; a
    // Lightspeed sale (issue 45) names its own store's address.
    vend_base_url: o.vendBaseUrl ?? (o.isOctoposOrder ? links.posUrl : null),
  };
}

/** The job against its promise, for the domain's late and at-risk rules. */
function promiseFacts(f: JobFacts, reference: JobReference): JobPromiseFacts {
  const o = f.order;
  return {
    dueDate: o.dueDate,
    statusSlug: reference.status.get(o.dispenseStatusId)?.slug ?? "",
    statusSince: o.dispenseStatusAt,
    atRiskReason: o.atRiskReason,
    timeZone: reference.originOutlet.get(o.originOutletId)?.time_zone ?? "UTC",
    readySlugs: f.readySlugs,
    uncollectedAfterDays: 0,
  };
}

/** Loads everything the wire shapes name in a handful of queries, whatever the number of jobs. */
export async function toOrderWires(
  db: Db,
  rows: OrderRow[],
  links: OrderLinks,
  slots: Slots,
): Promise<OrderWire[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const customerIds = [...new Set(rows.map((r) => r.customerId).filter((v): v is number => v != null))];
  // Read once, for the wire's item list and for the refund facts: `.then` makes it a promise, so both
  // awaits share one statement (a drizzle query runs again on every await).
  const items = db
    .select({ id: orderItems.id, orderId: orderItems.orderId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(orderItems.id)
    .then((r) => r);
  const [reference, customerRows, noteRows, itemRows, refund, readySlugs] = await Promise.all([
    jobReference(db),
    customerIds.length ? customersByIds(db, customerIds) : Promise.resolve([]),
    orderNotesSlot.get(slots).noteOrderIds(db, ids),
    items,
    loadRefundStates(db, rows, items),
    readySlugsByRegion(
      db,
      slots,
      rows.map((r) => r.regionId),
    ),
  ]);
  const customer = new Map(customerRows.map((c) => [c.id, c]));
  const notesCount = new Map<number, number>();
  for (const n of noteRows) notesCount.set(n.orderId!, (notesCount.get(n.orderId!) ?? 0) + 1);
  const itemsOf = new Map<number, { id: number; quantity: number }[]>();
  for (const i of itemRows) {
    const list = itemsOf.get(i.orderId) ?? [];
    list.push({ id: i.id, quantity: i.quantity });
    itemsOf.set(i.orderId, list);
  }
  return rows.map((o) =>
    toOrderWire(
      {
        order: o,
        customer: (o.customerId != null ? customer.get(o.customerId) : undefined) ?? null,
        notesCount: notesCount.get(o.id) ?? 0,
        items: itemsOf.get(o.id) ?? [],
        refund: refund.get(o.id)!,
        readySlugs: readySlugs.get(o.regionId) ?? [],
      },
      reference,
      links,
    ),
  );
}

/** Items' wires; `slots` is the app's (job-edit still calls it without them, see jobs.slots.ts). */
export async function toItemWires(db: Db, items: ItemRow[], slots: Slots): Promise<OrderItemWire[]> {
  if (!items.length) return [];
  const productIds = [...new Set(items.map((i) => i.regionProductId))];
  const orderIds = [...new Set(items.map((i) => i.orderId))];
  const [reference, products, lensOrder, owners] = await Promise.all([
    jobReference(db),
    productsWithIds(db, productIds),
    lensOrderSummariesSlot.get(slots)(
      db,
      items.map((i) => i.id),
    ),
    db
      .select({ id: orders.id, customerId: orders.customerId })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
  ]);
  const customerOfOrder = new Map(owners.map((o) => [o.id, o.customerId]));
  const orderOf = new Map(items.map((i) => [i.id, i.orderId]));
  const reentry = await itemsNeedingReentry(
    db,
    items,
    (itemId) => customerOfOrder.get(orderOf.get(itemId)!) ?? null,
  );
  const product = new Map(products.map((p) => [p.id, p]));
  return items.map((i) =>
    toItemWire(
      { ...i, product: product.get(i.regionProductId)!, lensOrder: lensOrder.get(i.id) ?? null },
      reentry.has(i.id),
      reference,
    ),
  );
}

/** One item's wire from its columns, product and lens order: no reads. */
function toItemWire(i: DetailItem, reentryRequired: boolean, reference: JobReference): OrderItemWire {
  const p = i.product;
  const o = reference.outlet.get(i.outletId)!;
  return {
    id: i.id,
    order_id: i.orderId,
    group_id: i.groupId,
    quantity: i.quantity,
    dispense_status_id: i.dispenseStatusId,
    dispense_status: reference.status.get(i.dispenseStatusId)!,
    outlet: { id: o.id, name: o.name, abbreviation: o.abbreviation },
    historical_unit_price: money(i.unitPriceMinor),
    total_amount: money(i.totalAmountMinor),
    discount_amount: money(i.discountAmountMinor),
    delivery_type_id: i.deliveryTypeId,
    region_product_id: p.id,
    region_product: {
      price: money(p.priceMinor),
      product_id: p.id,
      requires_prescription: p.requiresPrescription,
      product: { name: p.name, type: { key: p.productTypeKey } },
      lenses_type: p.lensesType,
      parent_type: { key: p.parentTypeKey },
    },
    hoya_status: i.hoyaStatus,
    shamir_status: i.shamirStatus,
    lens_order: i.lensOrder,
    next_scheduled_date: i.nextScheduledDate,
    additional_info: i.additionalInfo ?? null,
    prescription_reentry_required: reentryRequired,
  };
}

/** A payment of the job as the detail lists it (issue 44); its time is shown on the outlet's clock by the screen. */
export function toPaymentWire(p: DetailPayment): OrderDetailWire["payments"][number] {
  return {
    amount: money(p.amountMinor),
    historical_payment_type_name: p.paymentTypeName,
    id: p.id,
    amount_minor: p.amountMinor,
    tender: p.tender,
    reference: p.reference,
    kind: p.kind,
    taken_by: p.takenBy ? `${p.takenBy.firstName} ${p.takenBy.lastName}`.trim() : null,
    created_at: new Date(p.createdAt).toISOString(),
  };
}

/**
 * The detail from its one statement's rows (job-detail.queries.ts) and the job's list row (`row`,
 * made from the same rows by `toOrderWire`): no reads.
 */
export function toOrderDetail(row: OrderWire, d: JobDetailRows, reference: JobReference): OrderDetailWire {
  const reentry = itemsNeedingReentryOf(d.items, d, d.row.customerId);
  const wires = d.items.map((i) => toItemWire(i, reentry.has(i.id), reference));
  // The credit note opens through the job's own signed receipt link (ADR 0033).
  const creditNoteUrl = (code: string) =>
    `${row.receipt_url.replace("/receipt/show/", "/receipt/credit-note/")}/${code}`;
  return {
    ...row,
    item_groups: d.groups.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.type,
      order_items: wires.filter((w) => w.group_id === g.id),
    })),
    no_group_items: wires.filter((w) => w.group_id == null),
    items: wires,
    payments: d.payments.map((p) => toPaymentWire(p)),
    coupons: d.coupons,
    related_orders: d.related,
    refunds: d.refunds.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: money(r.amountMinor),
      method: r.method,
      status: r.status,
      scope: r.scope,
      reason: r.reason,
      error: r.error,
      created_at: r.createdAt.toISOString(),
      lines: (r.lines ?? []).map((l) => ({
        item_id: l.itemId,
        quantity: l.quantity,
        amount: money(l.amountMinor),
      })),
      credit_note: r.creditNote !== null ? { code: r.creditNote, url: creditNoteUrl(r.creditNote) } : null,
      approved_by: r.approver ? `${r.approver.firstName} ${r.approver.lastName}`.trim() : null,
      idempotency_key: r.idempotencyKey,
    })),
    shipment: d.shipment,
    prescription_reentry_required: wires.some(
      (w) => w.prescription_reentry_required && w.quantity !== REFUNDED_QUANTITY,
    ),
  };
}
