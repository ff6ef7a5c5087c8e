// The facts the rulebook decides on, read from the jobs, lens-orders, shipping, staff and reference
// tables: a cross-module read, so it lives in this one queries file (read-only).
import type { LensOrderSummaryWire } from "@loupe/contract";
import {
  canCancelShipment,
  currencyForCountry,
  formatMoney,
  needsPrescriptionReentry,
  type RuleActor,
  type RuleItem,
  type RuleJob,
} from "@loupe/domain";
import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import { jobReference, loadRefundStates, partialRefundMinor } from "../jobs";
import { orderItems, orderPayments, orderRefunds, orders } from "../jobs/jobs.tables";
import { lensOrderSummaries, lensOrderSummary } from "../lens-orders";
import { lensOrders } from "../lens-orders/lens-orders.tables";
import { jobMessages } from "../ready-messages/ready-messages.tables";
import { statuses } from "../reference/reference.tables";
import { shipments } from "../shipping/shipping.tables";

/** Ids as a client sent them: positive int32s only; anything else names no job (the schema answers it). */
const asId = (v: unknown): number | null => {
  const n = typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};
export const asIds = (v: unknown): number[] | null => {
  if (!Array.isArray(v)) return null;
  const ids = v.map(asId);
  return ids.every((n): n is number => n !== null) ? [...new Set(ids)] : null;
};
export { asId };

export async function loadActor(db: Db, staff: StaffUserRow): Promise<RuleActor> {
  const reference = await jobReference(db);
  const outlet = staff.outletId != null ? reference.outlet.get(staff.outletId) : undefined;
  const region = outlet ? reference.region.get(outlet.regionId) : undefined;
  return {
    roleId: staff.roleId,
    homeRegionId: staff.homeRegionId,
    outletCountryCode: region?.countryCode ?? null,
  };
}

/** The job of each item, and the item's row. */
export async function itemsWithJobs(db: Db, itemIds: number[]) {
  if (!itemIds.length) return [];
  return db
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .where(inArray(orderItems.id, itemIds));
}

/** The job of a ready message (a call-list entry), or null. */
export async function jobMessageOrder(db: Db, messageId: number): Promise<number | null> {
  const [row] = await db
    .select({ orderId: jobMessages.orderId })
    .from(jobMessages)
    .where(eq(jobMessages.id, messageId));
  return row?.orderId ?? null;
}

export async function lensOrderTarget(db: Db, lensOrderId: number) {
  const [row] = await db
    .select({ id: lensOrders.id, orderId: lensOrders.orderId, itemId: lensOrders.orderItemId })
    .from(lensOrders)
    .where(eq(lensOrders.id, lensOrderId));
  return row ?? null;
}

/** Minor units written in a region's currency, the en-AU way (an approval limit in a refusal). */
export async function regionMoney(db: Db, regionId: number): Promise<(minor: number) => string> {
  const reference = await jobReference(db);
  const currency = currencyForCountry(reference.region.get(regionId)?.countryCode);
  return (minor) => formatMoney(minor / 100, currency);
}

export async function outletRegion(db: Db, outletId: number): Promise<number | null> {
  const reference = await jobReference(db);
  return reference.outlet.get(outletId)?.regionId ?? null;
}

const LIVE_SHIPMENT = ["created", "in_transit", "delivered"] as const;

/** The rulebook's view of each job, in five queries whatever their number. */
export async function loadRuleJobs(db: Db, orderIds: number[]): Promise<Map<number, RuleJob>> {
  if (!orderIds.length) return new Map();
  const [rows, reference] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    jobReference(db),
  ]);
  const [refund, live] = await Promise.all([
    loadRefundStates(db, rows),
    db
      .select({ orderId: shipments.orderId, state: shipments.state, manifestId: shipments.manifestId })
      .from(shipments)
      .where(and(inArray(shipments.orderId, orderIds), inArray(shipments.state, [...LIVE_SHIPMENT]))),
  ]);
  const shipmentOf = new Map(live.map((s) => [s.orderId, s]));
  return new Map(
    rows.map((o) => {
      const r = refund.get(o.id);
      const s = shipmentOf.get(o.id);
      const regionId = reference.outlet.get(o.originOutletId)?.regionId ?? o.regionId;
      const job: RuleJob = {
        id: o.id,
        regionId,
        countryCode: reference.region.get(regionId)?.countryCode ?? "",
        statusSlug: reference.status.get(o.dispenseStatusId)?.slug ?? "",
        channelId: o.channelId,
        isPointOfSale: o.isOctoposOrder,
        refunded: r?.refunded ?? false,
        voided: r?.voided ?? false,
        isRefundable: r?.is_refundable ?? false,
        refundType: r?.refund_type ?? null,
        refundableMinor: r?.refundableMinor ?? 0,
        shipped: !!s || o.shipmentStatus !== "not_created",
        shipmentCancellable: !!s && canCancelShipment({ state: s.state, manifested: s.manifestId != null }),
        balanceDueMinor: o.balanceDueMinor,
        imported: o.importedFrom != null,
      };
      return [o.id, job];
    }),
  );
}

