import { shippingMessages } from "@loupe/domain";
import { and, desc, eq, inArray } from "drizzle-orm";
import { CourierError } from "../../integrations/couriers";
import { AppError, notFound } from "../../platform/http/app-error";
import type { ShipmentReads } from "./shipment-reads";
import { shipments } from "./shipping.tables";
import { SHIPPED, type ShippingDeps } from "./shipping-deps";

// A shipment's label, from its carrier.

export function createShipmentLabel(deps: ShippingDeps, { courierOf }: ShipmentReads) {
  const { db } = deps;

  return {
    /** The label PDF of a job's shipment, from its carrier. */
    async label(orderId: number): Promise<{ pdf: Buffer; name: string }> {
      const [row] = await db
        .select()
        .from(shipments)
        .where(and(eq(shipments.orderId, orderId), inArray(shipments.state, SHIPPED)))
        .orderBy(desc(shipments.attempt));
      if (!row) throw notFound("Shipment");
      const courier = courierOf(row.courier);
      if (!row.carrierOrderId || !row.trackingNumber || !courier)
        throw new AppError("not_found", shippingMessages.labelMissing);
      try {
        const pdf = await courier.label({
          carrierOrderId: row.carrierOrderId,
          trackingNumber: row.trackingNumber,
        });
        return { pdf, name: `label-${row.trackingNumber}.pdf` };
      } catch (err) {
        if (err instanceof CourierError)
          throw new AppError(err.kind === "rejected" ? "conflict" : "upstream_failed", err.message, {
            errors: err.errors,
          });
        throw err;
      }
    },
  };
}
