import {
  canCancelLensOrder,
  itemCodeFor,
  LENS_ORDER_ITEM_STATUS,
  LENS_ORDER_MESSAGES,
  SUPPLIER_STATE_RULES,
  type SupplierKind,
  supplierState,
} from "@loupe/domain";
import { and, desc, eq } from "drizzle-orm";
import { LensSupplierError } from "../../integrations/lens-suppliers";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { applyLensOrderToItem, itemStatusId, recordJobEvents, reindexJobs } from "../jobs";
import type { StaffRow } from "../staff";
import { type LensOrderDeps, staffName } from "./lens-order-deps";
import { event, mirror } from "./lens-order-events";
import type { LensOrderReads } from "./lens-order-reads";
import type { LensOrderStatusPoll } from "./lens-order-status-poll";
import type { LensOrderSupplierRequest } from "./lens-order-supplier-request";
import { toSummaryWire } from "./lens-orders.mappers";
import { contactWithId, itemStatusOf, supplierWithId } from "./lens-orders.queries";
import { lensOrderEvents, lensOrders } from "./lens-orders.tables";

// Cancel: at a code the supplier kind allows, the supplier asked first, the item back.

export function createLensOrderCancel(
  deps: LensOrderDeps,
  { wire }: LensOrderReads,
  { refOf }: LensOrderSupplierRequest,
  { refresh }: LensOrderStatusPoll,
) {
  const { database, db, suppliers, search } = deps;

  return {
    /** Cancel (§4): only at a code the kind allows; the supplier has the last word; the item goes back. */
    async cancel(staff: StaffRow, id: number, expectKind?: SupplierKind) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, id));
      if (!row) throw notFound("Lens order");
      if (expectKind && row.supplierKind !== expectKind)
        throw new AppError(
          "conflict",
          LENS_ORDER_MESSAGES.wrongKindForCancel(expectKind === "hoya" ? "Hoya" : "Shamir"),
        );
      if (row.state === "cancelled") return wire(row.id);
      const label = toSummaryWire(row, "").status_label;
      if (!canCancelLensOrder(row.supplierKind, row.state, row.statusCode))
        throw new AppError("conflict", LENS_ORDER_MESSAGES.notCancellable(label));
      const transport = suppliers.byName(row.transport, row.supplierKind);
      if (!transport)
        throw new AppError("conflict", "This order's supplier channel is no longer configured.");
      const [contact] = await contactWithId(db, row.contactId);
      const [supplier] = await supplierWithId(db, row.supplierId);
      const rules = SUPPLIER_STATE_RULES[row.supplierKind];
      let code: number;
      try {
        ({ statusCode: code } = await transport.cancel(refOf(row, contact, supplier), rules.cancelled));
      } catch (err) {
        if (err instanceof LensSupplierError && err.kind === "rejected") {
          await db.insert(lensOrderEvents).values({
            lensOrderId: row.id,
            statusCode: row.statusCode,
            label: "Cancel refused by the supplier",
            description: err.message,
            source: "lab",
            staffUserId: staff.id,
          });
          // The lab may have moved on: catch up with it so the screen shows why.
          await refresh([row]);
          throw new AppError("conflict", err.message, { supplier: [err.message] });
        }
        throw new AppError("upstream_failed", LENS_ORDER_MESSAGES.supplierUnavailable(supplier.name), {
          supplier: [(err as Error).message],
        });
      }
      const cancelledCode =
        supplierState(row.supplierKind, code).phase === "cancelled" ? code : rules.cancelled;
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        const [r] = await tx
          .update(lensOrders)
          .set({
            state: "cancelled",
            statusCode: cancelledCode,
            open: false,
            nextPollAt: null,
            updatedAt: new Date(),
          })
          .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "placed")))
          .returning();
        if (!r) return;
        await event(tx, r, {
          code: cancelledCode,
          label: supplierState(row.supplierKind, cancelledCode).label,
          description: `Cancelled by ${staffName(staff)}`,
          source: "staff",
          staffId: staff.id,
        });
        const orderedId = await itemStatusId(tx, LENS_ORDER_ITEM_STATUS.ordered);
        const item = { status: await itemStatusOf(tx, row.orderItemId) };
        await applyLensOrderToItem(
          tx,
          row.orderItemId,
          {
            statusId: item?.status === orderedId ? row.itemStatusBeforeId : null,
            ...mirror(row.supplierKind, itemCodeFor(row.supplierKind, cancelledCode)),
          },
          staff.id,
        );
        await recordJobEvents(tx, [
          {
            orderId: row.orderId,
            orderItemId: row.orderItemId,
            kind: "lens_cancelled",
            toValue: `${row.reference} · ${supplier.name}`,
            staffUserId: staff.id,
          },
        ]);
      });
      await reindexJobs(database, search, [row.orderId]);
      return wire(row.id);
    },

    /** The Hoya call (§7): the item's open Hoya-type order, or the one named. */
    async hoyaOrderOf(itemId: number | undefined, lensOrderId: number | undefined) {
      if (lensOrderId) return lensOrderId;
      if (!itemId) throw validationError({ order_item_id: ["The order item id field is required."] });
      const [row] = await db
        .select()
        .from(lensOrders)
        .where(and(eq(lensOrders.orderItemId, itemId), eq(lensOrders.supplierKind, "hoya")))
        .orderBy(desc(lensOrders.sequence))
        .limit(1);
      if (!row) throw new AppError("not_found", LENS_ORDER_MESSAGES.noOrderToCancel("Hoya"));
      return row.id;
    },
  };
}
