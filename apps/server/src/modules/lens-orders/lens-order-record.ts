import {
  buildDcsRecord,
  dcsOrderFromSnapshot,
  type LensOrderSnapshot,
  type LensSide,
  lensOrderPdErrors,
} from "@loupe/domain";
import type { Db } from "../../platform/db/client";
import { validationError } from "../../platform/http/app-error";
import type { SupplierRow } from "../suppliers";
import { catalogueLensCode } from "./lens-orders.queries";

// The DCS record of a new order and the PD check before it (issue 32, ADR 0032), apart from the
// service so the use case only calls them.

type Snapshot = LensOrderSnapshot & { prescription?: { type?: string | null } | null };

/**
 * Refuses (422, each missing PD value named by its field) an order whose PD lacks a value this
 * lens, these sides or this supplier need: the same rule the Order Lenses form shows.
 */
export function refuseMissingPdValues(
  snap: Snapshot,
  order: {
    lensType: string | null | undefined;
    eyes: LensSide;
    supplier: Pick<SupplierRow, "requiresHeights">;
  },
) {
  const errors = lensOrderPdErrors(snap.pd, {
    lensType: order.lensType,
    eyes: order.eyes,
    reading: snap.prescription?.type === "reading",
    supplierRequiresHeights: order.supplier.requiresHeights,
  });
  if (Object.keys(errors).length)
    throw validationError(Object.fromEntries(Object.entries(errors).map(([field, m]) => [field, [m]])));
}

/** The record sent: read inside the order's transaction (`tx`), the lens's code as the catalogue has it now. */
export async function lensOrderRecord(
  tx: Db,
  snap: Snapshot,
  order: Omit<Parameters<typeof dcsOrderFromSnapshot>[1], "lensCode" | "jobTypeLabel"> & {
    supplier: Pick<SupplierRow, "takesJobType">;
  },
): Promise<string> {
  const lens = snap.lens_addon_combination;
  const { supplier, ...rest } = order;
  const lensCode = await catalogueLensCode(tx, lens?.lens_id ?? lens?.lenses.id);
  return buildDcsRecord(
    dcsOrderFromSnapshot(snap, { ...rest, lensCode, jobTypeLabel: supplier.takesJobType }),
  );
}
