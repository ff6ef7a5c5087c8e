import { type DocketLensOrder, type PrintJobFacts, RECEIPT_NOTE_PREFIX } from "@loupe/domain";
import { and, asc, eq, inArray, like, not } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";
import { customers } from "../customers/customers.tables";
import { itemsWithForeignPrescription } from "../jobs";
import { orderItems, orders } from "../jobs/jobs.tables";
import { lensOrdersOfJob } from "../lens-orders";
import { notes } from "../notes/notes.tables";
import { outlets, regions, statuses } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

/** Who a print is about: the job's customer, for the access log (null for a guest job). */
export async function printTarget(db: Db, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, customerId: orders.customerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * Everything a tray label or docket prints, read from the jobs, customers, notes and reference
 * tables (read-only). Each item's selection is the snapshot its last save stored (ADR 0011), so a
 * docket shows what the job is made with, never today's prescription.
 */
export async function readPrintJob(db: Db, orderId: number, brand: string): Promise<PrintJobFacts | null> {
  const dispense = alias(statuses, "dispense");
  const [row] = await db
    .select({
      order: orders,
      outlet: outlets,
      timeZone: outlets.timeZone,
      status: dispense.displayName,
      currency: regions.defaultCurrency,
    })
    .from(orders)
    .innerJoin(outlets, eq(outlets.id, orders.originOutletId))
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .innerJoin(dispense, eq(dispense.id, orders.dispenseStatusId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const itemOutlet = alias(outlets, "item_outlet");
  const [items, noteRows, customer, lensOrders] = await Promise.all([
    db
      .select({
        item: orderItems,
        product: regionProducts,
        status: statuses.displayName,
        outlet: itemOutlet.abbreviation,
      })
      .from(orderItems)
      .innerJoin(regionProducts, eq(regionProducts.id, orderItems.regionProductId))
      .innerJoin(statuses, eq(statuses.id, orderItems.dispenseStatusId))
      .innerJoin(itemOutlet, eq(itemOutlet.id, orderItems.outletId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id)),
    db
      .select({ content: notes.content, createdAt: notes.createdAt, creatorId: notes.creatorId })
      .from(notes)
      // The receipt note is for the customer's receipt, not the workshop.
      .where(and(eq(notes.orderId, orderId), not(like(notes.content, `${RECEIPT_NOTE_PREFIX}%`))))
      .orderBy(asc(notes.createdAt), asc(notes.id)),
    row.order.customerId != null
      ? db
          .select({ firstName: customers.firstName, lastName: customers.lastName })
          .from(customers)
          .where(eq(customers.id, row.order.customerId))
      : Promise.resolve([]),
    lensOrdersForDocket(db, orderId),
  ]);
  const authorIds = [...new Set(noteRows.map((n) => n.creatorId).filter((v): v is number => v != null))];
  const authors = authorIds.length
    ? await db
        .select({ id: staffUsers.id, first: staffUsers.firstName, last: staffUsers.lastName })
        .from(staffUsers)
        .where(inArray(staffUsers.id, authorIds))
    : [];
  const authorName = new Map(authors.map((a) => [a.id, `${a.first} ${a.last}`.trim()]));
  const o = row.order;
  // Defence in depth (issue 24): the prescription and PD rows themselves must be the job's
  // customer's, not only free of the customer-change marker.
  const notCustomers = await itemsWithForeignPrescription(
    db,
    items.map(({ item }) => item),
    () => o.customerId,
  );
  return {
    id: o.id,
    uid: o.uid,
    invoice: o.vendInvoiceNumber,
    priority: o.priority,
    createdAt: o.createdAt,
    dueDate: o.dueDate,
    status: row.status,
    customer: customer[0]
      ? { ...customer[0], guest: false }
      : { firstName: o.billingFirstName, lastName: o.billingLastName, guest: true },
    outlet: { name: row.outlet.name, abbreviation: row.outlet.abbreviation },
    timeZone: row.timeZone,
    brand,
    items: items.map(({ item, product, status, outlet }) => ({
      id: item.id,
      quantity: item.quantity,
      productName: product.name,
      parentTypeKey: product.parentTypeKey,
      lensesType: product.lensesType,
      requiresPrescription: product.requiresPrescription,
      status,
      outlet,
      additionalInfo: item.additionalInfo ?? null,
      prescriptionNotCustomers: notCustomers.has(item.id),
    })),
    notes: noteRows.map((n) => ({
      content: n.content,
      createdAt: n.createdAt,
      by: n.creatorId != null ? (authorName.get(n.creatorId) ?? null) : null,
    })),
    lensOrders,
    balanceDueMinor: o.balanceDueMinor,
    currency: row.currency,
  };
}

/** The job's lens orders with their supplier state, for the docket. */
export async function lensOrdersForDocket(db: Db, orderId: number): Promise<DocketLensOrder[]> {
  const rows = await lensOrdersOfJob(db, orderId);
  return rows.map((o) => ({
    supplier: o.supplier_name,
    state_label: o.status_label,
    ordered_at: o.created_at,
    reference: o.reference,
  }));
}

/** The staff member a print link was granted to, if still active. */
export const activeStaffId = (db: Db, staffId: number) =>
  db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, staffId), eq(staffUsers.isActive, true)));
