import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { regionProducts } from "../catalogue/catalogue.tables";
import { customers } from "../customers/customers.tables";
import { orderPayments, orders } from "../jobs/jobs.tables";
import { outlets, regions } from "../reference/reference.tables";
import { staffUsers } from "../staff/staff.tables";

// What quotes read of other modules' tables: the catalogue's products, the customer, the outlet
// and its region, staff names, and the job a quote became.

/** A region product as a quote line copies it. */
export async function productForQuote(db: Db, id: number) {
  const [row] = await db
    .select({
      id: regionProducts.id,
      regionId: regionProducts.regionId,
      name: regionProducts.name,
      priceMinor: regionProducts.priceMinor,
      kind: regionProducts.kind,
      taxClass: regionProducts.taxClass,
      requiresPrescription: regionProducts.requiresPrescription,
      parentTypeKey: regionProducts.parentTypeKey,
      retiredAt: regionProducts.retiredAt,
    })
    .from(regionProducts)
    .where(eq(regionProducts.id, id));
  return row ?? null;
}
export type QuoteProduct = NonNullable<Awaited<ReturnType<typeof productForQuote>>>;

export async function customerForQuote(db: Db, id: number) {
  const [row] = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      mobile: customers.mobile,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}

/** The outlet with what pricing needs: its region's country and currency, its province and clock. */
export async function outletForQuote(db: Db, id: number) {
  const [row] = await db
    .select({
      id: outlets.id,
      name: outlets.name,
      abbreviation: outlets.abbreviation,
      regionId: outlets.regionId,
      state: outlets.state,
      timeZone: outlets.timeZone,
      email: outlets.email,
      phone: outlets.phone,
      address1: outlets.address1,
      city: outlets.city,
      postcode: outlets.postcode,
      countryCode: regions.countryCode,
      currency: regions.defaultCurrency,
    })
    .from(outlets)
    .innerJoin(regions, eq(regions.id, outlets.regionId))
    .where(eq(outlets.id, id));
  return row ?? null;
}
export type QuoteOutlet = NonNullable<Awaited<ReturnType<typeof outletForQuote>>>;

export async function staffNames(db: Db, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: staffUsers.id, first: staffUsers.firstName, last: staffUsers.lastName })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.first} ${r.last}`.trim()]));
}

/** An approver as the discount approval weighs them. */
export async function activeStaff(db: Db, id: number) {
  const [row] = await db
    .select({ id: staffUsers.id, roleId: staffUsers.roleId, homeRegionId: staffUsers.homeRegionId })
    .from(staffUsers)
    .where(and(eq(staffUsers.id, id), eq(staffUsers.isActive, true)));
  return row ?? null;
}

export async function invoiceNumbersOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, string>();
  const rows = await db
    .select({ id: orders.id, invoice: orders.vendInvoiceNumber })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((r) => [r.id, r.invoice]));
}

/** What a retried accept answers: the job's promised date and balance now, and the quote's deposit. */
export async function depositOfQuote(db: Db, quoteId: number, orderId: number) {
  const [order] = await db
    .select({ due: orders.dueDate, balance: orders.balanceDueMinor })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [payment] = await db
    .select({ id: orderPayments.id, amount: orderPayments.amountMinor, tender: orderPayments.tender })
    .from(orderPayments)
    .where(eq(orderPayments.idempotencyKey, quoteDepositKey(quoteId)));
  return {
    promisedDate: order?.due ?? null,
    balance: order?.balance ?? 0,
    deposit:
      // A deposit is taken in Loupe, so never in "other" (a tender only sales from outside carry).
      payment?.tender != null && payment.tender !== "other"
        ? { payment_id: payment.id, amount_minor: payment.amount, tender: payment.tender }
        : null,
  };
}

/** One deposit per quote: a quote is accepted once, so its id keys the deposit's payment. */
export const quoteDepositKey = (quoteId: number) => `quote-deposit-${quoteId}`;
