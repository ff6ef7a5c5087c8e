import {
  isFinalLensPhase,
  isLensStatusMove,
  itemCodeFor,
  LENS_ORDER_ITEM_STATUS,
  lensOrderBlocksReorder,
  supplierState,
} from "@loupe/domain";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { LabReport, LensTransport } from "../../integrations/lens-suppliers";
import { LensSupplierError } from "../../integrations/lens-suppliers";
import type { Db } from "../../platform/db/client";
import { AppError, validationError } from "../../platform/http/app-error";
import {
  applyLensEtaToPromise,
  applyLensOrderToItem,
  itemStatusId,
  recordJobEvents,
  reindexJobs,
} from "../jobs";
import type { StaffRow } from "../staff";
import type { LensOrderDeps } from "./lens-order-deps";
import { event, mirror } from "./lens-order-events";
import type { LensOrderReads } from "./lens-order-reads";
import type { LensOrderSupplierRequest } from "./lens-order-supplier-request";
import type { LensOrderRow } from "./lens-orders.mappers";
import { contactsWithIds, itemStatusOf, suppliersWithIds } from "./lens-orders.queries";
import { lensOrders } from "./lens-orders.tables";

// Lab states: a lab's report recorded when it is news, the suppliers asked (by the poller, or now
// by the status check).

export function createLensOrderStatusPoll(
  deps: LensOrderDeps,
  { wires }: LensOrderReads,
  { refOf }: LensOrderSupplierRequest,
) {
  const { database, db, suppliers, search } = deps;

  /** Records a lab report when it is news (§4): the order, its events, the item and the job's timeline. */
  async function applyReport(row: LensOrderRow, report: LabReport): Promise<boolean> {
    return db.transaction((tx) => applyReportIn(tx as unknown as Db, row, report, null));
  }

  /** `applyReport` inside the caller's transaction; `staff` when a person reported it (updateOrder). */
  async function applyReportIn(
    tx: Db,
    row: LensOrderRow,
    report: LabReport,
    staff: StaffRow | null,
  ): Promise<boolean> {
    const kind = row.supplierKind;
    const moved = isLensStatusMove(kind, row.statusCode, report.statusCode);
    const details = report.eta !== row.eta || report.trackingNumber !== row.trackingNumber;
    if (!moved && !details) return false;
    const code = moved ? report.statusCode : row.statusCode;
    const to = supplierState(kind, code);
    const final = isFinalLensPhase(to.phase);
    const state = to.phase === "cancelled" ? "cancelled" : to.phase === "rejected" ? "rejected" : "placed";
    const receivedId =
      to.phase === "delivered" ? await itemStatusId(tx, LENS_ORDER_ITEM_STATUS.delivered) : null;
    const orderedId = await itemStatusId(tx, LENS_ORDER_ITEM_STATUS.ordered);
    const [r] = await tx
      .update(lensOrders)
      .set({
        state,
        statusCode: code,
        open: lensOrderBlocksReorder(kind, state, code),
        eta: report.eta ?? row.eta,
        trackingNumber: report.trackingNumber ?? row.trackingNumber,
        nextPollAt: final ? null : undefined,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(lensOrders.id, row.id),
          eq(lensOrders.statusCode, row.statusCode),
          eq(lensOrders.state, "placed"),
        ),
      )
      .returning();
    if (!r) return false;
    // An ETA later than the job's promise puts it at risk, with the reason on its timeline (issue 27).
    if (report.eta && report.eta !== row.eta) await applyLensEtaToPromise(tx, row.orderId, report.eta);
    const extra = [
      report.eta ? `ETA ${report.eta}` : null,
      report.trackingNumber ? `tracking ${report.trackingNumber}` : null,
    ].filter(Boolean);
    await event(tx, r, {
      code,
      label: to.label,
      description: report.message ?? extra.join(", "),
      source: staff ? "staff" : "lab",
      staffId: staff?.id ?? null,
      eta: report.eta,
      tracking: report.trackingNumber,
    });
    if (moved) {
      const item = { status: await itemStatusOf(tx, row.orderItemId) };
      const statusId =
        receivedId != null && item?.status === orderedId
          ? receivedId
          : (state === "cancelled" || state === "rejected") && item?.status === orderedId
            ? row.itemStatusBeforeId
            : null;
      await applyLensOrderToItem(
        tx,
        row.orderItemId,
        { statusId, ...mirror(kind, itemCodeFor(kind, code)) },
        null,
      );
      await recordJobEvents(tx, [
        {
          orderId: row.orderId,
          orderItemId: row.orderItemId,
          kind: "lens_status",
          fromValue: supplierState(kind, row.statusCode).label,
          toValue: [to.label, ...extra].join(" · "),
          staffUserId: staff?.id ?? null,
        },
      ]);
    }
    return true;
  }

  /** Asks each order's transport (the ones that report) and records what moved. Answers how many moved. */
  async function refresh(rows: LensOrderRow[]): Promise<number> {
    const groups = new Map<string, { transport: LensTransport; rows: LensOrderRow[] }>();
    for (const r of rows) {
      if (r.state !== "placed") continue;
      const transport = suppliers.byName(r.transport, r.supplierKind);
      if (!transport?.reports) continue;
      const k = `${r.transport}:${r.supplierKind}`;
      const g = groups.get(k) ?? { transport, rows: [] };
      g.rows.push(r);
      groups.set(k, g);
    }
    let moved = 0;
    const changedJobs = new Set<number>();
    for (const { transport, rows: list } of groups.values()) {
      const contacts = await contactsWithIds(db, [...new Set(list.map((r) => r.contactId))]);
      const supplierRows = await suppliersWithIds(db, [...new Set(list.map((r) => r.supplierId))]);
      const refs = list.map((r) =>
        refOf(
          r,
          contacts.find((c) => c.id === r.contactId)!,
          supplierRows.find((s) => s.id === r.supplierId)!,
        ),
      );
      const reports = await transport.status(refs);
      for (const report of reports) {
        const row = list.find((r) => r.idempotencyKey === report.idempotencyKey);
        if (row && (await applyReport(row, report))) {
          moved++;
          changedJobs.add(row.orderId);
        }
      }
    }
    if (changedJobs.size) await reindexJobs(database, search, [...changedJobs]);
    return moved;
  }

  return {
    applyReportIn,
    refresh,

    /** `GET /order_lens_status_check`: asks the suppliers now about the job's or item's orders. */
    async statusCheck(query: { order_id?: number; order_item_id?: number }) {
      if (!query.order_id && !query.order_item_id)
        throw validationError({ order_id: ["Give an order_id or an order_item_id."] });
      const rows = await db
        .select()
        .from(lensOrders)
        .where(
          and(
            query.order_id ? eq(lensOrders.orderId, query.order_id) : undefined,
            query.order_item_id ? eq(lensOrders.orderItemId, query.order_item_id) : undefined,
          ),
        )
        .orderBy(desc(lensOrders.id));
      try {
        await refresh(rows);
      } catch (err) {
        if (err instanceof LensSupplierError)
          throw new AppError("upstream_failed", err.message, { supplier: [err.message] });
        throw err;
      }
      const fresh = rows.length
        ? await db
            .select()
            .from(lensOrders)
            .where(
              inArray(
                lensOrders.id,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(desc(lensOrders.id))
        : [];
      return wires(fresh);
    },
  };
}
export type LensOrderStatusPoll = ReturnType<typeof createLensOrderStatusPoll>;