const lensFacts = (o: LensOrderSummaryWire | null): RuleItem["lensOrder"] =>
  o && { open: o.open, canCancel: o.can_cancel, statusLabel: o.status_label };

/**
 * The rulebook's view of items, in three queries whatever their number; with `lensOrderId` (one
 * item), its lens order is that one, not its latest.
 */
export async function loadRuleItems(
  db: Db,
  itemIds: number[],
  lensOrderId?: number,
): Promise<Map<number, RuleItem>> {
  if (!itemIds.length) return new Map();
  const [rows, reference, latest] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        quantity: orderItems.quantity,
        dispenseStatusId: orderItems.dispenseStatusId,
        additionalInfo: orderItems.additionalInfo,
      })
      .from(orderItems)
      .where(inArray(orderItems.id, itemIds)),
    jobReference(db),
    lensOrderId === undefined ? lensOrderSummaries(db, itemIds) : Promise.resolve(new Map()),
  ]);
  // A cancel names its lens order: that one, as the item's screen shows it, not the item's latest.
  const chosen =
    lensOrderId === undefined
      ? undefined
      : await lensOrderSummary(db, lensOrderId).then((o) => o && { ...o, open: false });
  return new Map(
    rows.map((row) => {
      const summary = latest.get(row.id);
      const item: RuleItem = {
        id: row.id,
        quantity: row.quantity,
        statusSlug: reference.status.get(row.dispenseStatusId)?.slug ?? "",
        lensOrder: chosen !== undefined ? lensFacts(chosen) : lensFacts(summary ?? null),
        reentryRequired: needsPrescriptionReentry(row.additionalInfo),
      };
      return [row.id, item];
    }),
  );
}

/**
 * Whether a call is the retry of one that went through: its idempotency key is known for this job,
 * or (cancels) the thing is cancelled already. The service then answers its first result.
 */
export async function isReplay(
  db: Db,
  action: string,
  orderId: number,
  key: string | undefined,
  lensOrderId?: number,
): Promise<boolean> {
  if (action === "take_payment" && key) {
    const [p] = await db
      .select({ id: orderPayments.id })
      .from(orderPayments)
      .where(and(eq(orderPayments.idempotencyKey, key), eq(orderPayments.orderId, orderId)));
    return !!p;
  }
  if (action === "refund" && key) {
    const [r] = await db
      .select({ id: orderRefunds.id })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.idempotencyKey, key), eq(orderRefunds.orderId, orderId)));
    return !!r;
  }
  if ((action === "ship_aupost" || action === "ship_sendle" || action === "ship_manual") && key) {
    const [s] = await db
      .select({ id: shipments.id })
      .from(shipments)
      .where(and(eq(shipments.idempotencyKey, key), eq(shipments.orderId, orderId)));
    return !!s;
  }
  if (action === "order_lenses" && key) {
    const [l] = await db
      .select({ id: lensOrders.id })
      .from(lensOrders)
      .where(and(eq(lensOrders.idempotencyKey, key), eq(lensOrders.orderId, orderId)));
    return !!l;
  }
  if (action === "cancel_lens_order" && lensOrderId !== undefined) {
    const [l] = await db
      .select({ state: lensOrders.state })
      .from(lensOrders)
      .where(eq(lensOrders.id, lensOrderId));
    return l?.state === "cancelled";
  }
  if (action === "cancel_shipment") {
    // A repeat answers the cancelled shipment: the job's latest attempt is cancelled, none is live.
    const [latest] = await db
      .select({ state: shipments.state })
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), notInArray(shipments.state, ["failed"])))
      .orderBy(desc(shipments.attempt))
      .limit(1);
    return latest?.state === "cancelled";
  }
  return false;
}

/** What a partial refund request returns (0 when it does not price: the service answers that). */
export async function partialRefundOf(db: Db, orderId: number, voidOnly: boolean, body: unknown) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return 0;
  return partialRefundMinor(db, order, voidOnly, body as Parameters<typeof partialRefundMinor>[3]);
}

/** A status's slug by id, if it is of this kind (the status a call moves a job or items to). */
export async function statusSlugOf(db: Db, id: number, kind: "dispense" | "item"): Promise<string | null> {
  const [row] = await db
    .select({ slug: statuses.slug })
    .from(statuses)
    .where(and(eq(statuses.id, id), eq(statuses.kind, kind)));
  return row?.slug ?? null;
}
