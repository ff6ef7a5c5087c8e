import { isDomestic, type Receiver, shippingMessages } from "@loupe/domain";
import type { CourierAddress } from "../../integrations/couriers";
import { AppError, validationError } from "../../platform/http/app-error";
import { senderOutletWithCountry } from "./shipping.queries";
import type { ShippingDeps } from "./shipping-deps";

// Where a parcel goes from and to: the outlet it is picked up at (Australian outlets only), the
// receiver's address, and the customs fields an international parcel needs.

export function createShipmentAddresses(deps: ShippingDeps) {
  const { db } = deps;

  async function senderOutlet(outletId: number) {
    const [row] = await senderOutletWithCountry(db, outletId);
    if (!row) throw validationError({ sender_outlet_id: ["The selected pickup location is invalid."] });
    return row;
  }
  /** Couriers here book from Australian outlets only (§6: the button is for AU users). */
  async function australianSender(outletId: number): Promise<CourierAddress> {
    const { outlet, countryCode } = await senderOutlet(outletId);
    if (countryCode !== "AU") throw new AppError("forbidden", shippingMessages.notAustralian);
    return {
      name: outlet.name,
      lines: [outlet.address1, outlet.address2].filter((l): l is string => Boolean(l)),
      suburb: outlet.suburb ?? outlet.city ?? "",
      state: outlet.state ?? "",
      postcode: outlet.postcode ?? "",
      country: "AU",
      phone: outlet.phone,
      email: outlet.email,
    };
  }
  const receiverAddress = (r: Receiver): CourierAddress => ({
    ...r,
    country: isDomestic(r.country) ? "AU" : r.country.trim().toUpperCase(),
    state: r.state ?? "",
  });
  function requireCustoms(receiver: Receiver, description?: string, countryOfOrigin?: string) {
    if (isDomestic(receiver.country)) return;
    const errors: Record<string, string[]> = {};
    if (!description?.trim()) errors.description = ["The description field is required."];
    if (!countryOfOrigin?.trim()) errors.country_of_origin = ["The country of origin field is required."];
    if (Object.keys(errors).length) throw validationError(errors);
  }

  return { senderOutlet, australianSender, receiverAddress, requireCustoms };
}
export type ShipmentAddresses = ReturnType<typeof createShipmentAddresses>;
