import type { Db } from "../../platform/db/client";
import { defineSlot, type Slots } from "../../platform/slots";

// What the prescriptions module asks of modules above it (ADR 0034).

/**
 * Told when a customer's prescription is created, changed or removed, inside that transaction:
 * recalls (above) recompute the customer's recalls there (issue 28). Optional: an app without
 * recalls leaves it empty.
 */
export const prescriptionSavedSlot = defineSlot<(tx: Db, change: { customerId: number }) => Promise<void>>(
  "prescriptions.prescriptionSaved",
);

/** Tells the slot's provider, if there is one. */
export async function tellPrescriptionSaved(slots: Slots | undefined, tx: Db, customerId: number | null) {
  if (!slots || customerId == null || !slots.has(prescriptionSavedSlot.name)) return;
  await prescriptionSavedSlot.get(slots)(tx, { customerId });
}
