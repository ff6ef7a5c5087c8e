import type { LensOrderUpdate } from "@loupe/contract";
import {
  isFinalLensPhase,
  isLensStatusMove,
  LENS_ORDER_MESSAGES,
  SUPPLIER_STATE_RULES,
  supplierState,
} from "@loupe/domain";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import { reindexJobs } from "../jobs";
import type { StaffRow } from "../staff";
import { type LensOrderDeps, staffName } from "./lens-order-deps";
import { event } from "./lens-order-events";
import type { LensOrderReads } from "./lens-order-reads";
import type { LensOrderStatusPoll } from "./lens-order-status-poll";
import { toSummaryWire } from "./lens-orders.mappers";
import { lensOrders } from "./lens-orders.tables";

// updateOrder: a lab's report or a staff correction of one order.

export function createLensOrderUpdate(
  deps: LensOrderDeps,
  { wire, supplierName }: LensOrderReads,
  { applyReportIn }: LensOrderStatusPoll,
) {
  const { database, db, search } = deps;

  return {
    /**
     * `POST /io-api/order/updateOrder` (ADR 0024): a lab's report or a staff correction of one order.
     * A status moves only forwards and never out of a closed order; the rest is recorded as sent.
     */
    async update(staff: StaffRow, input: LensOrderUpdate) {
      const [row] = await db.select().from(lensOrders).where(eq(lensOrders.id, input.lens_order_id));
      if (!row) throw notFound("Lens order");
      const kind = row.supplierKind;
      const from = supplierState(kind, row.statusCode);
      const code = input.status_code ?? row.statusCode;
      const refuse = (message: string, field = "status_code") =>
        new AppError("conflict", message, { [field]: [message] });
      if (code !== row.statusCode) {
        if (!(code in SUPPLIER_STATE_RULES[kind].states))
          throw validationError({
            status_code: [LENS_ORDER_MESSAGES.notAStatusOf(code, await supplierName(row.supplierId))],
          });
        if (row.state === "pending" || row.state === "unknown")
          throw refuse(LENS_ORDER_MESSAGES.orderInProgress);
        const label = toSummaryWire(row, "").status_label;
        if (row.state !== "placed" || isFinalLensPhase(from.phase))
          throw refuse(LENS_ORDER_MESSAGES.closedOrder(label));
        if (!isLensStatusMove(kind, row.statusCode, code))
          throw refuse(LENS_ORDER_MESSAGES.statusBackwards(label, supplierState(kind, code).label));
      }
      await db.transaction(async (txx) => {
        const tx = txx as unknown as Db;
        // Under the row's lock, so the version checked is the one changed.
        const [locked] = await tx.select().from(lensOrders).where(eq(lensOrders.id, row.id)).for("update");
        const stale = input.updated_at && new Date(input.updated_at).getTime() !== locked.updatedAt.getTime();
        if (stale || locked.statusCode !== row.statusCode || locked.state !== row.state)
          throw refuse(LENS_ORDER_MESSAGES.updateStale, "updated_at");
        const notes = {
          ...(input.supplier_reference !== undefined && {
            supplierReference: input.supplier_reference || null,
          }),
          ...(input.description !== undefined && { description: input.description?.trim() || null }),
        };
        const [fresh] = await tx
          .update(lensOrders)
          .set({ ...notes, updatedAt: new Date() })
          .where(eq(lensOrders.id, row.id))
          .returning();
        const reported = await applyReportIn(
          tx,
          fresh,
          {
            idempotencyKey: row.idempotencyKey,
            statusCode: code,
            eta: input.eta ?? row.eta,
            trackingNumber: input.tracking_number ?? row.trackingNumber,
            message: input.message ?? null,
          },
          staff,
        );
        if (!reported && Object.keys(notes).length)
          await event(tx, fresh, {
            code: fresh.statusCode,
            label: "Details corrected",
            description: input.message ?? `Corrected by ${staffName(staff)}`,
            source: "staff",
            staffId: staff.id,
          });
      });
      await reindexJobs(database, search, [row.orderId]);
      return wire(row.id);
    },
  };
}
