import type { OrderDetailWire, OrderItemWire, OrderWire } from "@loupe/contract";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { customers } from "../customers/customers.tables";
import { lensOrderSummaries } from "../lens-orders";
import { notes } from "../notes/notes.tables";
import { outlets, regions, statuses } from "../reference/reference.tables";
import { jobShipment } from "../shipping";
import {
  itemGroups,
  orderItems,
  orderPayments,
  orderRefunds,
  orders,
  regionProducts,
  relatedOrders,
} from "./jobs.tables";
import { loadRefundStates } from "./refund-facts";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
const money = (minor: number) => minor / 100;

/** Where the wire's links point: the point-of-sale system's host (config POS_URL) and the signed receipt. */
export interface OrderLinks {
  posUrl: string;
  receipt: {
    url(orderId: number, customerId: number | null): string;
    token(orderId: number, customerId: number | null): string;
  };
}

/** Loads everything the wire shapes name in a handful of queries, whatever the number of jobs. */
export async function toOrderWires(db: Db, rows: OrderRow[], links: OrderLinks): Promise<OrderWire[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const customerIds = [...new Set(rows.map((r) => r.customerId).filter((v): v is number => v != null))];
  const [statusRows, outletRows, regionRows, customerRows, noteRows, itemRows, refund] = await Promise.all([
    db.select().from(statuses),
    db.select().from(outlets),
    db.select().from(regions),
    customerIds.length
      ? db.select().from(customers).where(inArray(customers.id, customerIds))
      : Promise.resolve([]),
    db.select({ orderId: notes.orderId }).from(notes).where(inArray(notes.orderId, ids)),
    db
      .select({ id: orderItems.id, orderId: orderItems.orderId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(orderItems.id),
    loadRefundStates(db, rows),
  ]);
  const status = new Map(
    statusRows.map((s) => [s.id, { id: s.id, slug: s.slug, display_name: s.displayName }]),
  );
  const outlet = new Map(outletRows.map((o) => [o.id, o]));
  const region = new Map(regionRows.map((r) => [r.id, r]));
  const customer = new Map(customerRows.map((c) => [c.id, c]));
  const notesCount = new Map<number, number>();
  for (const n of noteRows) notesCount.set(n.orderId!, (notesCount.get(n.orderId!) ?? 0) + 1);
  const itemsOf = new Map<number, { id: number; quantity: number }[]>();
  for (const i of itemRows) {
    const list = itemsOf.get(i.orderId) ?? [];
    list.push({ id: i.id, quantity: i.quantity });
    itemsOf.set(i.orderId, list);
  }
  return rows.map((o) => {
    const c = o.customerId != null ? customer.get(o.customerId) : undefined;
    const origin = outlet.get(o.originOutletId)!;
    const originRegion = region.get(origin.regionId)!;
    const paid = o.totalPaymentMinor >= o.totalAmountMinor;
    return {
      id: o.id,
      uid: o.uid,
      name: o.name,
      vend_invoice_number: o.vendInvoiceNumber,
      customer_id: o.customerId,
      customer: c ? { first_name: c.firstName, last_name: c.lastName } : null,
      order_billing: {
        customer_first_name: o.billingFirstName,
        customer_last_name: o.billingLastName,
        customer_email: o.billingEmail,
        customer_mobile: o.billingMobile,
        billing_address: o.billingAddress ?? null,
      },
      total_amount: money(o.totalAmountMinor),
      total_payment: money(o.totalPaymentMinor),
      display_financial_status: paid ? "Paid" : o.totalPaymentMinor > 0 ? "Partially paid" : "Unpaid",
      dispense_status_id: o.dispenseStatusId,
      dispense_status: status.get(o.dispenseStatusId)!,
      payment_status_id: o.paymentStatusId,
      payment_status: status.get(o.paymentStatusId)!,
      priority: o.priority,
      channel_id: o.channelId,
      channel: o.channel,
      is_octopos_order: o.isOctoposOrder,
      origin_outlet: {
        id: origin.id,
        name: origin.name,
        abbreviation: origin.abbreviation,
        region_id: origin.regionId,
        region: { id: originRegion.id, name: originRegion.name, country_code: originRegion.countryCode },
        email: origin.email,
        address: {
          address1: origin.address1,
          address2: origin.address2,
          suburb: origin.suburb,
          city: origin.city,
          state: origin.state,
          postcode: origin.postcode,
          country: origin.country,
        },
      },
      shipment_status: o.shipmentStatus,
      shipment_company: o.shipmentCompany,
      shipment_tracking_id: o.shipmentTrackingId,
      is_refundable: refund.get(o.id)!.is_refundable,
      refund_type: refund.get(o.id)!.refund_type,
      refunded: refund.get(o.id)!.refunded,
      voided: refund.get(o.id)!.voided,
      receipt_url: links.receipt.url(o.id, o.customerId),
      receipt_token: links.receipt.token(o.id, o.customerId),
      notes_count: notesCount.get(o.id) ?? 0,
      created_at: o.createdAt.toISOString(),
      items: itemsOf.get(o.id) ?? [],
      // Online orders were not rung up in the point-of-sale system, so they have no invoice there.
      vend_base_url: o.isOctoposOrder ? links.posUrl : null,
    };
  });
}

export async function toItemWires(db: Db, items: ItemRow[]): Promise<OrderItemWire[]> {
  if (!items.length) return [];
  const productIds = [...new Set(items.map((i) => i.regionProductId))];
  const [statusRows, outletRows, products, lensOrder] = await Promise.all([
    db.select().from(statuses),
    db.select().from(outlets),
    db.select().from(regionProducts).where(inArray(regionProducts.id, productIds)),
    lensOrderSummaries(
      db,
      items.map((i) => i.id),
    ),
  ]);
  const status = new Map(
    statusRows.map((s) => [s.id, { id: s.id, slug: s.slug, display_name: s.displayName }]),
  );
  const outlet = new Map(outletRows.map((o) => [o.id, o]));
  const product = new Map(products.map((p) => [p.id, p]));
  return items.map((i) => {
    const p = product.get(i.regionProductId)!;
    const o = outlet.get(i.outletId)!;
    return {
      id: i.id,
      order_id: i.orderId,
      group_id: i.groupId,
      quantity: i.quantity,
      dispense_status_id: i.dispenseStatusId,
      dispense_status: status.get(i.dispenseStatusId)!,
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
      lens_order: lensOrder.get(i.id) ?? null,
      next_scheduled_date: i.nextScheduledDate,
      additional_info: i.additionalInfo ?? null,
    };
  });
}

export async function toOrderDetail(db: Db, order: OrderRow, links: OrderLinks): Promise<OrderDetailWire> {
  const [base] = await toOrderWires(db, [order], links);
  const [groups, items, pays, related, refunds, shipment] = await Promise.all([
    db
      .select()
      .from(itemGroups)
      .where(inArray(itemGroups.orderId, [order.id])),
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, [order.id]))
      .orderBy(orderItems.id),
    db
      .select()
      .from(orderPayments)
      .where(inArray(orderPayments.orderId, [order.id])),
    db
      .select({ id: orders.id, vend_invoice_number: orders.vendInvoiceNumber, uid: orders.uid })
      .from(relatedOrders)
      .innerJoin(orders, eq(orders.id, relatedOrders.relatedOrderId))
      .where(eq(relatedOrders.orderId, order.id))
      .orderBy(orders.id),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)).orderBy(orderRefunds.id),
    jobShipment(db, order.id),
  ]);
  const wires = await toItemWires(db, items);
  return {
    ...base,
    item_groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      type: g.type,
      order_items: wires.filter((w) => w.group_id === g.id),
    })),
    no_group_items: wires.filter((w) => w.group_id == null),
    items: wires,
    payments: pays.map((p) => ({
      amount: money(p.amountMinor),
      historical_payment_type_name: p.paymentTypeName,
    })),
    coupons: order.coupons,
    related_orders: related,
    refunds: refunds.map((r) => ({
      id: r.id,
      kind: r.kind,
      amount: money(r.amountMinor),
      method: r.method,
      status: r.status,
      reason: r.reason,
      error: r.error,
      created_at: r.createdAt.toISOString(),
    })),
    shipment,
  };
}
