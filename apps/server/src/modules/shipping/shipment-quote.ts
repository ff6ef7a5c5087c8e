import type { CourierOptionWire } from "@loupe/contract";
import { type DeliveryInstruction, type Receiver, shippingMessages } from "@loupe/domain";
import { type Courier, CourierError } from "../../integrations/couriers";
import { AppError } from "../../platform/http/app-error";
import type { ShipmentAddresses } from "./shipment-addresses";
import type { ShippingDeps } from "./shipping-deps";

export interface QuoteInput {
  aupost: {
    sender_outlet_id: number;
    weight: number;
    width: number;
    height: number;
    length: number;
    quantity: number;
    receiver: Receiver;
    delivery_instruction: DeliveryInstruction;
    volume?: number;
    description?: string;
    country_of_origin?: string;
  };
  sendle: { volume_value: number };
}

// Quotes: every configured courier asked at once (§7).

export function createShipmentQuote(
  deps: ShippingDeps,
  { australianSender, receiverAddress, requireCustoms }: ShipmentAddresses,
) {
  const { couriers } = deps;

  return {
    /** Courier options from every configured courier (§7); a courier that fails shows as a disabled option. */
    async quote(input: QuoteInput): Promise<CourierOptionWire[]> {
      const a = input.aupost;
      const sender = await australianSender(a.sender_outlet_id);
      requireCustoms(a.receiver, a.description, a.country_of_origin);
      const request = {
        sender,
        receiver: receiverAddress(a.receiver),
        parcel: {
          length: a.length,
          width: a.width,
          height: a.height,
          weight: a.weight,
          volume: a.volume ?? input.sendle.volume_value ?? 0,
          quantity: a.quantity,
        },
        deliveryInstruction: a.delivery_instruction,
      };
      const asked = [couriers.aupost, couriers.sendle].filter((c): c is Courier => c !== null);
      const answers = await Promise.allSettled(asked.map((c) => c.quote(request)));
      const options: CourierOptionWire[] = [];
      const failures: Record<string, string[]> = {};
      answers.forEach((answer, i) => {
        const c = asked[i];
        if (answer.status === "fulfilled") {
          for (const q of answer.value)
            options.push({
              product_id: q.productId,
              product_type: c.productType,
              product_name: `${q.productName}`,
              price: q.price,
              message: q.message,
              errors: q.errors,
              delivery_estimate: q.deliveryEstimate,
              delivery_instructions: q.deliveryInstructions,
            });
          return;
        }
        const e = answer.reason;
        const list =
          e instanceof CourierError ? [e.message, ...e.errors] : ["The courier could not be asked."];
        failures[c.productType] = list;
        options.push({
          product_id: `${c.name}-unavailable`,
          product_type: c.productType,
          product_name: c.company,
          price: null,
          message: list[0],
          errors: list.slice(1),
          delivery_estimate: null,
          delivery_instructions: [],
        });
      });
      if (!options.some((o) => o.errors.length === 0 && o.price != null) && Object.keys(failures).length)
        throw new AppError("upstream_failed", shippingMessages.quoteFailed, failures);
      return options;
    },
  };
}
