import { randomUUID } from "node:crypto";
import { isHttpsUrl, shippingMessages } from "@loupe/domain";
import { and, eq, inArray } from "drizzle-orm";
import { AppError, notFound, validationError } from "../../platform/http/app-error";
import type { StaffUserRow } from "../../platform/http/auth-guard";
import type { ShipmentAddresses } from "./shipment-addresses";
import { recordShipmentMove } from "./shipment-moves";
import { nextAttempt, type ShipmentReads } from "./shipment-reads";
import { jobShipmentStatusForUpdate } from "./shipping.queries";
import { shipments } from "./shipping.tables";
import { LIVE, type ShippingDeps } from "./shipping-deps";

// A shipment booked elsewhere (Canada), entered with its tracking URL.

export function createShipmentManual(
  deps: ShippingDeps,
  { senderOutlet }: ShipmentAddresses,
  { wire }: ShipmentReads,
) {
  const { db } = deps;

  return {
    /** Canada: a shipment booked elsewhere, recorded with its https tracking URL (§7). */
    async recordManualShipment(
      staff: StaffUserRow,
      input: {
        tracking_id: string;
        sender_outlet_id: number;
        cargo_company: string;
        order_id: number;
        tracking_number?: string;
      },
    ) {
      const url = String(input.tracking_id ?? "").trim();
      if (!isHttpsUrl(url)) throw validationError({ tracking_id: [shippingMessages.trackingUrl] });
      const company = String(input.cargo_company ?? "").trim();
      if (!company) throw validationError({ cargo_company: ["The carrier field is required."] });
      await senderOutlet(input.sender_outlet_id);
      const parsed = new URL(url);
      const trackingNumber =
        input.tracking_number?.trim() ||
        [...parsed.searchParams.values()].find((v) => /^[A-Za-z0-9-]{6,}$/.test(v)) ||
        parsed.pathname.split("/").filter(Boolean).at(-1) ||
        null;
      const id = await db.transaction(async (tx) => {
        const [order] = await jobShipmentStatusForUpdate(tx, input.order_id);
        if (!order) throw notFound("Order");
        if (order.shipmentStatus !== "not_created")
          throw new AppError("conflict", shippingMessages.alreadyShipped);
        const [live] = await tx
          .select({ id: shipments.id })
          .from(shipments)
          .where(and(eq(shipments.orderId, input.order_id), inArray(shipments.state, LIVE)));
        if (live) throw new AppError("conflict", shippingMessages.alreadyShipped);
        const next = await nextAttempt(tx, input.order_id);
        const [row] = await tx
          .insert(shipments)
          .values({
            orderId: input.order_id,
            attempt: next,
            idempotencyKey: `manual-${randomUUID()}`,
            state: "created",
            courier: "manual",
            company: company.toUpperCase(),
            senderOutletId: input.sender_outlet_id,
            trackingNumber,
            trackingUrl: parsed.toString(),
            request: { entered_by: staff.id },
            createdBy: staff.id,
          })
          .returning();
        await recordShipmentMove(
          tx,
          row,
          "created",
          `Entered by ${staff.firstName} ${staff.lastName}`.trim(),
          staff.id,
        );
        return row.id;
      });
      return wire(id);
    },
  };
}
