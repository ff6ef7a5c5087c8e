import type { SupplierKind } from "@loupe/domain";
import type { Db } from "../../platform/db/client";
import type { LensOrderRow } from "./lens-orders.mappers";
import { lensOrderEvents } from "./lens-orders.tables";

// An order's own timeline (lens_order_events) and the item's supplier code columns, written in the
// caller's transaction by every change of an order.

/** The item's supplier code column for a kind (the item shows Hoya and Shamir codes, §3). */
export const mirror = (kind: SupplierKind, code: number | null) =>
  kind === "hoya" ? { hoyaStatus: code } : kind === "shamir" ? { shamirStatus: code } : {};

export async function event(
  tx: Db,
  row: LensOrderRow,
  e: {
    code?: number | null;
    label: string;
    description?: string;
    source: "staff" | "lab" | "system";
    staffId?: number | null;
    eta?: string | null;
    tracking?: string | null;
  },
) {
  await tx.insert(lensOrderEvents).values({
    lensOrderId: row.id,
    statusCode: e.code ?? null,
    label: e.label,
    description: e.description ?? "",
    eta: e.eta ?? null,
    trackingNumber: e.tracking ?? null,
    source: e.source,
    staffUserId: e.staffId ?? null,
  });
}
