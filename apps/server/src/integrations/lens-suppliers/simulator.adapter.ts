import { SUPPLIER_STATE_RULES, type SupplierKind, simulatedCode, supplierState } from "@loupe/domain";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import {
  type LabReport,
  type LensOrderRef,
  LensSupplierError,
  type LensTransport,
} from "./lens-suppliers.port";
import { labSimulatorOrders } from "./simulator.tables";

type Row = typeof labSimulatorOrders.$inferSelect;

/**
 * The local lab: with no automatic interface configured, it takes the order and plays the
 * supplier, one step of its kind's path every `stepSeconds` (Hoya-type: sent, received,
 * confirmed… delivered), so the whole flow — cancel windows opening and closing, ETA, tracking,
 * the item moving to received — works on a fresh machine and in tests. The clock is injectable.
 */
export function createLabSimulator(
  db: Db,
  options: { stepSeconds: number; now?: () => Date },
): LensTransport & { codeOf(row: Row): number } {
  const now = options.now ?? (() => new Date());
  const stepMs = Math.max(1, options.stepSeconds) * 1000;
  const codeOf = (row: Row) => {
    if (row.cancelledAt) return SUPPLIER_STATE_RULES[row.kind].cancelled;
    return simulatedCode(row.kind, (now().getTime() - row.placedAt.getTime()) / stepMs);
  };
  // A lab quotes a delivery date days ahead, not the minutes the simulator's clock runs at; a quote
  // three days on also never reads as a day before the order in any outlet's time zone.
  const etaOf = (row: Row) => {
    const steps = SUPPLIER_STATE_RULES[row.kind].simulatorPath.length - 1;
    const at = Math.max(row.placedAt.getTime() + steps * stepMs, row.placedAt.getTime() + 3 * 86_400_000);
    return new Date(at).toISOString().slice(0, 10);
  };
  const report = (row: Row): LabReport => {
    const code = codeOf(row);
    const phase = supplierState(row.kind, code).phase;
    return {
      idempotencyKey: row.idempotencyKey,
      statusCode: code,
      eta: phase === "cancelled" ? null : etaOf(row),
      trackingNumber:
        phase === "dispatched" || phase === "delivered" ? `SIM${String(row.id).padStart(8, "0")}` : null,
      message: null,
    };
  };
  async function byKey(key: string) {
    const [row] = await db
      .select()
      .from(labSimulatorOrders)
      .where(eq(labSimulatorOrders.idempotencyKey, key));
    return row;
  }
  return {
    name: "simulator",
    reports: true,
    codeOf,
    async place(request, idempotencyKey) {
      await db
        .insert(labSimulatorOrders)
        .values({
          idempotencyKey,
          kind: request.kind as SupplierKind,
          reference: request.reference,
          placedAt: now(),
          request: { supplier: request.supplier.abbreviation, record: request.record, notes: request.notes },
        })
        .onConflictDoNothing();
      const row = await byKey(idempotencyKey);
      return { supplierReference: `SIM-${row.id}`, statusCode: codeOf(row), eta: etaOf(row) };
    },
    async cancel(order: LensOrderRef) {
      const row = await byKey(order.idempotencyKey);
      if (!row) throw new LensSupplierError("rejected", "The lab has no such order.");
      if (row.cancelledAt) return { statusCode: codeOf(row) };
      const code = codeOf(row);
      if (!SUPPLIER_STATE_RULES[row.kind].cancellableAt.includes(code))
        throw new LensSupplierError(
          "rejected",
          `The lab can no longer cancel this order: it is ${supplierState(row.kind, code).label}.`,
        );
      await db
        .update(labSimulatorOrders)
        .set({ cancelledAt: now(), cancelledAtCode: code })
        .where(eq(labSimulatorOrders.id, row.id));
      return { statusCode: SUPPLIER_STATE_RULES[row.kind].cancelled };
    },
    async status(orders) {
      if (!orders.length) return [];
      const rows = await db
        .select()
        .from(labSimulatorOrders)
        .where(
          inArray(
            labSimulatorOrders.idempotencyKey,
            orders.map((o) => o.idempotencyKey),
          ),
        );
      return rows.map(report);
    },
  };
}
