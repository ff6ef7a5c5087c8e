import {
  isFinalLensPhase,
  itemCodeFor,
  LENS_ORDER_ITEM_STATUS,
  LENS_ORDER_MESSAGES,
  lensOrderBlocksReorder,
  repeatReasonName,
  supplierState,
} from "@loupe/domain";
import { and, eq } from "drizzle-orm";
import type { LensTransport } from "../../integrations/lens-suppliers";
import { LensSupplierError } from "../../integrations/lens-suppliers";
import type { Db } from "../../platform/db/client";
import { AppError, notFound } from "../../platform/http/app-error";
import { recordAccess } from "../access-log";
import { applyLensEtaToPromise, applyLensOrderToItem, itemStatusId, recordJobEvents } from "../jobs";
import type { StaffRow } from "../staff";
import type { Audit, LensOrderDeps } from "./lens-order-deps";
import { event, mirror } from "./lens-order-events";
import type { LensOrderReads } from "./lens-order-reads";
import type { LensOrderSupplierRequest } from "./lens-order-supplier-request";
import type { LensOrderRow } from "./lens-orders.mappers";
import { contactWithId, type ItemContext, loadItemContext } from "./lens-orders.queries";
import { lensOrders } from "./lens-orders.tables";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Sending an order to its supplier: the call with no transaction open, then how it went (placed,
// refused, or unknown), and a retry with the order's own key.

export function createLensOrderSupplierSend(
  deps: LensOrderDeps,
  { wire, supplierName }: LensOrderReads,
  { requestFor }: LensOrderSupplierRequest,
) {
  const { db, suppliers, timeoutMs, pollMs, stalePendingMs } = deps;

  /** The supplier took the order: placed at its code, the item to lenses-ordered, on the timeline, in the access log. */
  async function markPlaced(
    row: LensOrderRow,
    placed: { supplierReference: string | null; statusCode: number; eta: string | null },
    transport: LensTransport,
    staff: StaffRow | null,
    audit: Audit | null,
  ) {
    const lensOrderedId = await itemStatusId(db, LENS_ORDER_ITEM_STATUS.ordered);
    const supplier = await supplierName(row.supplierId);
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const state = supplierState(row.supplierKind, placed.statusCode);
      const [done] = await tx
        .update(lensOrders)
        .set({
          state: "placed",
          statusCode: placed.statusCode,
          open: lensOrderBlocksReorder(row.supplierKind, "placed", placed.statusCode),
          supplierReference: placed.supplierReference,
          eta: placed.eta,
          lastError: null,
          nextPollAt:
            transport.reports && !isFinalLensPhase(state.phase) ? new Date(Date.now() + pollMs) : null,
          updatedAt: new Date(),
        })
        .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "pending")))
        .returning();
      if (!done) return;
      // The lab's first ETA may already be past the job's promise (issue 27).
      await applyLensEtaToPromise(tx, row.orderId, placed.eta);
      await event(tx, done, {
        code: placed.statusCode,
        label: state.label,
        description: `Sent to ${supplier} (${transport.name === "simulator" ? "local lab simulator" : transport.name.replace("_", " ")})`,
        source: "staff",
        staffId: staff?.id,
        eta: placed.eta,
      });
      await applyLensOrderToItem(
        tx,
        row.orderItemId,
        {
          statusId: lensOrderedId,
          ...mirror(row.supplierKind, itemCodeFor(row.supplierKind, placed.statusCode)),
        },
        staff?.id ?? null,
      );
      await recordJobEvents(tx, [
        {
          orderId: row.orderId,
          orderItemId: row.orderItemId,
          kind: "lens_ordered",
          toValue: [
            row.reference,
            supplier,
            row.lensName,
            row.isRepeat ? `repeat: ${repeatReasonName(row.repeatReason) ?? ""}` : null,
          ]
            .filter(Boolean)
            .join(" · "),
          staffUserId: staff?.id ?? null,
        },
      ]);
      if (audit)
        await recordAccess(tx, {
          ...audit,
          action: "send_to_supplier",
          resource: "lens_order",
          resourceId: row.id,
          customerId: row.customerId,
          outcome: "allowed",
        });
    });
  }

  /** Calls the supplier with no transaction open, then records how it went. */
  async function drive(row: LensOrderRow, ctx: ItemContext, staff: StaffRow | null, audit: Audit | null) {
    const [contact] = await contactWithId(db, row.contactId);
    let transport: LensTransport;
    try {
      transport = suppliers.transportFor(row.supplierKind, contact.channel);
    } catch (err) {
      await failed(row, err as Error);
      throw new AppError("validation_failed", (err as Error).message, {
        supplier_contact_id: [(err as Error).message],
      });
    }
    if (transport.name !== row.transport)
      await db.update(lensOrders).set({ transport: transport.name }).where(eq(lensOrders.id, row.id));
    const request = await requestFor(row, ctx);
    const supplier = request.supplier.name;
    try {
      const placed = await transport.place(request, row.idempotencyKey);
      await markPlaced(row, placed, transport, staff, audit);
    } catch (err) {
      if (!(err instanceof LensSupplierError)) {
        await unknown(row, err as Error);
        throw err;
      }
      if (err.kind === "rejected") {
        await failed(row, err);
        // The record reached the supplier even though it refused it: the disclosure is logged too.
        if (audit && transport.name !== "file_drop")
          await recordAccess(db, {
            ...audit,
            action: "send_to_supplier",
            resource: "lens_order",
            resourceId: row.id,
            customerId: row.customerId,
            outcome: "failed",
            reason: "rejected",
          });
        throw new AppError("validation_failed", err.message, { supplier: [err.message, ...err.errors] });
      }
      await unknown(row, err);
      throw new AppError("upstream_failed", LENS_ORDER_MESSAGES.supplierUnavailable(supplier), {
        supplier: [err.message],
      });
    }
  }

  async function failed(row: LensOrderRow, err: Error) {
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [r] = await tx
        .update(lensOrders)
        .set({ state: "failed", open: false, lastError: err.message, updatedAt: new Date() })
        .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "pending")))
        .returning();
      if (r)
        await event(tx, r, { label: "Refused by the supplier", description: err.message, source: "system" });
    });
  }
  async function unknown(row: LensOrderRow, err: Error) {
    await db.transaction(async (txx) => {
      const tx = txx as unknown as Db;
      const [r] = await tx
        .update(lensOrders)
        .set({ state: "unknown", lastError: err.message, updatedAt: new Date() })
        .where(and(eq(lensOrders.id, row.id), eq(lensOrders.state, "pending")))
        .returning();
      if (r)
        await event(tx, r, {
          label: "Not confirmed by the supplier",
          description: err.message,
          source: "system",
        });
    });
  }

  /** A retry with an order's key: the first order's answer (waiting while it is being sent), or a re-drive of an unknown one. */
  async function answerExisting(row: LensOrderRow, staff: StaffRow, audit: Audit) {
    const deadline = Date.now() + timeoutMs + 5000;
    let current = row;
    while (current.state === "pending" && Date.now() - current.updatedAt.getTime() < stalePendingMs) {
      if (Date.now() > deadline) throw new AppError("conflict", LENS_ORDER_MESSAGES.orderInProgress);
      await sleep(150);
      [current] = await db.select().from(lensOrders).where(eq(lensOrders.id, row.id));
    }
    if (current.state === "failed")
      throw new AppError("validation_failed", current.lastError ?? LENS_ORDER_MESSAGES.orderFailedFallback, {
        supplier: [current.lastError ?? ""],
      });
    if (current.state === "unknown" || current.state === "pending") {
      // Taken back up with its own key: an order the supplier took before going quiet is found, not placed twice.
      const [claimed] = await db
        .update(lensOrders)
        .set({ state: "pending", updatedAt: new Date() })
        .where(
          and(
            eq(lensOrders.id, current.id),
            eq(lensOrders.state, current.state),
            eq(lensOrders.updatedAt, current.updatedAt),
          ),
        )
        .returning();
      if (!claimed) {
        // Another request took it back up first: follow that attempt from the row as it is now.
        const [now] = await db.select().from(lensOrders).where(eq(lensOrders.id, current.id));
        return answerExisting(now, staff, audit);
      }
      const ctx = await loadItemContext(db, claimed.orderItemId);
      if (!ctx) throw notFound("Order item");
      await drive(claimed, ctx, staff, audit);
    }
    return wire(current.id);
  }

  return { drive, answerExisting };
}
export type LensOrderSupplierSend = ReturnType<typeof createLensOrderSupplierSend>;
